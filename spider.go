// Package spider is the rules of Spider Solitaire in every variant people
// play: cards, rule settings with named variants, reproducible deals and game
// codes, an immutable position and game, every legal action with the reason
// any other is refused, undo and scoring.
//
// # A tour
//
// A game code names a deal; a Deal is a starting position; a Position is the
// table under a set of Rules; a Game adds the score, the counters, the
// history that undo needs and the log a record is made of.
//
//	code, err := spider.ParseCode("SP1-S4R-AAAAAAD")  // 4 suits, relaxed, deal 3
//	g, err := code.NewGame(spider.MustVariant("app"))  // the floor app's rules and scoring
//	for a := range g.Legal() { ... }                   // every legal action
//	g, err = g.Apply(spider.MustAction("2a>d"))        // two cards from column a to d
//	if errors.Is(err, spider.ErrMixedSuits) { ... }    // refused, g unchanged
//	fmt.Println(err)                                   // the player's sentence, with the cards
//	g, err = g.ApplyAt(spider.Undo, 1200)              // 1.2 s after the last action
//	fmt.Println(g.Score(), g.Moves(), g.Outcome())     // 500 0 playing
//	rec, err := codec.GameRecord(g)                    // its record: every action, every claim
//
// Actions are written in the record notation everywhere (Action.String,
// ParseAction): "3a>c" moves three cards from column a to column c, "d"
// deals a row, "fa" turns column a's card over, "u" undoes, "h" asks for a
// hint, "x" resigns.
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
// rules. A game keeps a time for every action (ApplyAt, PushAt) or for
// none, so that its record never loses them.
//
// # How a game stands
//
// Game.Outcome says playing, won, resigned or blocked (the rules leave no
// move, deal or undo). Position.Suggest's "nothing on the table is
// progress" is advice, never an outcome.
//
// # Helping the player
//
// Position.Tap says where a tapped card goes, Position.Segments lists the
// drop targets of each movable group, Position.Suggest proposes a useful
// action (or the next step when nothing on the table is progress), and
// Position.AutoComplete plays out a game whose cards are all face up. All of
// them use only what the player can see. Position.Key and Position.Resample
// serve search (packages solve and hint).
//
// # Errors
//
// Every error is an *Error with a stable code (CodeOf) or wraps one. A
// refused action is a *Refusal: its Error is the sentence for the player
// ("a>b refused: 6♠ needs a 7 to go on; column b shows 2♦") and errors.Is
// matches the rule it breaks (ErrRank).
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
// # Variants
//
// Rules and Scoring are plain comparable settings; Variant names the
// combinations of the games the SDK's rules come from. docs/variants.md
// retells each game and says, for every point the descriptions leave open,
// which reading the defaults take and why.
package spider
