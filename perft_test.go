package spider_test

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/bot"
)

var (
	updatePerft = flag.Bool("update-perft", false, "rewrite testdata/perft/perft.txt")
	fullPerft   = flag.Bool("perft-full", false, "check every count of testdata/perft/perft.txt, however deep (minutes)")
)

const perftFile = "testdata/perft/perft.txt"

// perftRow is one position of the published table.
type perftRow struct {
	id     string
	code   string
	rules  string // codec's settings text
	line   []spider.Action
	layout string
	runs   int
	counts []uint64 // perft(1), perft(2), ...
}

// position sets the row's position up: the code's deal under the rules,
// then the line.
func (r *perftRow) position(t testing.TB) spider.Position {
	t.Helper()
	code, err := spider.ParseCode(r.code)
	if err != nil {
		t.Fatal(err)
	}
	rules, err := codec.ParseRules(r.rules)
	if err != nil {
		t.Fatal(err)
	}
	p, err := code.Position(rules)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range r.line {
		if p, err = p.Apply(a); err != nil {
			t.Fatalf("%s: line action %d (%s): %v", r.id, i+1, a, err)
		}
	}
	return p
}

// layoutOf writes a position's cards as the text form's Position tag does
// (codec.FormatPosition): each column's face-down cards, "|", its face-up
// cards, then "/"; last the stock in dealing order.
func layoutOf(p spider.Position) string {
	var d spider.Deal
	for c := 0; c < 10; c++ {
		d.Tableau[c], d.FaceDown[c] = p.Column(c), p.FaceDown(c)
	}
	d.Stock = p.Stock()
	return codec.FormatPosition(d)
}

