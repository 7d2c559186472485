-- Another program's game is keyed by its one spelling ("kpat 0123
-- suits=4" and "kpat 123" are one game: codec.RankingKey and
-- codec.Identity). Every stored record's ranking key and identity are
-- recomputed from its record after these statements (recomputeKeys in
-- identity.go), copies found as step 3 finds them, and ranking_keys
-- counted again. The identities are first set apart, so that no record
-- takes another's old identity while the records are rekeyed one by one.
UPDATE records SET identity = 'rekeying ' || identity;
DELETE FROM ranking_keys;
