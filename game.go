package spider

import "iter"

// Outcome says how a game stands. The zero value Playing means it goes on.
type Outcome uint8

const (
	// Playing: the game goes on.
	Playing Outcome = iota
	// Won: all eight runs have left the table.
	Won
	// Resigned: the player ended the game.
	Resigned
)

// String returns "playing", "won" or "resigned".
func (o Outcome) String() string {
	switch o {
	case Won:
		return "won"
	case Resigned:
		return "resigned"
	}
	return "playing"
}

// Counters are a game's tallies.
type Counters struct {
	// Moves is the move counter players see: moves and deals (unless
	// Rules.DealNotMove), as the undo rule restores or extends it.
	Moves int
	// Actions counts every action applied, undo, hint and resign included.
	Actions int
	// Deals, Flips, Undos and Hints count actions of that kind applied;
	// undo never takes them back.
	Deals, Flips, Undos, Hints int
}

// Game is a position with its score, counters and history: what undo needs,
// and where undo policies and per-action costs live. A Game is an immutable
// value: Apply returns a new Game and leaves the receiver as it was, and
// games that share a history share it safely, across goroutines too.
//
// The zero Game has no cards; build one with NewGame.
type Game struct {
	pos      Position
	scoring  Scoring
	score    int
	count    Counters
	outcome  Outcome
	hist     *frame // the game before each undoable action, newest first
	undoable int    // how many frames undo may still pop
}

// frame is the game as it stood before an action that undo can take back.
type frame struct {
	prev   *frame
	action Action
	pos    Position
	score  int
	moves  int
}

// NewGame starts a game of deal d under the variant's rules and scoring.
// The error wraps ErrBadDeal when d cannot be played.
func NewGame(d Deal, v Variant) (Game, error) {
	p, err := NewPosition(d, v.Rules)
	if err != nil {
		return Game{}, err
	}
	return StartGame(p, v.Scoring), nil
}

// StartGame starts a game from position p (its rules included) with the
// given scoring, as if no action had been played yet.
func StartGame(p Position, s Scoring) Game {
	g := Game{pos: p, scoring: s, score: s.Start}
	if p.Won() {
		g.outcome = Won
	}
	return g
}

// Position returns the table as it stands.
func (g Game) Position() Position { return g.pos }

// Rules returns the game's rules.
func (g Game) Rules() Rules { return g.pos.rules }

// Scoring returns the game's scoring scheme.
func (g Game) Scoring() Scoring { return g.scoring }

// Score returns the score as the player sees it (the floor applied).
func (g Game) Score() int { return g.scoring.shown(g.score) }

// Counters returns the game's tallies.
func (g Game) Counters() Counters { return g.count }

// Moves returns the move counter (see Counters.Moves).
func (g Game) Moves() int { return g.count.Moves }

// Outcome says whether the game goes on, is won or was resigned.
func (g Game) Outcome() Outcome { return g.outcome }

// Won reports whether all eight runs have left the table.
func (g Game) Won() bool { return g.outcome == Won }

// Check reports whether action a is legal now, and if not, why (a sentinel
// error usable with errors.Is).
func (g Game) Check(a Action) error {
	_, err := g.Apply(a)
	return err
}

// Apply returns the game after action a, or g itself and the reason a is
// illegal. g never changes.
func (g Game) Apply(a Action) (Game, error) {
	if g.outcome != Playing {
		allowed := g.outcome == Won && g.pos.rules.PlayAfterWin && (a == Undo || a == Hint)
		if !allowed {
			return g, ErrGameOver
		}
	}
	switch a {
	case Undo:
		return g.undo()
	case Hint:
		if g.pos.rules.NoHints {
			return g, ErrHintOff
		}
		h := g
		h.score = g.scoring.add(g.score, g.scoring.Hint)
		h.count.Hints++
		h.count.Actions++
		return h, nil
	case Resign:
		h := g
		h.outcome = Resigned
		h.count.Actions++
		return h, nil
	}
	if a.Kind() == KindUndo || a.Kind() == KindHint || a.Kind() == KindResign {
		return g, ErrUnknownKind // stray bits in an argument-less action
	}
	p, e, err := g.pos.Step(a)
	if err != nil {
		return g, err
	}
	h := g
	h.pos = p
	h.hist = &frame{prev: g.hist, action: a, pos: g.pos, score: g.score, moves: g.count.Moves}
	if limit := g.pos.rules.Undo.Limit; limit <= 0 || h.undoable < limit {
		h.undoable++
	}
	delta := g.scoring.Points(a.Kind(), e)
	if p.Won() {
		h.outcome = Won
		delta += g.scoring.Win
	}
	h.score = g.scoring.add(g.score, delta)
	h.count.Actions++
	switch a.Kind() {
	case KindMove:
		h.count.Moves++
	case KindDeal:
		h.count.Deals++
		if !g.pos.rules.DealNotMove {
			h.count.Moves++
		}
	case KindFlip:
		h.count.Flips++
	}
	return h, nil
}

func (g Game) undo() (Game, error) {
	u := g.pos.rules.Undo
	f := g.hist
	switch {
	case u.Off:
		return g, ErrUndoOff
	case f == nil:
		return g, ErrNothingUndo
	case g.undoable == 0:
		return g, ErrUndoLimit
	case u.NoDeals && f.action.Kind() == KindDeal:
		return g, ErrUndoDeal
	case u.NoFlips && f.action.Kind() == KindFlip:
		return g, ErrUndoFlip
	}
	h := g
	h.pos = f.pos
	// What the player saw stays known.
	h.pos.seen[0] |= g.pos.seen[0]
	h.pos.seen[1] |= g.pos.seen[1]
	h.hist = f.prev
	h.undoable--
	h.outcome = Playing
	if !u.KeepScore {
		h.score = f.score
	}
	h.score = g.scoring.add(h.score, g.scoring.Undo)
	if !u.KeepMoves {
		h.count.Moves = f.moves
	}
	if u.CountsAsMove {
		h.count.Moves++
	}
	h.count.Undos++
	h.count.Actions++
	return h, nil
}

// CanUndo reports whether Undo is legal now.
func (g Game) CanUndo() bool { return g.Check(Undo) == nil }

// History returns the table actions that led to the current position and
// that undo could walk back through, oldest first (undone actions are not
// in it). It is a fresh slice.
func (g Game) History() []Action {
	var out []Action
	for f := g.hist; f != nil; f = f.prev {
		out = append(out, f.action)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Legal yields every legal action: the table actions of the position (see
// Position.Legal), then Undo, Hint and Resign when the rules allow them.
func (g Game) Legal() iter.Seq[Action] {
	return func(yield func(Action) bool) {
		if g.outcome == Playing {
			for a := range g.pos.Legal() {
				if !yield(a) {
					return
				}
			}
		}
		for _, a := range []Action{Undo, Hint, Resign} {
			if g.Check(a) == nil && !yield(a) {
				return
			}
		}
	}
}
