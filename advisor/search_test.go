package advisor

import (
	"slices"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// table builds a position of a 4-suit deck whose columns show the given
// face-up cards ("9h 8s", bottom first; "" for an empty column) over
// down[c] face-down cards; the other cards go to the stock (whole rows,
// at most five) and the rest face down under the last column that shows
// a card.
func table(t testing.TB, down [10]int, cols [10]string) spider.Position {
	t.Helper()
	var left []spider.Card // the deck, less the cards shown
	for _, s := range spider.Suits() {
		for r := spider.Ace; r <= spider.King; r++ {
			left = append(left, spider.NewCard(r, s), spider.NewCard(r, s))
		}
	}
	take := func(c spider.Card) {
		i := slices.Index(left, c)
		if i < 0 {
			t.Fatalf("%v is shown too often", c)
		}
		left = slices.Delete(left, i, i+1)
	}
	var d spider.Deal
	last := -1
	for c, s := range cols {
		for _, f := range strings.Fields(s) {
			card, err := spider.ParseCard(f)
			if err != nil {
				t.Fatal(err)
			}
			take(card)
			d.Tableau[c] = append(d.Tableau[c], card)
			last = c
		}
	}
	for c := range cols {
		if len(d.Tableau[c]) == 0 {
			continue
		}
		d.FaceDown[c] = down[c]
		d.Tableau[c] = append(slices.Clone(left[:down[c]]), d.Tableau[c]...)
		left = left[down[c]:]
	}
	rows := min(len(left)/10, 5)
	extra := left[:len(left)-10*rows]
	d.Stock = left[len(extra):]
	d.Tableau[last] = append(slices.Clone(extra), d.Tableau[last]...)
	d.FaceDown[last] += len(extra)
	p, err := spider.NewPosition(d, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The moves the search tries gain something (search.go): a table of each
// rule, a group moving from column a to the column named.
func TestViable(t *testing.T) {
	for _, tc := range []struct {
		desc string
		down [10]int
		cols [10]string
		to   int
		want bool
	}{
		{desc: "onto its suit from a rank link", cols: [10]string{"9h 8s", "9s", "Kd"}, to: 1, want: true},
		{desc: "from its suit onto a rank link", cols: [10]string{"9s 8s", "9h", "Kd"}, to: 1},
		{desc: "from no link onto a rank link", cols: [10]string{"Kc 8s", "9h", "Kd"}, to: 1, want: true},
		{desc: "off the longer of two runs of rank links", cols: [10]string{"Kc Qc Jc Td", "Jh", "Kd"}, to: 1, want: true},
		{desc: "onto the longer of two runs of rank links", cols: [10]string{"Jh Td", "Kc Qc Jc", "Kd"}, to: 1},
		{desc: "onto a longer run of its suit", cols: [10]string{"9s 8s", "Ts 9s", "Kd"}, to: 1, want: true},
		{desc: "onto a run of its suit no longer", cols: [10]string{"Ts 9s 8s", "9s", "Kd"}, to: 1},
		{desc: "onto a card of another rank", cols: [10]string{"9h 8s", "Ts", "Kd"}, to: 1},
		{desc: "into an empty column from no link", cols: [10]string{"Kc 8s", "", "Kd"}, to: 1, want: true},
		{desc: "into an empty column from a link", cols: [10]string{"9h 8s", "", "Kd"}, to: 1},
		{desc: "a whole column with nothing face down into an empty one", cols: [10]string{"8s", "", "Kd"}, to: 1},
		{desc: "the last face-up card over face-down ones into an empty one", down: [10]int{2}, cols: [10]string{"8s", "", "Kd"}, to: 1, want: true},
		{desc: "into the second empty column", cols: [10]string{"Kc 8s", "", "", "Kd"}, to: 2},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			p := table(t, tc.down, tc.cols)
			s := newSearcher(standardEvaluation(), 100)
			empty := s.look(&p)
			if got := s.viable(0, p.Len(0)-1, tc.to, empty); got != tc.want {
				t.Errorf("viable = %v, want %v\n%s", got, tc.want, p)
			}
		})
	}
}

// A composite move's plan is legal up to the move that takes the group's
// last cards off its column (or a part parked on a holding card completed
// a run on the way), and when every move of it plays, the group lies
// intact on its target: in positions reached by random play, for every
// group of a run of ranks and every column it could go to.
func TestComposeMovesTheGroup(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomTable(t)
		s := newSearcher(standardEvaluation(), 100)
		empty := s.look(&p)
		for src := 0; src < 10; src++ {
			f, down := s.faces[src], s.down[src]
			segs := 1
			for j := len(f) - 1; j >= down; j-- {
				if j < len(f)-1 {
					if f[j].Rank() != f[j+1].Rank()+1 {
						break
					}
					if f[j].Suit() != f[j+1].Suit() {
						segs++
					}
				}
				for to := 0; to < 10; to++ {
					if to == src || len(s.faces[to]) > 0 && s.faces[to][len(s.faces[to])-1].Rank() != f[j].Rank()+1 {
						continue
					}
					plan, ok := s.compose(src, to, j, segs, empty, 0)
					if !ok {
						continue
					}
					checkPlan(t, p, plan, s.mainMove, src, to, f[j:], s.stuck)
				}
			}
		}
	})
}

