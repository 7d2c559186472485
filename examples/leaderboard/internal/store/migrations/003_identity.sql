-- The identity is the effective line (codec.Identity, "spider identity 2"):
-- the actions that stand once every undo is applied, without hints. The
-- identities of the stored records are recomputed from their records after
-- these statements (recomputeIdentities in identity.go); of records that
-- now share a board and an identity the first accepted keeps it, and each
-- later one becomes a copy: copy_of holds the first's id (0: no copy), its
-- identity gets " copy " and its own id, and rankings leave it out.
ALTER TABLE records ADD COLUMN copy_of BIGINT NOT NULL DEFAULT 0;
-- A ranking page is one range of this index: best score, fewest moves,
-- first accepted; copies are not ranked.
DROP INDEX records_ranking;
CREATE INDEX records_ranking ON records (board, ranking_key, copy_of, score DESC, moves, id);
