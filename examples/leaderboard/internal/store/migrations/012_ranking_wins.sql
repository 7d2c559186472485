-- A board may rank won games first (config.RankWins, the free site's
-- order): its ranking page is one range of this index, as records_ranking
-- serves the others.
CREATE INDEX records_ranking_wins ON records (board, ranking_key, copy_of, unranked, won DESC, score DESC, moves, id);
