package spider

import (
	"fmt"
	"strings"
)

// GroupRule says which groups of cards move together. The zero value is
// GroupClassic.
type GroupRule uint8

const (
	// GroupClassic moves a group only as a same-suit descending run.
	GroupClassic GroupRule = iota
	// GroupRelaxed moves any descending run, suits mixed.
	GroupRelaxed
)

// String returns "classic" or "relaxed".
func (g GroupRule) String() string {
	if g == GroupRelaxed {
		return "relaxed"
	}
	return "classic"
}

// DealRule says when a row may be dealt from the stock. The zero value is
// DealStrict. A deal is always refused once the stock is empty.
type DealRule uint8

const (
	// DealStrict refuses a deal while any column is empty.
	DealStrict DealRule = iota
	// DealAnytime deals even onto empty columns (the duel game).
	DealAnytime
)

// String returns "strict" or "anytime".
func (d DealRule) String() string {
	if d == DealAnytime {
		return "anytime"
	}
	return "strict"
}

// FlipRule says how a face-down card at the top of a column turns over. The
// zero value is FlipAuto.
type FlipRule uint8

const (
	// FlipAuto turns it over at once.
	FlipAuto FlipRule = iota
	// FlipManual leaves it to the player's Flip action; meanwhile the column
	// takes any card or movable group, like an empty one (the duel game).
	FlipManual
)

// String returns "auto" or "manual".
func (f FlipRule) String() string {
	if f == FlipManual {
		return "manual"
	}
	return "auto"
}

// UndoRule says what undo may do. The zero value is unlimited undo through
// everything, restoring the score and move count as they were (the unlimited-undo app).
type UndoRule struct {
	// Off disables undo.
	Off bool
	// Limit is how many actions back undo reaches; 0 means no limit.
	Limit int
	// NoDeals makes deals final: a deal cannot be undone, nor anything before it.
	NoDeals bool
	// NoFlips makes manual flips final in the same way.
	NoFlips bool
	// KeepScore leaves the score as it is on undo instead of restoring the
	// score from before the undone action, less the bonus the undone action
	// earned (runs, cards turned over, same-suit placements, the win), so
	// that redoing it pays no more than once; never above what restoring
	// gives. The undo's own cost applies either way.
	KeepScore bool
	// KeepMoves leaves the move counter as it is on undo instead of restoring it.
	KeepMoves bool
	// CountsAsMove adds one to the move counter for each undo.
	CountsAsMove bool
}

// Rules are the settings that change what is legal and what is counted. Rules
// is a small comparable value; the zero value is standard Spider: classic
// groups, no deal onto an empty column, automatic flips, unlimited undo that
// restores score and moves, hints allowed, deals counted as moves, nothing
// after a win.
type Rules struct {
	Group GroupRule
	Deal  DealRule
	Flip  FlipRule
	Undo  UndoRule
	// NoHints refuses the Hint action (the floor app has none).
	NoHints bool
	// DealNotMove keeps deals out of the move counter.
	DealNotMove bool
	// FlipIsMove counts a flip in the move counter, as a host of the duel
	// game may, where the player turns cards over himself and each action
	// costs a point. What a flip scores is still Scoring.Flip.
	FlipIsMove bool
	// HintIsMove counts a hint in the move counter, as a host of the free
	// site with costly undo and hints may, where a hint is a "coup". An undo
	// that restores the move counter leaves the hints asked since counted,
	// as it leaves their cost paid.
	HintIsMove bool
	// PlayAfterWin allows undo (and hint) after the eighth run has left;
	// otherwise a won game refuses every action.
	PlayAfterWin bool
	// SweepFaceDown removes a King-to-Ace run of one suit at the top of a
	// column even when some of its cards are face down, as lklynet's engine
	// does (its check never looks at face-up status): a face-down King under
	// a face-up Queen-to-Ace leaves with them. Only the lklynet variant sets it.
	SweepFaceDown bool
	// LoseWhenStuck makes a game Lost when the stock is empty and no move
	// is left, as the free site says; an undo takes it back to Playing.
	// Without it, such a game is Playing while an undo is legal (and
	// Blocked once none is). The gratuit variant sets it; lklynet's engine
	// has no lost game.
	LoseWhenStuck bool
	// NoWholeColumnToEmpty refuses a move of a whole column (every card of
	// it, none face down) into an empty column, as the solver site says:
	// such a move changes nothing but the column's place. The winnable
	// variant sets it. Tap and Suggest never propose such a move under any
	// rules.
	NoWholeColumnToEmpty bool
	// TimeLimitMs is the game's time in milliseconds (0: none), as the
	// duel game shows the time left. It holds for a timed game (each
	// action's time given, Game.ApplyAt): an action after the limit is
	// refused (ErrTimeUp), and the game is over at it (Outcome TimeUp).
	// An untimed game has no clock to judge (a host that wants one
	// requires times in its policy). The duel variant sets 15 minutes
	// (docs/variants.md says why); records hold limits up to 16,777,216 ms
	// (about 4.6 hours).
	TimeLimitMs int
	// Layout is how a game code's (or another program's) deck is laid
	// out at the start: LayoutStandard, or LayoutBicycle (ten columns of
	// five and a stock of 54), which the bicycle variant sets. A deal in
	// the standard shape (a code's, or an explicit one so laid out) is laid
	// out again (Deal.WithLayout); a deal of any other shape keeps it.
	Layout Layout
}

