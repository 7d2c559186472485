package play

import (
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/testdeals"
	"github.com/spiderkit/spider/solve"
)

// spades returns the 104 cards of a one-suit deck, Kings first.
func spades() []spider.Card {
	var pool []spider.Card
	for range 8 {
		for r := spider.King; r >= spider.Ace; r-- {
			pool = append(pool, spider.NewCard(r, spider.Spades))
		}
	}
	return pool
}

// doomedDeal is a deal with every card face up and no stock (every card is
// known) that cannot be finished, though cards can move: columns a to h
// end with a Queen and an Ace, i and j with a 3 and a 2, so that two Aces
// can go onto the 2s and nothing else moves; under them the other cards
// rise from the bottom, and no run can form.
func doomedDeal(t *testing.T) spider.Deal {
	t.Helper()
	pool := spades()
	take := func(r spider.Rank) spider.Card {
		for i, c := range pool {
			if c.Rank() == r {
				pool = slices.Delete(pool, i, i+1)
				return c
			}
		}
		t.Fatalf("no %v left", r)
		return spider.NoCard
	}
	var tops [10][]spider.Card
	for c := 0; c < 10; c++ {
		if c < 8 {
			tops[c] = []spider.Card{take(spider.Queen), take(spider.Ace)}
		} else {
			tops[c] = []spider.Card{take(spider.Rank(3)), take(spider.Rank(2))}
		}
	}
	slices.SortFunc(pool, func(a, b spider.Card) int { return int(a.Rank()) - int(b.Rank()) })
	var d spider.Deal
	for c := 0; c < 10; c++ {
		n := 8 // 9 under the first four: 84 cards under the tops
		if c < 4 {
			n = 9
		}
		d.Tableau[c] = append(append([]spider.Card(nil), pool[:n]...), tops[c]...)
		pool = pool[n:]
	}
	return d
}

// finishableDeal has every card face up and no stock, and is won in eight
// moves: columns a to h hold King to 2, i and j four Aces each.
func finishableDeal() spider.Deal {
	var d spider.Deal
	for c := 0; c < 8; c++ {
		for r := spider.King; r >= spider.Rank(2); r-- {
			d.Tableau[c] = append(d.Tableau[c], spider.NewCard(r, spider.Spades))
		}
	}
	for c := 8; c < 10; c++ {
		for range 4 {
			d.Tableau[c] = append(d.Tableau[c], spider.NewCard(spider.Ace, spider.Spades))
		}
	}
	return d
}

// verdictScreen is a screen on deal d under the unlimited-undo app's
// rules (hints allowed), whose hint checks within budget.
func verdictScreen(t *testing.T, d spider.Deal, budget solve.Budget) *screen {
	t.Helper()
	v := spider.MustVariant(spider.VariantUnlimited)
	g, err := spider.NewGame(d, v)
	if err != nil {
		t.Fatal(err)
	}
	if !checkable(g.Position()) {
		t.Fatal("the deal leaves cards unknown and rows in the stock: nothing to check")
	}
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAD")
	m := &match{code: code, variant: v, out: filepath.Join(t.TempDir(), "g.spider"), budget: budget}
	m.deals(g)
	return &screen{m: m, out: io.Discard, ascii: true}
}

// enough is a budget that decides the test deals; tiny one that decides
// nothing. Positions only: the same answers on every machine.
var (
	enough = solve.Budget{Positions: 200_000, ExactPositions: 100_000}
	tiny   = solve.Budget{Positions: 1, ExactPositions: solve.Unbounded, Widths: []int{1}}
)

