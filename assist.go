package spider

// TapOrder says where a tapped card goes, as the game descriptions say. The zero
// value is TapRunFirst.
type TapOrder uint8

const (
	// TapRunFirst (the unlimited-undo app): first a column where the move completes a
	// King-to-Ace run of one suit, then a card of the same suit one rank
	// higher, then any other non-empty column where the move is allowed, and
	// only then an empty column; ties go to the lowest column.
	TapRunFirst TapOrder = iota
	// TapSuitFirst (the floor app and the solver site): a card of the same suit one rank
	// higher first, then any other card one rank higher, otherwise the first
	// empty column; ties go to the lowest column.
	TapSuitFirst
)

// Target is one place a group can go.
type Target struct {
	Column int
	// CompletesRun: the move forms a King-to-Ace run of one suit, which
	// leaves the table at once.
	CompletesRun bool
	// SameSuit: the group goes on a card of its own suit one rank higher.
	SameSuit bool
	// Empty: the column is empty (or, under manual flips, shows only
	// face-down cards).
	Empty bool
}

// Segment is one group size that can move from a column, with every column
// it can go to, lowest first.
type Segment struct {
	Count   int
	Targets []Target
}

// Segments returns, for column c, every size of group that really moves (1
// to Movable(c)) with its legal destinations: what a segment selector or a
// drag shows. A size with no destination is still listed, with none.
func (p Position) Segments(c int) []Segment {
	m := p.Movable(c)
	out := make([]Segment, 0, m)
	for n := 1; n <= m; n++ {
		seg := Segment{Count: n}
		for to := 0; to < 10; to++ {
			if t, ok := p.target(c, n, to); ok {
				seg.Targets = append(seg.Targets, t)
			}
		}
		out = append(out, seg)
	}
	return out
}

// target describes moving the top n cards of column from onto column to,
// if that is legal.
func (p *Position) target(from, n, to int) (Target, bool) {
	if to == from || p.checkMove(from, to, n) != nil {
		return Target{}, false
	}
	t := Target{Column: to}
	if p.size[to] == 0 || p.down[to] == p.size[to] {
		t.Empty = true
		return t, true
	}
	bottom := p.nth(from, n-1)
	t.SameSuit = p.suitOf(p.top[to]) == p.suitOf(bottom)
	if t.SameSuit {
		// The same-suit run the group joins must reach up to a King, and the
		// group (a descending run: it was checked) must be of one suit down
		// to an Ace.
		above := p.sameSuitRun(to) // cards of the target's top run
		oneSuit := true
		for k, id := 0, p.top[from]; k < n; k, id = k+1, p.below[id] {
			oneSuit = oneSuit && p.suitOf(id) == p.suitOf(bottom)
		}
		t.CompletesRun = oneSuit && above+n == 13 && rankOf(p.nth(to, above-1)) == King && rankOf(p.top[from]) == Ace
	}
	return t, true
}

// sameSuitRun returns how many face-up cards at the top of column c form a
// descending run of one suit (at least 1: c shows a face-up card).
func (p *Position) sameSuitRun(c int) int {
	up := int(p.size[c]) - int(p.down[c])
	n := 1
	for above := p.top[c]; n < up; n++ {
		id := p.below[above]
		if p.suitOf(id) != p.suitOf(above) || rankOf(id) != rankOf(above)+1 {
			break
		}
		above = id
	}
	return n
}

// Tap returns where the group from card i of column c (counting from the
// bottom card, 0) to the top goes when the player taps it, in the given
// order, as a Move. A move that completes a run and strands the game
// (Stranded) is never chosen. When the group cannot go anywhere the error
// is a *Refusal over the whole table, its sentence naming the cards ("9♠
// has nowhere to go: no column shows a 10 and none is empty"), its reason
// why: the group is not a movable run (ErrFaceDown, ErrGap,
// ErrMixedSuits), no column takes it (ErrNoTarget), or the only move
// strands the game (ErrStrands).
func (p Position) Tap(c, i int, order TapOrder) (Action, error) {
	if c < 0 || c > 9 {
		return NoAction, ErrNoColumn
	}
	n := p.Len(c) - i
	if i < 0 || n < 1 {
		return NoAction, ErrTooFew
	}
	best, bestRank := -1, 99
	strands := false
	for to := 0; to < 10; to++ {
		t, ok := p.target(c, n, to)
		switch {
		case !ok, n == int(p.size[c]) && p.size[to] == 0: // a whole column into an empty one changes nothing
			continue
		case t.CompletesRun && p.strandsAfter(13):
			strands = true
			continue
		}
		if r := tapRank(t, order); r < bestRank {
			best, bestRank = to, r
		}
	}
	if best >= 0 {
		return Move(c, best, n), nil
	}
	reason := p.checkGroup(c, n)
	switch {
	case reason != nil:
	case strands:
		reason = ErrStrands
	default:
		reason = ErrNoTarget
	}
	return NoAction, &Refusal{Action: NoAction, Reason: reason, Sentence: p.nowhere(c, n, reason)}
}

// tapRank orders targets: lower first.
func tapRank(t Target, order TapOrder) int {
	switch {
	case t.CompletesRun && order == TapRunFirst:
		return 0
	case t.SameSuit:
		return 1
	case !t.Empty:
		return 2
	}
	return 3
}

// anyLegal reports whether any table action is legal, without listing them.
func (p Position) anyLegal() bool {
	for range p.Legal() {
		return true
	}
	return false
}

// AutoComplete returns the actions that finish a game that is won in all
// but the assembling: every card face up and the stock empty. It plays
// completing moves and same-suit joins, never going back to a position,
// and reports false (and no actions) when that does not win.
func (p Position) AutoComplete() ([]Action, bool) {
	if p.dealt < p.rows {
		return nil, false
	}
	for c := 0; c < 10; c++ {
		if p.down[c] > 0 {
			return nil, false
		}
	}
	var line []Action
	seen := map[table]bool{p.table: true}
	for steps := 0; p.runs < 8 && steps < 500; steps++ {
		h := p.Suggest(CompleteFirst)
		a := h.Action
		if a == NoAction {
			// Any move that reaches a new position and joins by rank.
			for _, l := range p.AppendLegal(nil) {
				q, _ := p.Apply(l) // legal: AppendLegal listed it
				if !seen[q.table] && l.Kind() == KindMove && !q.Empty(l.From()) {
					a = l
					break
				}
			}
		}
		q, err := p.Apply(a)
		if err != nil || seen[q.table] {
			return nil, false
		}
		seen[q.table] = true
		line = append(line, a)
		p = q
	}
	if p.runs < 8 {
		return nil, false
	}
	return line, true
}
