-- Every accepted record in full, with what the service derived from it.
-- One schema for SQLite and PostgreSQL: {{id}} and {{blob}} are the only
-- words that differ (see dialect.go).
CREATE TABLE records (
    id {{id}},
    -- the board it was submitted to, and the ranking within it: the deal
    -- and the variant (codec.RankingKey), and that key with its case folded
    board TEXT NOT NULL,
    ranking_key TEXT NOT NULL,
    key_fold TEXT NOT NULL,
    -- "the same game" (codec.Identity): a board holds each game once
    identity TEXT NOT NULL,
    -- the Player tag as given, as shown (displayName), and as looked up
    player TEXT NOT NULL,
    display TEXT NOT NULL,
    player_key TEXT NOT NULL,
    -- the verifier's verdict and its recomputed result
    status TEXT NOT NULL,
    score BIGINT NOT NULL,
    moves BIGINT NOT NULL,
    time_ms BIGINT NOT NULL,
    won INTEGER NOT NULL,
    -- the record in its binary form (.spdz) and the report as JSON
    record {{blob}} NOT NULL,
    report TEXT NOT NULL,
    -- when it was accepted, in Unix milliseconds
    submitted_ms BIGINT NOT NULL,
    UNIQUE (board, identity)
);

-- A ranking page is one range of this index: best score, fewest moves,
-- shortest verified time, first submitted.
CREATE INDEX records_ranking ON records (board, ranking_key, score DESC, moves, time_ms, id);
CREATE INDEX records_key_fold ON records (board, key_fold);
CREATE INDEX records_player ON records (player_key, id);
