-- Registered players and the tickets of server-dealt games.
-- A registered name: as registered (its PRECIS form), and its skeleton
-- (canonicalName's key), which no other name may share. The token is kept
-- only as its SHA-256, in hex.
CREATE TABLE players (
    skeleton TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    rotated_ms BIGINT NOT NULL
);

-- A ticket is used by the one record it admitted.
CREATE TABLE tickets_used (
    ticket TEXT PRIMARY KEY,
    board TEXT NOT NULL,
    record_id BIGINT NOT NULL,
    used_ms BIGINT NOT NULL
);

-- Whether a record's name was registered and its token given (1), or the
-- name is an anonymous one a board allows (0).
ALTER TABLE records ADD COLUMN verified INTEGER NOT NULL DEFAULT 0;