func readPerft(t testing.TB) []perftRow {
	t.Helper()
	f, err := os.Open(perftFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []perftRow
	var r *perftRow
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for n := 1; s.Scan(); n++ {
		line := s.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		if key == "id" {
			rows = append(rows, perftRow{id: val})
			r = &rows[len(rows)-1]
			continue
		}
		if r == nil {
			t.Fatalf("%s:%d: %q before the first id", perftFile, n, key)
		}
		switch key {
		case "code":
			r.code = val
		case "rules":
			r.rules = val
		case "line":
			for _, w := range strings.Fields(val) {
				a, err := spider.ParseAction(w)
				if err != nil {
					t.Fatalf("%s:%d: %v", perftFile, n, err)
				}
				r.line = append(r.line, a)
			}
		case "layout":
			r.layout = val
		case "runs":
			r.runs, err = strconv.Atoi(val)
		case "perft":
			d, c, _ := strings.Cut(val, " ")
			var depth int
			var count uint64
			if depth, err = strconv.Atoi(d); err == nil {
				count, err = strconv.ParseUint(c, 10, 64)
			}
			if err == nil && depth != len(r.counts)+1 {
				err = fmt.Errorf("depth %d after %d", depth, len(r.counts))
			}
			r.counts = append(r.counts, count)
		default:
			err = fmt.Errorf("unknown key %q", key)
		}
		if err != nil {
			t.Fatalf("%s:%d: %v", perftFile, n, err)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// perftLimit is the largest count the table's test checks, so that it
// stays quick (a few seconds; far less with -short, as under -race).
func perftLimit() uint64 {
	switch {
	case *fullPerft:
		return math.MaxUint64
	case testing.Short():
		return 100_000
	}
	return 5_000_000
}

// TestPerftTable checks the published table: each row's position is what
// its layout says, and the counts are what Perft gives, up to perftLimit.
func TestPerftTable(t *testing.T) {
	if *updatePerft {
		writePerft(t)
	}
	rows := readPerft(t)
	if len(rows) < 12 {
		t.Fatalf("%d rows, want a dozen", len(rows))
	}
	limit := perftLimit()
	for _, r := range rows {
		t.Run(r.id, func(t *testing.T) {
			p := r.position(t)
			if got := layoutOf(p); got != r.layout {
				t.Fatalf("layout\n%s\nwant\n%s", got, r.layout)
			}
			if p.Runs() != r.runs {
				t.Errorf("%d runs removed, want %d", p.Runs(), r.runs)
			}
			for d, want := range r.counts {
				if want > limit {
					break
				}
				if got := spider.Perft(p, d+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
		})
	}
}

// naivePerft counts leaves by playing every action, the last ply too,
// through Game.Legal and Game.Apply: an independent count to check Perft's.
func naivePerft(g spider.Game, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for a := range g.Legal() {
		switch a {
		case spider.Undo, spider.Hint, spider.Resign:
			continue
		}
		next, err := g.Apply(a)
		if err != nil {
			panic(fmt.Sprintf("Legal yields %s, Apply refuses it: %v", a, err))
		}
		n += naivePerft(next, depth-1)
	}
	return n
}

// TestPerftNaive: bulk counting gives the naive count, and a divide sums to
// the perft, on every row of the table at small depths.
func TestPerftNaive(t *testing.T) {
	for _, r := range readPerft(t) {
		p := r.position(t)
		depth := 2
		if len(r.counts) > 0 && r.counts[0] < 20 && !testing.Short() {
			depth = 3
		}
		want := naivePerft(spider.StartGame(p, spider.Scoring{}), depth)
		if got := spider.Perft(p, depth); got != want {
			t.Errorf("%s: perft(%d) = %d, naive %d", r.id, depth, got, want)
		}
		var sum uint64
		for _, c := range spider.PerftDivide(p, depth) {
			sum += c.Nodes
		}
		if sum != want {
			t.Errorf("%s: divide(%d) sums to %d, want %d", r.id, depth, sum, want)
		}
	}
}

// TestPerftSmall: counts worked out by hand.
func TestPerftSmall(t *testing.T) {
	code, _ := spider.NewCode(1, spider.GroupClassic, 1)
	start, err := code.Position(spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		desc  string
		p     spider.Position
		depth int
		want  uint64
	}{
		{desc: "perft(0) is 1", p: start, depth: 0, want: 1},
		{desc: "a negative depth counts nothing", p: start, depth: -1, want: 0},
		{desc: "the zero position has no actions", p: spider.Position{}, depth: 1, want: 0},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			if got := spider.Perft(tc.p, tc.depth); got != tc.want {
				t.Errorf("perft(%d) = %d, want %d", tc.depth, got, tc.want)
			}
		})
	}
}

// BenchmarkPerft counts perft(4) of a 4-suit start and of a 1-suit
// mid-game from the table, with bulk counting at the last ply.
func BenchmarkPerft(b *testing.B) {
	rows := readPerft(b)
	for _, id := range []string{"winnable-4suit-start", "unlimited-1suit-runs-empty"} {
		var r *perftRow
		for i := range rows {
			if rows[i].id == id {
				r = &rows[i]
			}
		}
		if r == nil {
			b.Fatalf("no row %s", id)
		}
		p := r.position(b)
		b.Run(id, func(b *testing.B) {
			var n uint64
			for i := 0; i < b.N; i++ {
				n = spider.Perft(p, 4)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// writePerft makes the table: each position is a deal's start, or a point
// of a game the project's bot plays, chosen for what it has (runs removed,
// an empty column, a face-down top under manual flips); counts go to depth
// 5 at least, and on until one passes 5 million (the next would take
// seconds).
func writePerft(t *testing.T) {
	type spec struct {
		id, variant string
		suits       int
		group       spider.GroupRule
		number      uint64
		want        func(g spider.Game) bool // the point of the bot's game; nil: the start
	}
	empty := func(p spider.Position) bool {
		for c := 0; c < 10; c++ {
			if p.Empty(c) {
				return true
			}
		}
		return false
	}
	flippable := func(p spider.Position) bool {
		for c := 0; c < 10; c++ {
			if p.Check(spider.Flip(c)) == nil {
				return true
			}
		}
		return false
	}
	specs := []spec{
		{id: "microsoft-1suit-start", variant: spider.VariantMicrosoft, suits: 1, number: 1},
		{id: "app-2suit-start", variant: spider.VariantApp, suits: 2, number: 2},
		{id: "winnable-4suit-start", variant: spider.VariantWinnable, suits: 4, number: 3},
		{id: "app-4suit-relaxed-start", variant: spider.VariantApp, suits: 4, group: spider.GroupRelaxed, number: 4},
		{id: "duel-4suit-start", variant: spider.VariantDuel, suits: 4, number: 5},
		{id: "duel-2suit-flip", variant: spider.VariantDuel, suits: 2, number: 6,
			want: func(g spider.Game) bool { return len(g.History()) >= 5 && flippable(g.Position()) }},
		{id: "unlimited-1suit-runs-empty", variant: spider.VariantUnlimited, suits: 1, number: 7,
			want: func(g spider.Game) bool { return g.Position().Runs() >= 2 && empty(g.Position()) }},
		{id: "gratuit-2suit-run-empty", variant: spider.VariantGratuit, suits: 2, number: 8,
			want: func(g spider.Game) bool { return g.Position().Runs() >= 1 && empty(g.Position()) }},
		{id: "microsoft-4suit-relaxed-mid", variant: spider.VariantMicrosoft, suits: 4, group: spider.GroupRelaxed, number: 9,
			want: func(g spider.Game) bool { return len(g.History()) >= 15 }},
		{id: "lklynet-1suit-empty-anytime", variant: spider.VariantLklynet, suits: 1, number: 10,
			want: func(g spider.Game) bool { return empty(g.Position()) && g.Position().StockRows() > 0 }},
		{id: "winnable-2suit-stock-out", variant: spider.VariantWinnable, suits: 2, number: 11,
			want: func(g spider.Game) bool { return g.Position().StockRows() == 0 }},
		{id: "unlimited-1suit-last-run", variant: spider.VariantUnlimited, suits: 1, number: 16,
			want: func(g spider.Game) bool { return g.Position().Runs() == 7 }},
		{id: "bicycle-2suit-start", variant: spider.VariantBicycle, suits: 2, number: 12},
		{id: "bicycle-1suit-short-row", variant: spider.VariantBicycle, suits: 1, number: 14,
			want: func(g spider.Game) bool { return g.Position().StockRows() == 1 }},
	}
	var b strings.Builder
	b.WriteString("# Spider perft table: see README.md. Made by go test -run TestPerftTable -update-perft .\n")
	for _, s := range specs {
		v, err := spider.ParseVariant(s.variant)
		if err != nil {
			t.Fatal(err)
		}
		v.Rules.Group = s.group
		code, err := spider.NewCode(s.suits, s.group, s.number)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := code.Deal()
		g, err := spider.NewGame(d, v)
		if err != nil {
			t.Fatal(err)
		}
		if s.want != nil {
			_, line, err := bot.Play(d, v, s.number, 1500)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, a := range line {
				if g, err = g.Apply(a); err != nil {
					t.Fatal(err)
				}
				if found = s.want(g); found {
					break
				}
			}
			if !found {
				t.Fatalf("%s: the bot's game never gets there", s.id)
			}
		}
		p := g.Position()
		var words []string
		for _, a := range g.History() {
			words = append(words, a.String())
		}
		field := func(key, val string) {
			b.WriteString(strings.TrimSpace(key + " " + val))
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
		field("id", s.id)
		field("code", code.String())
		field("rules", codec.FormatRules(p.Rules()))
		field("line", strings.Join(words, " "))
		field("layout", layoutOf(p))
		field("runs", strconv.Itoa(p.Runs()))
		start := time.Now()
		for depth := 1; depth <= 12; depth++ {
			n := spider.Perft(p, depth)
			fmt.Fprintf(&b, "perft %d %d\n", depth, n)
			if depth >= 5 && n > 5_000_000 {
				break // the next would take seconds
			}
		}
		t.Logf("%s: %v", s.id, time.Since(start))
	}
	if err := os.MkdirAll("testdata/perft", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(perftFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
