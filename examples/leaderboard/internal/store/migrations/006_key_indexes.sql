-- Each query reads one range of an index meant for it, whatever the size
-- of a board or of a ranking. The ranking keys of each board, with their
-- case folded and the count of their ranked entries (copies left out),
-- are kept by Add as records are accepted: GET /keys reads one range of
-- the primary key, and ResolveKey (the keys of a board that fold to one)
-- one range of ranking_keys_fold, instead of every record of the key.
CREATE TABLE ranking_keys (
    board TEXT NOT NULL,
    ranking_key TEXT NOT NULL,
    key_fold TEXT NOT NULL,
    entries BIGINT NOT NULL,
    PRIMARY KEY (board, ranking_key)
);
CREATE INDEX ranking_keys_fold ON ranking_keys (board, key_fold, ranking_key);
INSERT INTO ranking_keys (board, ranking_key, key_fold, entries)
    SELECT board, ranking_key, MIN(key_fold), COUNT(*) FROM records WHERE copy_of = 0 GROUP BY board, ranking_key;
-- records_key_fold served ResolveKey, which ranking_keys_fold serves now.
DROP INDEX records_key_fold;