// TestVerdict: with every card known, or the stock empty, H gives the
// suggestion at once and says that it checks whether the deal can still
// be finished; the answer
// comes later: cannot be finished shows the end panel with the ways out,
// can be finished says so after the hint, and unknown (the budget ran
// out) leaves the ordinary suggestion, never a verdict.
func TestVerdict(t *testing.T) {
	for _, tc := range []struct {
		desc   string
		deal   spider.Deal
		budget solve.Budget
		want   solve.Winnability
		says   string
		move   key // a key that plays a move (the verdict is then outdated)
	}{
		{desc: "cannot be finished", deal: doomedDeal(t), budget: enough, want: solve.Unwinnable, move: 'a',
			says: "This deal cannot be finished from here: every card is known, and no way of playing on wins."},
		{desc: "no card can be turned over", deal: testdeals.NoTurn(t), budget: enough, want: solve.Unwinnable, move: 'i',
			says: "No card can be turned over from here: this deal cannot be finished."},
		{desc: "can be finished", deal: finishableDeal(), budget: enough, want: solve.Winnable,
			says: "· this deal can still be finished from here"},
		{desc: "unknown", deal: doomedDeal(t), budget: tiny, want: solve.Unknown},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			s := verdictScreen(t, tc.deal, tc.budget)
			s.press('H')
			hint := s.news
			if !strings.HasPrefix(hint, "hint: ") || !s.checking {
				t.Fatalf("H: news %q, checking %v", hint, s.checking)
			}
			if !strings.Contains(plainScreen(s.draw()), "checking whether this deal can still be finished...") {
				t.Errorf("no indicator while checking:\n%s", plainScreen(s.draw()))
			}
			v := <-s.checks
			if v.r.Winnability != tc.want {
				t.Fatalf("the check answered %s, want %s", v.r.Winnability, tc.want)
			}
			s.verdict(v)
			shown := plainScreen(s.draw())
			if s.checking || strings.Contains(shown, "checking whether") {
				t.Errorf("the indicator stays after the answer:\n%s", shown)
			}
			text := panelWords(shown)
			switch tc.want {
			case solve.Unwinnable:
				for _, w := range []string{tc.says, "R the same cards again · N a new deal · Q quit"} {
					if !strings.Contains(text, w) {
						t.Errorf("the panel does not say %q:\n%s", w, shown)
					}
				}
				if strings.Contains(text, "hint: ") {
					t.Errorf("the panel shows the hint of a deal that cannot be finished:\n%s", shown)
				}
				s.press(tc.move) // a move: the verdict was about the table before it
				if s.m.board.Moves() != 1 {
					t.Fatalf("%c played no move", tc.move)
				}
				if s.doomed != solve.ProofNone || strings.Contains(panelWords(plainScreen(s.draw())), "cannot be finished") {
					t.Errorf("the verdict stays after a move:\n%s", plainScreen(s.draw()))
				}
			case solve.Winnable:
				if s.news != hint+" "+tc.says {
					t.Errorf("news %q", s.news)
				}
			default:
				if s.news != hint || s.doomed != solve.ProofNone || strings.Contains(text, "finished from here") {
					t.Errorf("an unknown answer gave a verdict: news %q\n%s", s.news, shown)
				}
			}
		})
	}
}

// TestVerdictLines: line by line, h once every card is known says after
// the hint whether the deal can still be finished; a budget that runs out
// says nothing.
func TestVerdictLines(t *testing.T) {
	for _, tc := range []struct {
		desc   string
		deal   spider.Deal
		budget solve.Budget
		says   string // "" for no verdict
	}{
		{"cannot be finished", doomedDeal(t), enough, "This deal cannot be finished from here"},
		{"no card can be turned over", testdeals.NoTurn(t), enough, "No card can be turned over from here"},
		{"can be finished", finishableDeal(), enough, "This deal can still be finished from here."},
		{"unknown", doomedDeal(t), tiny, ""},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			m := verdictScreen(t, tc.deal, tc.budget).m
			var out strings.Builder
			if err := m.lines(strings.NewReader("h\n"), &out, &out); err != nil {
				t.Fatal(err)
			}
			said := out.String()
			if !strings.Contains(said, "hint: ") {
				t.Fatalf("no hint:\n%s", said)
			}
			if tc.says == "" && strings.Contains(said, "finished from here") || tc.says != "" && !strings.Contains(said, tc.says) {
				t.Errorf("want %q:\n%s", tc.says, said)
			}
		})
	}
}

// TestVerdictOutdated: a move while the check runs outdates it: the check
// is cancelled, and an answer about the table before the move is not
// taken.
func TestVerdictOutdated(t *testing.T) {
	s := verdictScreen(t, doomedDeal(t), enough)
	s.press('H')
	old := s.check
	s.press('a') // the Ace of a onto the 2 of i
	if s.m.board.Moves() != 1 || s.checking {
		t.Fatalf("the move: %d moves, checking %v", s.m.board.Moves(), s.checking)
	}
	s.verdict(verdict{check: old, r: solve.Result{Winnability: solve.Unwinnable, Proof: solve.ProofSearch}})
	if s.doomed != solve.ProofNone || strings.Contains(panelWords(plainScreen(s.draw())), "cannot be finished") {
		t.Errorf("an outdated answer was taken:\n%s", plainScreen(s.draw()))
	}
}

// TestVerdictNotAllKnown: while cards are face down and the stock holds
// rows, H is the ordinary suggestion and checks nothing.
func TestVerdictNotAllKnown(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	m := &match{variant: spider.MustVariant(spider.VariantUnlimited), budget: enough}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	s := &screen{m: m, out: io.Discard}
	s.press('H')
	if !strings.HasPrefix(s.news, "hint: ") || s.checking || s.cancel != nil {
		t.Errorf("H with cards face down: news %q, checking %v", s.news, s.checking)
	}
}

// TestVerdictOnTerminal: on a pseudo-terminal, H shows the indicator line
// and then, the deal being lost, the end panel; R deals the same cards
// again.
func TestVerdictOnTerminal(t *testing.T) {
	s := verdictScreen(t, doomedDeal(t), enough)
	game := matchOnPTY(t, s.m)
	game.waitFor(t, "? keys")
	game.press(t, "H")
	game.waitForText(t, 0, "checking whether this deal can still be finished…")
	game.waitForText(t, 0, "This deal cannot be finished from here")
	mark := len(game.screen())
	game.press(t, "R")
	game.waitForText(t, mark, "The same cards again; the last game's record is in")
	game.press(t, "Q")
	game.waitFor(t, "Quit (the record is written)? y confirms")
	game.press(t, "y")
	if err := game.end(t); err != nil {
		t.Fatal(err)
	}
}