// String describes the rules in one line, such as
// "classic, strict deal, auto flip, undo 100".
func (r Rules) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s deal, %s flip, ", r.Group, r.Deal, r.Flip)
	u := r.Undo
	switch {
	case u.Off:
		b.WriteString("no undo")
	case u.Limit > 0:
		fmt.Fprintf(&b, "undo %d", u.Limit)
	default:
		b.WriteString("unlimited undo")
	}
	if u.NoDeals && !u.Off {
		b.WriteString(", deals final")
	}
	if u.NoFlips && !u.Off {
		b.WriteString(", flips final")
	}
	if r.NoHints {
		b.WriteString(", no hints")
	}
	if r.FlipIsMove {
		b.WriteString(", flips are moves")
	}
	if r.HintIsMove {
		b.WriteString(", hints are moves")
	}
	if r.SweepFaceDown {
		b.WriteString(", face-down sweep")
	}
	if r.LoseWhenStuck {
		b.WriteString(", lost when stuck")
	}
	if r.NoWholeColumnToEmpty {
		b.WriteString(", no whole column to an empty one")
	}
	if r.TimeLimitMs > 0 {
		b.WriteString(", " + msWords(r.TimeLimitMs))
	}
	if r.Layout != LayoutStandard {
		b.WriteString(", " + r.Layout.String() + " layout")
	}
	return b.String()
}

// Variant names a game: its rules and its scoring scheme together.
type Variant struct {
	// Name is the stable identifier a record or the command line uses.
	Name string
	// Source names the game whose description the variant follows, as
	// docs/variants.md retells it ("the floor app", "the duel game").
	Source  string
	Rules   Rules
	Scoring Scoring
	// Tap is where the game sends a tapped (or double-clicked) group
	// first (Position.Tap's order): its own suit first in the floor app
	// and on the solver site, a completed run first elsewhere. It is
	// assistance, not a rule: records and policies never compare it.
	Tap TapOrder
}

// The names of the variants the SDK knows (Variants), one for each game
// the descriptions retold in docs/variants.md describe; each is a variant:
// rules and scoring set together. Classic groups are the default in each;
// a game code's rule letter (C or R) sets Group.
const (
	// VariantApp is the floor app: 500 points, -1 per move and deal,
	// +100 per run, never below 0 at any step; undo reaches the last 100
	// actions and restores score and moves; no hints.
	VariantApp = "app"
	// VariantGratuit is spidergratuit.fr (the free site): moves, deals, undos and
	// hints each cost 1 point, +100 per run; unlimited undo.
	VariantGratuit = "gratuit"
	// VariantWinnable is the solver site (hint solver, winnable and daily
	// deals). Its text gives no score; Microsoft's scheme is used.
	VariantWinnable = "winnable"
	// VariantUnlimited is the unlimited-undo app: unlimited undo through deals
	// and removed runs, hints, cards once seen stay known.
	VariantUnlimited = "unlimited"
	// VariantDuel is the two-player duel game: deals onto empty
	// columns, flips are the player's action, deals and flips cannot be undone,
	// undo takes back only the last action, and the 2/2/26/100 scheme with
	// -1 per action.
	VariantDuel = "duel"
	// VariantMicrosoft is standard Spider with Microsoft's scoring: 500, -1 per
	// move, +100 per run.
	VariantMicrosoft = "microsoft"
	// VariantBicycle is the layout of the card maker Bicycle's rules: ten
	// columns of five, four face down, and a stock of 54, whose last four
	// cards go onto the first four columns; otherwise the standard rules
	// and Microsoft's scoring.
	VariantBicycle = "bicycle"
	// VariantLklynet is the server replay engine of lklynet/spider-solitaire,
	// the engine behind spidergratuit.fr: deals onto empty columns, free and
	// not counted as moves; runs swept even with face-down cards in them;
	// unlimited undo that restores the score but adds a move; free hints;
	// 500, -1 per move, +100 per run, no floor.
	VariantLklynet = "lklynet"
)

