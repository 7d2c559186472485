-- The duel tables: a table's rules and deal, its two seats (each a
-- registered player's game, verified live), every action as it was
-- acknowledged, the invitations, and each player's friends and ignored
-- players. Players are keyed by their registered skeleton.
-- A table: the board whose rules it has (its policy as it was when the
-- table opened, so that a reload does not change a game in play), the
-- variant and its clock (limit_ms), the game code dealt, who opened
-- it; status open (a seat is free), full (both taken) or ended (judged,
-- or closed without a second player); deadline_ms, while open, is when
-- it closes without one; result is the duel's verdict as JSON ('' until
-- then), winner its seat (-1: none).
CREATE TABLE duel_tables (
    id {{id}},
    board TEXT NOT NULL,
    variant TEXT NOT NULL,
    limit_ms BIGINT NOT NULL,
    suits INTEGER NOT NULL,
    deal TEXT NOT NULL,
    policy TEXT NOT NULL,
    opener TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    deadline_ms BIGINT NOT NULL,
    status TEXT NOT NULL,
    ended_ms BIGINT NOT NULL DEFAULT 0,
    winner INTEGER NOT NULL DEFAULT -1,
    result TEXT NOT NULL DEFAULT ''
);
CREATE INDEX duel_tables_status ON duel_tables (status, id);
CREATE INDEX duel_tables_deadline ON duel_tables (status, deadline_ms);

-- A seat: its player (skeleton and name as registered); the ticket of its
-- game and when its clock started (0: not yet); the actions stored, the
-- sum of their times, the score, runs completed and outcome after the
-- last; ended_ms (0:
-- playing), left (its player left the table) and the whole record once
-- ended; deadline_ms, while not ended, is when the sweeper ends it (not
-- started: the table's wait; started: its clock's limit and the lag);
-- closed once its table has ended (a player sits at a bounded number of
-- tables not closed).
CREATE TABLE duel_seats (
    table_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    joined_ms BIGINT NOT NULL,
    ticket TEXT NOT NULL DEFAULT '',
    started_ms BIGINT NOT NULL DEFAULT 0,
    actions INTEGER NOT NULL DEFAULT 0,
    claimed_ms BIGINT NOT NULL DEFAULT 0,
    score INTEGER NOT NULL DEFAULT 0,
    runs INTEGER NOT NULL DEFAULT 0,
    outcome TEXT NOT NULL DEFAULT 'playing',
    deadline_ms BIGINT NOT NULL,
    ended_ms BIGINT NOT NULL DEFAULT 0,
    left_table INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0,
    record {{blob}},
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX duel_seats_player ON duel_seats (player, closed, table_id);
CREATE INDEX duel_seats_due ON duel_seats (ended_ms, deadline_ms);

-- Every acknowledged action of a seat, in order: the action as the SDK
-- writes it, its time (ms since the one before, as kept), the score after.
CREATE TABLE duel_actions (
    table_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    ms BIGINT NOT NULL,
    score INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat, idx)
);

-- An invitation to a table; hidden when the invitee ignores the inviter
-- (kept, so that it counts against the inviter's rate, never shown);
-- answer '' (waiting), accepted or declined.
CREATE TABLE duel_invitations (
    id {{id}},
    table_id BIGINT NOT NULL,
    inviter TEXT NOT NULL,
    invitee TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    hidden INTEGER NOT NULL DEFAULT 0,
    answer TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX duel_invitations_once ON duel_invitations (table_id, invitee);
CREATE INDEX duel_invitations_inviter ON duel_invitations (inviter, created_ms);
CREATE INDEX duel_invitations_invitee ON duel_invitations (invitee, answer, id);

-- A player's friends and ignored players (list 'friends' or 'ignored').
CREATE TABLE duel_contacts (
    player TEXT NOT NULL,
    list TEXT NOT NULL,
    other TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (player, list, other)
);

-- Each player's games at tables (seats ended) and duels won, lost and
-- drawn, counted as they end, and their best score for each variant and
-- suit count (the table of that game): a player's page reads one row and
-- one range.
CREATE TABLE duel_players (
    player TEXT PRIMARY KEY,
    games BIGINT NOT NULL DEFAULT 0,
    won BIGINT NOT NULL DEFAULT 0,
    lost BIGINT NOT NULL DEFAULT 0,
    drawn BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE duel_best (
    player TEXT NOT NULL,
    variant TEXT NOT NULL,
    suits INTEGER NOT NULL,
    score INTEGER NOT NULL,
    table_id BIGINT NOT NULL,
    PRIMARY KEY (player, variant, suits)
);
