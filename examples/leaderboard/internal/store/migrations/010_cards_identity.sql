-- A game's identity is its starting cards, however its deal is spelled
-- (codec.Identity, "spider identity 3", codec.CardsKey): a game code and
-- the position it deals, two lklynet seeds that hash alike are one game.
-- Every stored record's identity (and ranking key, which is unchanged) is
-- recomputed from its record after these statements, as step 7 does
-- (recomputeKeys): of a board's records that now share an identity the
-- first accepted keeps it and the later ones become its copies, and
-- ranking_keys is counted again without them.
UPDATE records SET identity = 'rekeying ' || identity;
DELETE FROM ranking_keys;