// checkPlan plays plan from p and checks it as TestComposeMovesTheGroup
// says: the group is the faces of the cards that move from src to to.
func checkPlan(t *rapid.T, p spider.Position, plan []spider.Action, main, src, to int, group []spider.Card, stuck bool) {
	q := p
	for k, a := range plan {
		r, err := q.Apply(a)
		if err != nil {
			if k <= main && r.Runs() == p.Runs() && q.Runs() == p.Runs() {
				t.Fatalf("move %d (%s) of %v: %v\n%s", k, a, plan, err, p)
			}
			return // a run completed on a holding card, or a part stays parked
		}
		q = r
	}
	if stuck || q.Runs() > p.Runs() {
		return
	}
	top := q.AppendFaces(nil, to)
	if len(top) < len(group) || !slices.Equal(top[len(top)-len(group):], group) || q.Len(src) != p.Len(src)-len(group) {
		t.Fatalf("%v from %c to %c: the group %v is not intact\n%s\nafter:\n%s", plan, 'a'+src, 'a'+to, group, p, q)
	}
}

// randomTable is a position reached by random legal play from a deal of
// 1, 2 or 4 suits (no deal, most of the time, so that runs of mixed suits
// build up).
func randomTable(t *rapid.T) spider.Position {
	suits := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits")
	p, _ := spider.NumberPosition(rapid.Uint64Range(1, 1_000_000).Draw(t, "deal"), suits, spider.Rules{})
	steps := rapid.IntRange(0, 120).Draw(t, "steps")
	var legal []spider.Action
	for i := 0; i < steps; i++ {
		legal = p.AppendLegal(legal[:0])
		if len(legal) == 0 {
			break
		}
		a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")]
		if a == spider.DealRow && rapid.IntRange(0, 3).Draw(t, "deal now") > 0 {
			continue
		}
		p, _ = p.Apply(a)
	}
	return p
}

// A swap exchanges two groups so that each lies where the other did: 8♥
// on 9♠ and 8♠ on 9♥ become 8♠ on 9♠ and 8♥ on 9♥ through the empty
// column; and 7♦-3♥ on 8♥ trades places with a lone 7♥, its top part
// 5♣-3♥ waiting on the 6♠ meanwhile (one empty column is too few for it
// and the rest).
func TestSwap(t *testing.T) {
	for _, tc := range []struct {
		desc       string
		from, want [10]string
	}{
		{desc: "through an empty column", from: [10]string{"Kd 9s 8h 7h", "Kc 9h 8s", "", "5c", "Ks", "Ks", "Kh", "Kh", "Kc", "Kd"},
			want: [10]string{"Kd 9s 8s", "Kc 9h 8h 7h", "", "5c", "Ks", "Ks", "Kh", "Kh", "Kc", "Kd"}},
		{desc: "a part waiting on a holding card", from: [10]string{"Kd 8h 7d 6d 5c 4h 3h", "7h", "", "Qc 6s", "Ks", "Ks", "Kh", "Kh", "Kc", "Kd"},
			want: [10]string{"Kd 8h 7h", "7d 6d 5c 4h 3h", "", "Qc 6s", "Ks", "Ks", "Kh", "Kh", "Kc", "Kd"}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			p := table(t, [10]int{}, tc.from)
			s := newSearcher(standardEvaluation(), 100)
			empty := s.look(&p)
			want := table(t, [10]int{}, tc.want)
			found := 0
			for plan := range s.swaps(0, empty, false) {
				q, err := p.ApplyLine(plan)
				if err != nil {
					t.Fatalf("%v: %v", plan, err)
				}
				if q.Describe() == want.Describe() {
					found++
				}
			}
			if found != 1 {
				t.Fatalf("swaps from\n%s\nreach\n%s\n%d times, want once", p, want, found)
			}
		})
	}
}

// The search turns no card over past the first and never reads one: its
// line to the best table, from a 4-suit deal, is the same in every world
// the player cannot tell apart; and it reaches no more tables than its
// limit.
func TestSearchSeesWhatIsSeen(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomTable(t)
		limit := rapid.IntRange(1, 3000).Draw(t, "limit")
		s := newSearcher(standardEvaluation(), limit)
		want := s.line(s.search(p))
		if len(s.nodes) > limit {
			t.Fatalf("%d tables past a limit of %d", len(s.nodes), limit)
		}
		w := p.Resample(newRand(rapid.Uint64().Draw(t, "seed")))
		if got := s.line(s.search(w)); !slices.Equal(got, want) {
			t.Fatalf("a world of the unseen cards changes the line: %v, not %v\n%s", got, want, p)
		}
	})
}
