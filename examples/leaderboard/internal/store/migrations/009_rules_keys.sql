-- The solver site's variant (winnable) keeps a whole column out of an
-- empty one, so its records no longer play as Microsoft's and rank apart
-- ("... winnable", not "... microsoft"). Every stored record's ranking
-- key and identity are recomputed from its record after these statements,
-- as step 7 does (recomputeKeys), and ranking_keys counted again.
UPDATE records SET identity = 'rekeying ' || identity;
DELETE FROM ranking_keys;