// DuelTimeLimitMs is the duel variant's time limit: 15 minutes.
const DuelTimeLimitMs = 15 * 60_000

// Variants returns every variant the SDK names, in a fixed order: the one
// list every other list of variants (errors, the command line's help,
// the JavaScript package's types) is derived from.
func Variants() []Variant {
	all := variants()
	return all[:]
}

// VariantNames returns the names of Variants, in its order, joined by
// ", ": for messages and help that list them.
func VariantNames() string {
	var b strings.Builder
	for i, v := range variants() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(v.Name)
	}
	return b.String()
}

// variants is Variants as an array, which ParseVariant reads without
// allocating.
func variants() [8]Variant {
	return [...]Variant{
		{Name: VariantApp, Source: "the floor app", Rules: Rules{Undo: UndoRule{Limit: 100}, NoHints: true}, Scoring: ScoringApp(), Tap: TapSuitFirst},
		{Name: VariantGratuit, Source: "the free site", Rules: Rules{LoseWhenStuck: true}, Scoring: ScoringGratuit()},
		{Name: VariantWinnable, Source: "the solver site", Rules: Rules{NoWholeColumnToEmpty: true}, Scoring: ScoringMicrosoft(), Tap: TapSuitFirst},
		{Name: VariantUnlimited, Source: "the unlimited-undo app", Rules: Rules{}, Scoring: ScoringMicrosoft()},
		{Name: VariantDuel, Source: "the duel game", Rules: Rules{
			Deal:        DealAnytime,
			Flip:        FlipManual,
			Undo:        UndoRule{Limit: 1, NoDeals: true, NoFlips: true, KeepScore: true, KeepMoves: true},
			TimeLimitMs: DuelTimeLimitMs,
		}, Scoring: ScoringDuel()},
		{Name: VariantMicrosoft, Source: "Microsoft's scoring", Rules: Rules{}, Scoring: ScoringMicrosoft()},
		{Name: VariantBicycle, Source: "Bicycle's rules", Rules: Rules{Layout: LayoutBicycle}, Scoring: ScoringMicrosoft()},
		{Name: VariantLklynet, Source: "the free site's engine", Rules: Rules{
			Deal:          DealAnytime,
			Undo:          UndoRule{KeepMoves: true, CountsAsMove: true},
			DealNotMove:   true,
			PlayAfterWin:  true,
			SweepFaceDown: true,
		}, Scoring: ScoringMicrosoft()},
	}
}

// ParseVariant returns the variant with the given name (case-insensitive,
// spaces around it ignored). The error wraps ErrUnknownVariant and lists
// the names there are.
func ParseVariant(name string) (Variant, error) {
	for _, v := range variants() {
		if strings.EqualFold(v.Name, strings.TrimSpace(name)) {
			return v, nil
		}
	}
	return Variant{}, ErrUnknownVariant.Detailf("unknown variant %s (known: %s)", Quote(name), VariantNames())
}

// MustVariant is ParseVariant for a name written in a program, such as
// MustVariant(VariantApp); it panics on a name that is not a variant's (a
// programmer's error).
func MustVariant(name string) Variant {
	v, err := ParseVariant(name)
	if err != nil {
		panic(err)
	}
	return v
}
