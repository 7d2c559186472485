package solve

import (
	"bytes"
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

// turnNode is a table of the level being searched.
type turnNode struct {
	pos  spider.Position
	step int32
}

// turnOver is TurnOver's breadth-first search.
func (s *search) turnOver(root spider.Position) Turn {
	if a := flipOf(&root); a != spider.NoAction {
		return Turn{Reach: ReachTurn, Line: []spider.Action{a}}
	}
	var (
		steps []turnStep
		level = []turnNode{{pos: root, step: -1}}
		next  []turnNode
		seen  = map[string]struct{}{}
		key   []byte
		legal []spider.Action
		bytes int64 // the table's keys, as the memory budget counts them
	)
	key = tableKey(key[:0], &root)
	seen[string(key)] = struct{}{}
	line := func(step int32, last ...spider.Action) []spider.Action {
		var out []spider.Action
		for ; step >= 0; step = steps[step].parent {
			out = append(out, steps[step].action)
		}
		slices.Reverse(out)
		return append(out, last...)
	}
	for len(level) > 0 {
		for _, n := range level {
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
				if f := flipOf(&q); f != spider.NoAction {
					return Turn{Reach: ReachTurn, Line: line(n.step, a, f)}
				}
				key = tableKey(key[:0], &q)
				if _, ok := seen[string(key)]; ok {
					continue
				}
				seen[string(key)] = struct{}{}
				bytes += int64(len(key)) + turnEntry
				steps = append(steps, turnStep{parent: n.step, action: a})
				next = append(next, turnNode{pos: q, step: int32(len(steps) - 1)})
			}
			if s.holds(bytes + int64(len(steps))*int64(unsafe.Sizeof(turnStep{})) +
				int64(len(level)+len(next))*int64(unsafe.Sizeof(turnNode{}))) {
				return Turn{Reach: ReachUnknown}
			}
		}
		level, next = next, level[:0]
	}
	return Turn{Reach: ReachNone}
}

// turnEntry is what an entry of the turn search's table costs besides its
// key's bytes: the string's header and the map's own structure.
const turnEntry = 48

// flipOf is the flip of a column of p that shows face-down cards only
// (under manual flipping: the card turns when the player flips it), or
// NoAction.
func flipOf(p *spider.Position) spider.Action {
	for c := 0; c < 10; c++ {
		if n := p.Len(c); n > 0 && p.FaceDown(c) == n && p.Check(spider.Flip(c)) == nil {
			return spider.Flip(c)
		}
	}
	return spider.NoAction
}

// tableKey appends p's table as the turn search tells tables apart: each
// column as whether it has face-down cards and its face-up cards by rank
// and suit (not copy), the columns sorted. Two tables with the same key
// have the same moves, up to the order of the columns, while no card is
// turned over.
func tableKey(dst []byte, p *spider.Position) []byte {
	var cols [10][]byte
	var buf [10][32]byte
	var faces [104]spider.Card
	for c := 0; c < 10; c++ {
		col := buf[c][:0]
		if p.FaceDown(c) > 0 {
			col = append(col, 0x80)
		}
		for _, f := range p.AppendFaces(faces[:0], c)[p.FaceDown(c):] {
			col = append(col, byte(f.Suit())<<4|byte(f.Rank()))
		}
		cols[c] = col
	}
	slices.SortFunc(cols[:], bytes.Compare)
	for _, col := range cols {
		dst = append(dst, col...)
		dst = append(dst, 0xff)
	}
	return dst
}
