-- Registered names are keyed by Unicode's full confusables (UTS #39), with
-- invisible characters dropped (nameSkeleton): every stored skeleton is
-- recomputed from its name after these statements (recomputeSkeletons in
-- identity.go), the first registered keeping a skeleton two names now
-- share, the later one keeping its old key apart (its name then answers
-- to the first). The skeletons are first set apart, so that no name takes
-- another's old skeleton while they are rekeyed one by one.
UPDATE players SET skeleton = 'rekeying ' || skeleton;
