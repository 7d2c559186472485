package solve

import (
	"context"
	"slices"
	"unsafe"

	"github.com/spiderkit/spider"
)

// Reach is TurnOver's verdict: whether a face-down card can still be
// turned over by moves among the cards the player sees. The zero value
// ReachUnknown means the budget ran out first.
type Reach uint8

const (
	// ReachUnknown: the budget (positions, memory, the context) ran out
	// before the search decided.
	ReachUnknown Reach = iota
	// ReachTurn: Turn.Line turns a face-down card over.
	ReachTurn
	// ReachNone: every position the moves among the seen cards reach was
	// searched, and none turns a card over. With an empty stock (or one
	// that can never deal, spider.Position.Stranded) and a card face down,
	// the game cannot be won, whatever the unseen cards are.
	ReachNone
)

// String returns "unknown", "turn" or "none".
func (r Reach) String() string {
	switch r {
	case ReachTurn:
		return "turn"
	case ReachNone:
		return "none"
	}
	return "unknown"
}

// MarshalText writes the verdict as its word.
func (r Reach) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// Turn is what TurnOver found.
type Turn struct {
	Reach Reach `json:"reach"`
	// Line turns a card over from the position given (ReachTurn): the
	// shortest such line, its last action the one that turns the card
	// (a move that uncovers it, or under manual flipping the flip).
	Line []spider.Action `json:"-"`
	// Positions counts the positions generated.
	Positions int `json:"positions"`
}

// TurnOver searches, from what the player of p sees, for a line of moves
// that turns a face-down card over. It reads no hidden card: its moves
// never uncover one (a line ends at the first that would), and the cards
// of a face-down part never matter to which moves are legal, so two
// positions that look the same to the player (spider.Position.Resample)
// get the same answer. It never deals, undoes or resigns.
//
// The search is breadth first and exhaustive, with a table of the tables
// reached in which columns are interchangeable (the order of the columns
// and the copies of a card do not change which moves follow), within the
// budget's positions and memory (Budget.Positions, Budget.Memory; its
// other fields are not used) and ctx. It answers ReachNone only once every
// table the moves reach was searched: never a false "none".
func TurnOver(ctx context.Context, p spider.Position, b Budget) Turn {
	var v Solver
	return v.TurnOver(ctx, p, b)
}

// TurnOver is the package's TurnOver, with the solver's memory.
func (v *Solver) TurnOver(ctx context.Context, p spider.Position, b Budget) Turn {
	b = b.resolved()
	s := &v.s
	s.begin(ctx, b.Positions, b.Memory)
	t := s.turnOver(p)
	t.Positions = s.generated
	return t
}

// turnStep is a table the turn search reached: the one it came from
// (an index into the search's steps, -1 for the root) and the action.
type turnStep struct {
	parent int32
	action spider.Action
}

// turnNode is a table of the level being searched, with the interned
// form of each of its columns (columns.id).
type turnNode struct {
	pos  spider.Position
	step int32
	cols [10]uint32
}

// turnOver is TurnOver's breadth-first search. A table is told apart by
// its columns' interned forms, sorted: exact (no hash stands for a
// table), and a child costs the forms of the two columns its move
// changed.
func (s *search) turnOver(root spider.Position) Turn {
	if a := flipOf(&root, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9); a != spider.NoAction {
		return Turn{Reach: ReachTurn, Line: []spider.Action{a}}
	}
	var (
		steps []turnStep
		cols  columns
		rootN = turnNode{pos: root, step: -1}
	)
	for c := range 10 {
		rootN.cols[c] = cols.id(&root, c)
	}
	level, next := []turnNode{rootN}, []turnNode(nil)
	seen := map[[10]uint32]struct{}{sorted(rootN.cols): {}}
	var legal []spider.Action
	line := func(step int32, last ...spider.Action) []spider.Action {
		var out []spider.Action
		for ; step >= 0; step = steps[step].parent {
			out = append(out, steps[step].action)
		}
		slices.Reverse(out)
		return append(out, last...)
	}
	for len(level) > 0 {
		for i := range level {
			n := &level[i]
			if s.stopped() {
				return Turn{Reach: ReachUnknown}
			}
			legal = n.pos.AppendLegal(legal[:0])
			for _, a := range legal {
				if a.Kind() != spider.KindMove {
					continue // a flip is found before its table is queued; never a deal
				}
				if s.limit > 0 && s.generated >= s.limit {
					return Turn{Reach: ReachUnknown}
				}
				q, e, err := n.pos.Step(a)
				if err != nil {
					continue
				}
				s.generated++
				if e.Revealed > 0 {
					return Turn{Reach: ReachTurn, Line: line(n.step, a)}
				}
				if f := flipOf(&q, a.From(), a.To()); f != spider.NoAction {
					return Turn{Reach: ReachTurn, Line: line(n.step, a, f)}
				}
				kid := n.cols
				kid[a.From()], kid[a.To()] = cols.id(&q, a.From()), cols.id(&q, a.To())
				key := sorted(kid)
				if _, ok := seen[key]; ok {
					continue
				}
				seen[key] = struct{}{}
				steps = append(steps, turnStep{parent: n.step, action: a})
				next = append(next, turnNode{pos: q, step: int32(len(steps) - 1), cols: kid})
			}
			if s.holds(cols.bytes + int64(len(seen))*turnEntry + int64(len(steps))*int64(unsafe.Sizeof(turnStep{})) +
				int64(len(level)+len(next))*int64(unsafe.Sizeof(turnNode{}))) {
				return Turn{Reach: ReachUnknown}
			}
		}
		level, next = next, level[:0]
	}
	return Turn{Reach: ReachNone}
}

// sorted is a table's key: its columns' forms in order, so that tables
// whose columns differ only in order share it.
func sorted(cols [10]uint32) [10]uint32 {
	slices.Sort(cols[:])
	return cols
}

// columns interns the forms of columns the turn search meets: a column
// as whether it has face-down cards and its face-up cards by rank and
// suit (not copy). Columns of one form have the same moves while no card
// is turned over.
type columns struct {
	ids   map[string]uint32
	buf   []byte
	faces []spider.Card
	bytes int64 // what the forms hold, as the memory budget counts it
}

// id returns the form of p's column c.
func (cs *columns) id(p *spider.Position, c int) uint32 {
	if cs.ids == nil {
		cs.ids = map[string]uint32{}
	}
	cs.faces = p.AppendFaces(cs.faces[:0], c)
	b := cs.buf[:0]
	if p.FaceDown(c) > 0 {
		b = append(b, 0x80)
	}
	for _, f := range cs.faces[p.FaceDown(c):] {
		b = append(b, byte(f.Suit())<<4|byte(f.Rank()))
	}
	cs.buf = b
	if id, ok := cs.ids[string(b)]; ok {
		return id
	}
	id := uint32(len(cs.ids))
	cs.ids[string(b)] = id
	cs.bytes += int64(len(b)) + turnEntry
	return id
}

// turnEntry is what an entry of the turn search's table costs besides its
// key's bytes: the string's header and the map's own structure.
const turnEntry = 48

// flipOf is the flip of one of p's columns cols that shows face-down
// cards only (under manual flipping: the card turns when the player flips
// it), or NoAction. A move changes only its two columns.
func flipOf(p *spider.Position, cols ...int) spider.Action {
	if p.Rules().Flip != spider.FlipManual {
		return spider.NoAction
	}
	for _, c := range cols {
		if n := p.Len(c); n > 0 && p.FaceDown(c) == n && p.Check(spider.Flip(c)) == nil {
			return spider.Flip(c)
		}
	}
	return spider.NoAction
}
