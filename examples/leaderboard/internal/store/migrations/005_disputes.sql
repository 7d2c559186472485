-- Disputes and the operator's commands.
-- A record that no longer verifies under its board's current policy
-- ("reverify --apply") is kept, but unranked: the reason, "" while ranked.
ALTER TABLE records ADD COLUMN unranked TEXT NOT NULL DEFAULT '';
-- A ranking page is one range of this index: ranked records that are no
-- copies, best score, fewest moves, first accepted.
DROP INDEX records_ranking;
CREATE INDEX records_ranking ON records (board, ranking_key, copy_of, unranked, score DESC, moves, id);

-- A record the operator removed ("remove ID --reason TEXT") is deleted
-- from records; this log keeps what it was and why.
CREATE TABLE removals (
    record_id BIGINT PRIMARY KEY,
    board TEXT NOT NULL,
    identity TEXT NOT NULL,
    player TEXT NOT NULL,
    reason TEXT NOT NULL,
    removed_ms BIGINT NOT NULL
);

-- A refused submission, kept for disputes on a board that keeps them
-- ("keepRefused"): its id (quoted by the player), the reason, the body as
-- posted, and when it may be purged.
CREATE TABLE refused (
    id TEXT PRIMARY KEY,
    board TEXT NOT NULL,
    reason TEXT NOT NULL,
    body {{blob}} NOT NULL,
    refused_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX refused_expires ON refused (expires_ms);
