package bench

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
)

// Paired is the comparison of two advice benches on the deals both played
// (Compare): how many each won, how many only one of them won, the
// difference of their shares won with its 95% interval, and their scores
// deal by deal (in a duel on the same deal, the higher score wins).
type Paired struct {
	// A and B are the two benches' levels, from their summaries; a bench
	// cut short, without one, is "the first bench" or "the second bench".
	A string `json:"a"`
	B string `json:"b"`
	// Deals counts the deals both played; Both, OnlyA, OnlyB and Neither
	// split them by who won.
	Deals   int `json:"deals"`
	Both    int `json:"both"`
	OnlyA   int `json:"onlyA"`
	OnlyB   int `json:"onlyB"`
	Neither int `json:"neither"`
	// WonA and WonB count the games each won.
	WonA int `json:"wonA"`
	WonB int `json:"wonB"`
	// Diff is B's share won less A's, in percent, and DiffLow and
	// DiffHigh bound it at 95% confidence (Newcombe's interval for paired
	// shares, built on Wilson's): an interval that excludes 0 says one
	// wins clearly more than the other on these deals.
	Diff     float64 `json:"diffPct"`
	DiffLow  float64 `json:"diffLowPct"`
	DiffHigh float64 `json:"diffHighPct"`
	// HigherA and HigherB count the deals where that bench scored more
	// than the other, under the benches' scoring; ScoreMeanA and
	// ScoreMeanB are their mean scores over the deals both played.
	HigherA    int     `json:"higherA"`
	HigherB    int     `json:"higherB"`
	ScoreMeanA float64 `json:"scoreMeanA"`
	ScoreMeanB float64 `json:"scoreMeanB"`
}

// Compare reads two advice benches' JSON output (Advise with JSON: an
// AdviseGame line a deal, then an AdviseSummary line) and compares them on the deals
// both played, deal by deal. It returns an error when a line is not such
// JSON, when a bench repeats a deal, or when they share no deal.
func Compare(a, b io.Reader) (Paired, error) {
	ga, la, err := readBench(a)
	if err != nil {
		return Paired{}, fmt.Errorf("bench: the first bench: %w", err)
	}
	gb, lb, err := readBench(b)
	if err != nil {
		return Paired{}, fmt.Errorf("bench: the second bench: %w", err)
	}
	c := Paired{A: cmp.Or(la, "the first bench"), B: cmp.Or(lb, "the second bench")}
	deals := make([]uint64, 0, len(ga))
	for d := range ga {
		if _, ok := gb[d]; ok {
			deals = append(deals, d)
		}
	}
	if len(deals) == 0 {
		return Paired{}, fmt.Errorf("bench: the two benches share no deal")
	}
	slices.Sort(deals)
	for _, d := range deals {
		wa, wb := ga[d].won, gb[d].won
		switch sa, sb := ga[d].score, gb[d].score; {
		case sa > sb:
			c.HigherA++
		case sb > sa:
			c.HigherB++
		}
		c.ScoreMeanA += float64(ga[d].score) / float64(len(deals))
		c.ScoreMeanB += float64(gb[d].score) / float64(len(deals))
		switch {
		case wa && wb:
			c.Both++
		case wa:
			c.OnlyA++
		case wb:
			c.OnlyB++
		default:
			c.Neither++
		}
	}
	c.Deals = len(deals)
	c.WonA, c.WonB = c.Both+c.OnlyA, c.Both+c.OnlyB
	lo, hi := pairedInterval(c.Both, c.OnlyA, c.OnlyB, c.Neither)
	c.Diff = 100 * float64(c.OnlyB-c.OnlyA) / float64(c.Deals)
	c.DiffLow, c.DiffHigh = 100*lo, 100*hi
	return c, nil
}

// benchGame is what Compare reads of a bench's game: whether it was won,
// and its score.
type benchGame struct {
	won   bool
	score int
}

// readBench reads an advice bench's JSON lines: whether each deal was won
// and its score, and the level of its summary line ("" without one).
func readBench(r io.Reader) (map[uint64]benchGame, string, error) {
	won := map[uint64]benchGame{}
	level := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		if len(line) == 0 {
			continue
		}
		// A deal's line says whether it was won, the summary how many
		// were: "won" is read once the line's kind is known.
		var g struct {
			Deal  *uint64         `json:"deal"`
			Won   json.RawMessage `json:"won"`
			Score int             `json:"score"`
			Level string          `json:"level"`
		}
		if err := json.Unmarshal(line, &g); err != nil {
			return nil, "", fmt.Errorf("line %d: %w", n, err)
		}
		switch {
		case g.Deal != nil:
			if _, dup := won[*g.Deal]; dup {
				return nil, "", fmt.Errorf("line %d: deal %d a second time", n, *g.Deal)
			}
			var w bool
			if err := json.Unmarshal(g.Won, &w); err != nil {
				return nil, "", fmt.Errorf("line %d: deal %d: won: %w", n, *g.Deal, err)
			}
			won[*g.Deal] = benchGame{won: w, score: g.Score}
		case g.Level != "":
			level = g.Level
		default:
			return nil, "", fmt.Errorf("line %d: neither a deal nor a summary", n)
		}
	}
	return won, level, sc.Err()
}

// pairedInterval is the 95% interval of the difference of two paired
// shares, (b-a)/n in the counts of deals both won, only the first won,
// only the second won and neither won: Newcombe's method 10 (1998), from
// the Wilson intervals of each share and the correlation of the pairs.
func pairedInterval(both, onlyA, onlyB, neither int) (lo, hi float64) {
	n := both + onlyA + onlyB + neither
	m := float64(n)
	pa, pb := float64(both+onlyA)/m, float64(both+onlyB)/m
	la, ua := wilson(both+onlyA, n)
	lb, ub := wilson(both+onlyB, n)
	la, ua, lb, ub = la/100, ua/100, lb/100, ub/100
	phi := 0.0
	if den := float64(both+onlyA) * float64(onlyB+neither) * float64(both+onlyB) * float64(onlyA+neither); den > 0 {
		phi = (float64(both)*float64(neither) - float64(onlyA)*float64(onlyB)) / math.Sqrt(den)
	}
	d := pb - pa
	// B's share high and A's low make the difference's upper bound.
	up := math.Sqrt(max(0, sq(ub-pb)-2*phi*(ub-pb)*(pa-la)+sq(pa-la)))
	down := math.Sqrt(max(0, sq(pb-lb)-2*phi*(pb-lb)*(ua-pa)+sq(ua-pa)))
	return max(d-down, -1), min(d+up, 1)
}

// sq is x squared.
func sq(x float64) float64 { return x * x }

// WriteCompare writes the comparison as text.
func WriteCompare(w io.Writer, c Paired) error {
	p := &printer{w: w}
	p.printf("%s against %s on %s: %d won and %d won; both %d, only %s %d, only %s %d, neither %d\n",
		c.B, c.A, plural(c.Deals, "deal"), c.WonB, c.WonA, c.Both, c.A, c.OnlyA, c.B, c.OnlyB, c.Neither)
	p.printf("difference %+.1f%% (95%% interval %+.1f to %+.1f%%)\n", c.Diff, c.DiffLow, c.DiffHigh)
	p.printf("scores: %s higher on %d, %s higher on %d, equal on %d; mean %.1f and %.1f\n",
		c.B, c.HigherB, c.A, c.HigherA, c.Deals-c.HigherA-c.HigherB, c.ScoreMeanB, c.ScoreMeanA)
	return p.err
}
