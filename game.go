package spider

import (
	"fmt"
	"iter"
	"strings"
)

// Outcome says how a game stands. The zero value Playing means it goes on.
// It is the rules' verdict: "nothing on the table is progress" is the
// hint's to say (Suggestion), never an outcome.
type Outcome uint8

const (
	// Playing: the game goes on.
	Playing Outcome = iota
	// Won: all eight runs have left the table.
	Won
	// Resigned: the player ended the game.
	Resigned
	// Blocked: the rules leave no move, deal or undo (asking for a hint or
	// resigning may still be legal), so the game cannot go on.
	Blocked
	// Lost: under Rules.LoseWhenStuck, the stock is empty and no move is
	// left. Undo (where the rules allow one) takes the game back to
	// Playing, as the free site suggests; a hint and resigning may still
	// be legal.
	Lost
	// TimeUp: under Rules.TimeLimitMs, the game's time has run out (its
	// actions' times add up to the limit). Nothing more is legal; a client
	// whose clock reaches the limit records it with Game.TimeOut.
	TimeUp
)

// outcomeWords are the outcomes' words, the same in every form: records,
// reports, JSON answers and JavaScript.
var outcomeWords = [...]string{Playing: "playing", Won: "won", Resigned: "resigned", Blocked: "blocked", Lost: "lost", TimeUp: "time-up"}

// String returns "playing", "won", "resigned", "blocked", "lost" or
// "time-up".
func (o Outcome) String() string {
	if int(o) < len(outcomeWords) {
		return outcomeWords[o]
	}
	return fmt.Sprintf("outcome(%d)", uint8(o))
}

// Valid reports whether o is one of the outcomes.
func (o Outcome) Valid() bool { return int(o) < len(outcomeWords) }

// OutcomeWords lists the outcomes' words for messages: "playing, won,
// resigned, blocked, lost or time-up".
func OutcomeWords() string {
	return strings.Join(outcomeWords[:len(outcomeWords)-1], ", ") + " or " + outcomeWords[len(outcomeWords)-1]
}

// Ended reports whether the game is over: won, resigned, blocked, lost or
// out of time (a lost game may still be undone).
func (o Outcome) Ended() bool { return o != Playing }

// ParseOutcome reads an outcome's word (String's). Records written before
// the word "playing" said "open", which it reads as Playing too.
func ParseOutcome(s string) (Outcome, error) {
	for o, w := range outcomeWords {
		if s == w {
			return Outcome(o), nil
		}
	}
	if s == "open" {
		return Playing, nil
	}
	return Playing, ErrBadOutcome.Detailf("outcome %s is not %s", Quote(s), OutcomeWords())
}

