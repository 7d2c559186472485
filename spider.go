// Package spider is the rules of Spider Solitaire in every variant people
// play: cards, rule settings with named presets, reproducible deals and game
// codes, an immutable position and game, every legal action, undo and
// scoring.
//
// # A tour
//
// A game code names a deal; a Deal is a starting position; a Position is the
// table under a set of Rules; a Game adds the score, the counters, the
// history that undo needs and the log a record is made of.
//
//	code, err := spider.ParseCode("SP1-S4R-AAAAAAD") // 4 suits, relaxed, deal 3
//	v, err := spider.Preset(spider.PresetApp)         // the floor app's rules and scoring
//	g, err := code.NewGame(v)                         // with the code's group rule (R)
//	for a := range g.Legal() { ... }                  // every legal action
//	g, err = g.Apply(spider.MustAction("2a>d"))       // two cards from column a to d
//	if errors.Is(err, spider.ErrMixedSuits) { ... }   // refused, g unchanged
//	fmt.Println(g.Explain(spider.MustAction("2a>d"))) // why, in words
//	g, err = g.ApplyAt(spider.Undo, 1200)             // 1.2 s after the last action
//	fmt.Println(g.Score(), g.Moves(), g.Outcome())
//	rec, err := codec.GameRecord(g)                   // its record: every action, every claim
//
// Actions are written in the record notation everywhere (Action.String,
// ParseAction): "3a>c" moves three cards from column a to column c.
//
// Positions and games are values: Apply returns a new one and never changes
// its receiver, so any of them can be kept (for replay checkpoints, search,
// undo) and shared between goroutines; g.Apply(a) alone on a line does
// nothing. Position.Apply is the hot path: a fixed-size value, no
// pointers, no allocation.
//
// A Board is the same game changing in place, for a user interface (Push,
// Pop, Undo, Log). A Session is a mutable game for replaying many actions
// fast (the verifier's path). All three share one implementation of the
// rules.
//
// # Helping the player
//
// Position.Tap says where a tapped card goes, Position.Segments lists the
// drop targets of each movable group, Position.Suggest proposes a useful
// action (or the next step when nothing on the table is progress),
// Position.Status tells a won, stuck or really finished game, and
// Position.AutoComplete plays out a game whose cards are all face up. All of
// them use only what the player can see. Position.Key and
// Position.Resample serve search (package solve).
//
// # Cards and deals
//
// The 104 cards are 8 runs of 13 from King to Ace: 8 of spades with 1 suit,
// 4 of spades and 4 of hearts with 2, 2 of each suit with 4. A Card carries
// its rank, suit and copy number (which of the identical cards it is), and
// prints as "K♠" or, in other programs' notation, "Ks". NumberDeal documents
// the shuffle behind game codes step by step; Deal accepts any other
// program's layout too (see Deal).
//
// # Actions
//
// An Action is a small comparable value: Move(from, to, count), DealRow,
// Flip(column), Undo, Hint, Resign. Columns are numbered 0 to 9 (the record
// notation writes them a to j). Check says why an action is illegal with one
// of the Err... values, whose messages are short sentences for players.
//
// # Perft
//
// perft(n) of a position is the number of leaves of the tree of legal table
// actions n deep, as chess engines count theirs to check their move
// generators. Precisely: perft(0) = 1; perft(n) of a won position (the
// eighth run has left) is 0 for n > 0; otherwise perft(n) is the sum, over
// every legal table action a of the position, of perft(n-1) of the
// position after a. The table actions are:
//
//   - every legal move of a group: each source column, each group size from
//     1 to the number of cards that move together there (Position.Movable),
//     and each target column that takes the group (a card one rank higher,
//     an empty column, or under manual flipping a column showing only
//     face-down cards), each size and target separately, empty targets
//     included; a run completed by the move leaves, and a card left face
//     down on top turns over (under automatic flipping), as part of the
//     move;
//   - the deal, when the rules allow it (runs it completes leave as part of
//     it);
//   - under manual flipping, the flip of each column whose top card is
//     face down.
//
// Undo, hints and resigning are never counted. The rules are the
// position's own (Position.Rules). Perft counts in bulk at the last ply;
// PerftDivide gives the count under each first action, to find where two
// engines disagree. testdata/perft holds a published table of positions
// and counts.
//
// # Rules the game descriptions leave open
//
// Where the game descriptions (docs/variants.md retells them) are silent or
// disagree, the choice is a setting; the defaults and presets follow the
// reading the text supports best:
//
//   - Groups: Classic by default (the floor app: "Classique, celle de l'app par
//     défaut"); Relaxed is the code letter R. A single card goes on any card
//     one rank higher whatever the rule.
//   - Dealing with an empty column: refused (the floor app, the solver site and the unlimited-undo app) unless
//     DealAnytime (the duel game: "prendre à tout moment de nouvelles cartes").
//     The free site's text (spidergratuit.fr) does not say; its preset refuses,
//     as every other description of the table game does.
//   - Flipping: automatic (the four single-player games) or the player's Flip (the duel game,
//     "n'est pas obligé de tirer la carte supérieure"), where a column
//     showing only face-down cards takes any card or group ("Si aucune carte
//     retournée ne se trouvait sur le tas visé...").
//   - Completed runs: checked on the target column after a move, on every
//     column after a deal, on the flipped column after a flip; never mixed
//     suits (the floor app and the unlimited-undo app say so for both rules).
//   - Undo: the floor app keeps 100 actions and restores score and moves; the unlimited-undo app
//     is unlimited through deals and removed runs, and what was seen stays
//     known; the duel game takes back only "la dernière frappe" and never a deal
//     or a flip, so its undo keeps the score and costs a point like any
//     action. The free site charges 1 per undo; its undo restores the score from
//     before the undone action, then charges.
//   - The move counter counts moves and deals, not runs leaving (the floor app);
//     hints, flips and undos are counted apart (Counters).
//   - Flips and hints are not moves by default: the app with the 500-point
//     floor counts "les déplacements et les distributions", and no text shows
//     either in a move counter. Rules.FlipIsMove is the other reading of the
//     duel game, where the player turns cards over himself and "Pour chaque
//     action que fait le joueur, un point lui est retiré"; Rules.HintIsMove
//     that of the free site with costly undo and hints, where "Chaque coup (y
//     compris distribuer, annuler et demander un indice) coûte 1 point" makes
//     a hint a coup. Either way a flip scores Scoring.Flip and a hint
//     Scoring.Hint.
//   - Scores: the floor app floors at 0 "at every step" (FloorEachStep: its example
//     won "sans que le score touche zéro"); FloorTotal is the other reading.
//     FloorEachEvent clamps after each score event of an action (its cost,
//     then its bonuses): a move played at 0 that completes a run gives 100,
//     where FloorEachStep gives 99 (-1 and +100 added, then clamped). The
//     app's default stays FloorEachStep: its text ties the run to the move
//     ("une suite retirée revient avec le coup qui l'a formée"), one step,
//     and its example never touches 0, so nothing in it asks for the other.
//     A start below a floor that holds at each step or event starts at the
//     floor.
//   - An undo never pays: one that keeps the score (Undo.KeepScore, the
//     duel game's) keeps the costs paid but takes back the bonus of what it
//     undoes (runs, cards turned over, same-suit placements, the win),
//     never leaving more than restoring would; otherwise a run completed,
//     undone and completed again would pay again and again. No undo gives
//     back what a hint cost: one that restores the score restores it less
//     the hints asked since (the free site charges every coup, hints
//     included, and Counters.Hints is never taken back). So a game never
//     scores more than its effective line, the same game without each
//     undone action and its undo, whatever the settings (as long as undo
//     costs nothing or loses points).
//     The duel game pays its +2 per card for each card of a same-suit run moved
//     onto its suit ("2 points par carte"); SameSuitOnce pays once a move.
//     The duel game's "-1 per action" covers moves, deals, flips and undos.
//   - After a win every action is refused (the unlimited-undo app: "Le jeu ne termine
//     jamais la partie à votre place" concerns losing, and a won table has no
//     card left); PlayAfterWin allows undo and hints.
//   - Hints are allowed except in the floor app ("Pas d'indice ni de
//     solveur").
//   - A deal must have its top cards face up; copies of a card are numbered in
//     deal order (columns 1 to 10 from the bottom, then the stock).
package spider
