-- The game's outcome in the SDK's words (playing, won, resigned, blocked),
-- read back from the stored reports: older reports wrote it at the top
-- level, newer ones inside their result. {{outcome_of_report}} is the
-- dialect's way of reading JSON (see dialect.go).
ALTER TABLE records ADD COLUMN outcome TEXT NOT NULL DEFAULT '';
UPDATE records SET outcome = COALESCE({{outcome_of_report}}, CASE WHEN won = 1 THEN 'won' ELSE 'playing' END);