// MarshalText writes the outcome's word.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an outcome's word (ParseOutcome).
func (o *Outcome) UnmarshalText(b []byte) error {
	v, err := ParseOutcome(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// Counters are a game's tallies.
type Counters struct {
	// Moves is the move counter players see: moves and deals (unless
	// Rules.DealNotMove), as the undo rule restores or extends it.
	Moves int `json:"moves"`
	// Actions counts every action applied, undo, hint and resign included.
	Actions int `json:"actions"`
	// Deals, Flips, Undos and Hints count actions of that kind applied;
	// undo never takes them back.
	Deals int `json:"deals"`
	Flips int `json:"flips"`
	Undos int `json:"undos"`
	Hints int `json:"hints"`
}

// String writes the tallies with their names: "moves 12, actions 15,
// deals 1, flips 0, undos 2, hints 0".
func (c Counters) String() string {
	return fmt.Sprintf("moves %d, actions %d, deals %d, flips %d, undos %d, hints %d", c.Moves, c.Actions, c.Deals, c.Flips, c.Undos, c.Hints)
}

// state is everything a game is at one moment, apart from its history: a
// fixed-size value with no pointers, shared by Game and Session so that both
// follow exactly the same rules.
type state struct {
	pos      Position
	scoring  Scoring
	score    int // running score, clamped at each step when the floor says so
	count    Counters
	outcome  Outcome
	undoable int // how many history entries undo may still take back
	// last is the kind of the newest table action still standing (NoKind
	// for none), so that a game without its history (a Session's replay)
	// still knows whether undo could take it back.
	last Kind
}

// snapshot is what undo needs of the state before a table action.
type snapshot struct {
	action Action
	last   Kind // state.last before the action (in action's padding)
	table  table
	score  int
	moves  int
	hints  int // hints asked before the action
	undos  int // undos before the action
	bonus  int // the points the action's effects earned (see Scoring.score)
}

func startState(p Position, s Scoring) state {
	// A start below a floor that holds at each step starts at the floor,
	// so that the running score is never below it.
	st := state{pos: p, scoring: s, score: s.add(s.Start, 0)}
	if p.Won() {
		st.outcome = Won
	}
	return st
}

// play applies any action but Undo. It reports whether the action changed
// the table (and so goes into the history: before, when not nil, receives
// what undo needs), or why it is illegal, leaving s as it was.
func (s *state) play(a Action, before *snapshot) (bool, error) {
	if s.outcome != Playing && !(s.outcome == Won && s.pos.rules.PlayAfterWin && a == Hint) {
		return false, ErrGameOver
	}
	switch a {
	case Hint:
		if s.pos.rules.NoHints {
			return false, ErrHintOff
		}
		s.score = s.scoring.add(s.score, s.scoring.Hint)
		s.count.Hints++
		s.count.Actions++
		if s.pos.rules.HintIsMove {
			s.count.Moves++
		}
		return false, nil
	case Resign:
		s.outcome = Resigned
		s.count.Actions++
		return false, nil
	}
	switch a.Kind() {
	case KindUndo, KindHint, KindResign:
		return false, ErrUnknownKind // stray bits in an argument-less action
	}
	if before != nil {
		before.action, before.table, before.score, before.moves, before.hints, before.undos, before.last = a, s.pos.table, s.score, s.count.Moves, s.count.Hints, s.count.Undos, s.last
	}
	var e Effects
	if err := s.pos.apply(a, &e); err != nil {
		return false, err
	}
	if limit := s.pos.rules.Undo.Limit; limit <= 0 || s.undoable < limit {
		s.undoable++
	}
	s.last = a.Kind()
	won := s.pos.runs == 8
	if won {
		s.outcome = Won
	}
	var bonus int
	s.score, bonus = s.scoring.score(s.score, a.Kind(), e, won)
	if before != nil {
		before.bonus = bonus
	}
	s.count.Actions++
	switch a.Kind() {
	case KindMove:
		s.count.Moves++
	case KindDeal:
		s.count.Deals++
		if !s.pos.rules.DealNotMove {
			s.count.Moves++
		}
	case KindFlip:
		s.count.Flips++
		if s.pos.rules.FlipIsMove {
			s.count.Moves++
		}
	}
	return true, nil
}

// checkUndo says whether undo may take back top, the newest history entry
// (nil when the history is empty).
func (s *state) checkUndo(top *snapshot) error {
	kind := NoKind
	if top != nil {
		kind = top.action.Kind()
	}
	return s.checkUndoOf(kind)
}

// checkUndoOf says whether undo may take back the newest table action,
// of that kind (NoKind when there is none).
func (s *state) checkUndoOf(kind Kind) error {
	u := s.pos.rules.Undo
	switch {
	case s.outcome != Playing && !(s.outcome == Won && s.pos.rules.PlayAfterWin):
		return ErrGameOver
	case u.Off:
		return ErrUndoOff
	case kind == NoKind:
		return ErrNothingUndo
	case s.undoable == 0:
		return ErrUndoLimit
	case u.NoDeals && kind == KindDeal:
		return ErrUndoDeal
	case u.NoFlips && kind == KindFlip:
		return ErrUndoFlip
	}
	return nil
}

// blocked reports whether the rules leave no move, deal or undo: the
// newest table action standing (s.last) is what undo would take back.
func (s *state) blocked() bool {
	return s.outcome == Playing && s.checkUndoOf(s.last) != nil && !s.pos.anyLegal() // undo's check first: it is cheap
}

// lost reports whether the game is lost under Rules.LoseWhenStuck: the
// stock empty and no move (nor flip) left.
func (s *state) lost() bool {
	return s.outcome == Playing && s.pos.rules.LoseWhenStuck && s.pos.dealt >= s.pos.rows && !s.pos.anyLegal()
}

// outcomeNow is the outcome with Lost and Blocked told apart from
// Playing.
func (s *state) outcomeNow() Outcome {
	switch {
	case s.lost():
		return Lost
	case s.blocked():
		return Blocked
	}
	return s.outcome
}

// undo takes back top, which checkUndo allowed.
func (s *state) undo(top *snapshot) {
	u := s.pos.rules.Undo
	seen := s.pos.seen
	s.pos.table = top.table
	s.last = top.last
	// What the player saw stays known.
	s.pos.seen[0] |= seen[0]
	s.pos.seen[1] |= seen[1]
	s.undoable--
	s.outcome = Playing
	// Undo never gives back what a hint or another undo cost: the score as
	// it was, less the hints asked and the undos made since (an undo's
	// charge stays charged, whatever is undone later).
	hints := s.count.Hints - top.hints
	score := top.score + hints*s.scoring.Hint + (s.count.Undos-top.undos)*s.scoring.Undo
	if u.KeepScore {
		// The costs paid stay paid, but the bonus of what the undo takes
		// back (runs, cards turned over, same-suit placements, the win)
		// goes with it; never more than restoring would give.
		score = min(score, s.score-top.bonus)
	}
	s.score = s.scoring.add(score, s.scoring.Undo)
	if !u.KeepMoves {
		s.count.Moves = top.moves
		if s.pos.rules.HintIsMove {
			s.count.Moves += hints
		}
	}
	if u.CountsAsMove {
		s.count.Moves++
	}
	s.count.Undos++
	s.count.Actions++
}

// Game is a position with its score, counters and history: what undo needs,
// and where undo policies and per-action costs live. A Game is an immutable
// value: Apply returns a new Game and leaves the receiver as it was, and
// games that share a history share it safely, across goroutines too. (To
// replay many actions fast, use a Session, which changes in place; for a
// game on a screen, a Board.)
//
// The zero Game has no cards; build one with NewGame.
type Game struct {
	s    state
	hist *frame    // the game before each undoable action, newest first
	log  *logEntry // every action applied, newest first
	from *origin   // what the game started from
}

// frame is one entry of a Game's persistent history, with the log entry
// of its action (one allocation for both).
type frame struct {
	prev *frame
	snap snapshot
	log  logEntry
}

// NewGame starts a game of deal d under the variant's rules and scoring.
// The error wraps ErrBadDeal when d cannot be played.
func NewGame(d Deal, v Variant) (Game, error) {
	p, err := NewPosition(d, v.Rules)
	if err != nil {
		return Game{}, err
	}
	g := Game{s: startState(p, v.Scoring), from: &origin{start: p, deal: d.clone(), variant: v.Name}}
	return g, nil
}

// StartGame starts a game from position p (its rules included) with the
// given scoring, as if no action had been played yet.
func StartGame(p Position, s Scoring) Game {
	return Game{s: startState(p, s), from: &origin{start: p, deal: p.Layout()}}
}

// Position returns the table as it stands.
func (g Game) Position() Position { return g.s.pos }

// Rules returns the game's rules.
func (g Game) Rules() Rules { return g.s.pos.rules }

// Scoring returns the game's scoring scheme.
func (g Game) Scoring() Scoring { return g.s.scoring }

// Score returns the score as the player sees it (the floor applied).
func (g Game) Score() int { return g.s.scoring.shown(g.s.score) }

// Counters returns the game's tallies.
func (g Game) Counters() Counters { return g.s.count }

// Moves returns the move counter (see Counters.Moves).
func (g Game) Moves() int { return g.s.count.Moves }

// Outcome says whether the game goes on, is won, was resigned, or is
// blocked (no move, deal or undo is legal).
func (g Game) Outcome() Outcome {
	if o := g.s.outcomeNow(); o == Won || !g.timeUp() {
		return o // a win on the last millisecond is a win
	}
	return TimeUp
}

// Won reports whether all eight runs have left the table.
func (g Game) Won() bool { return g.s.outcome == Won }

// Check reports whether action a is legal now, and if not, why: a
// *Refusal, whose Error is the sentence for the player and which matches
// the rule's reason (ErrRank, ErrFaceDown, ...) with errors.Is.
func (g Game) Check(a Action) error {
	if _, err := g.apply(a); err != nil {
		return refuse(g.s.pos, a, err)
	}
	return nil
}

// Can reports whether action a is legal now: Check without the sentence,
// for a user interface asking on every frame whether to enable a button.
func (g Game) Can(a Action) bool {
	_, err := g.apply(a)
	return err == nil
}

// Apply returns the game after action a, or g itself and why a is illegal
// (a *Refusal, see Check). g never changes: use the result (g, err =
// g.Apply(a)), or a Board, which changes in place. The action goes into
// the game's Log without a time (see ApplyAt).
func (g Game) Apply(a Action) (Game, error) {
	if err := g.checkTimed(false); err != nil {
		return g, err
	}
	h, err := g.apply(a)
	if err != nil {
		return g, refuse(g.s.pos, a, err)
	}
	h.log = h.logEntry(g)
	h.log.set(g.log, a, 0, false)
	return h, nil
}

// apply is Apply without the log.
func (g Game) apply(a Action) (Game, error) {
	if g.timeUp() {
		return g, ErrTimeUp // nothing is legal once the time is up (Check, Can, Legal agree)
	}
	h := g
	if a == Undo {
		var top *snapshot
		if g.hist != nil {
			top = &g.hist.snap
		}
		if err := h.s.checkUndo(top); err != nil {
			return g, err
		}
		h.s.undo(top)
		h.hist = g.hist.prev
		return h, nil
	}
	var before snapshot
	table, err := h.s.play(a, &before)
	if err != nil {
		return g, err
	}
	if table {
		h.hist = &frame{prev: g.hist, snap: before}
	}
	return h, nil
}

// CanUndo reports whether Undo is legal now.
func (g Game) CanUndo() bool { return g.Can(Undo) }

// History returns the table actions that led to the current position and
// that undo could walk back through, oldest first (undone actions are not
// in it). It is a fresh slice.
func (g Game) History() []Action {
	var out []Action
	for f := g.hist; f != nil; f = f.prev {
		out = append(out, f.snap.action)
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
		if g.timeUp() {
			return // nothing is legal once the time is up
		}
		if g.s.outcome == Playing {
			for a := range g.s.pos.Legal() {
				if !yield(a) {
					return
				}
			}
		}
		for _, a := range []Action{Undo, Hint, Resign} {
			if g.Can(a) && !yield(a) {
				return
			}
		}
	}
}
