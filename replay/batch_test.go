package replay

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// generated makes n records of the bot's games, every fifth one with an
// illegal action, every seventh lying about its score, every eleventh
// unreadable, and says what each should get.
func generated(t testing.TB, n int) ([]Input, []Verdict) {
	c, _ := codec.New()
	defer c.Close()
	variants := spider.Variants()
	var ins []Input
	var want []Verdict
	for i := 0; i < n; i++ {
		p := variants[i%len(variants)].Name
		code, _ := spider.NewCode([]int{2, 4, 4}[i%3], spider.GroupRule(i/3%2), uint64(i))
		d, _ := code.Deal()
		v := spider.MustVariant(p)
		v.Rules.Group = code.Group
		_, actions, _ := botPlay(d, v, uint64(i))
		r := honest(t, code, p, actions)
		status := Verified
		switch {
		case i%11 == 0:
			ins = append(ins, Input{Name: fmt.Sprint(i), Data: []byte("[Code \"SP1-S4C-AAAAAAD\"]\n\n3a>z\n")})
			want = append(want, Malformed)
			continue
		case i%5 == 0 && len(actions) > 0:
			r.Actions = slices.Insert(slices.Clone(r.Actions), len(actions)/2, spider.Move(1, 1, 1))
			r.Times = nil
			status = Illegal
		case i%7 == 0:
			s := *r.Claims.Score + 1
			r.Claims.Score = &s
			status = Disputed
		}
		in := Input{Name: fmt.Sprint(i)}
		switch i % 3 {
		case 0:
			in.Record = r
		case 1:
			in.Data, _ = c.EncodeBinary(nil, r)
		case 2:
			in.Data, _ = codec.AppendText(nil, r)
		}
		ins = append(ins, in)
		want = append(want, status)
	}
	return ins, want
}

// TestStreamThousands verifies a few thousand generated records on every
// core and checks each verdict, the order, and the summary.
func TestStreamThousands(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	ins, want := generated(t, n)
	var v Verifier
	i := 0
	sum, err := v.Stream(context.Background(), 0, slices.Values(ins), func(r *Report) error {
		if r.Name != ins[i].Name {
			t.Fatalf("report %d is for %s: out of order", i, r.Name)
		}
		if r.Verdict != want[i] {
			t.Errorf("record %s: %s, want %s", r.Name, r, want[i])
		}
		// Workers reuse their memory from record to record: the report
		// must be the one a fresh verifier gives.
		if i%7 == 0 {
			alone := v.verifyInput(ins[i], new(worker))
			if r.Reason() != alone.Reason() || !cmp.Equal(r.Result, alone.Result) || !cmp.Equal(r.Findings, alone.Findings) || !cmp.Equal(r.Mismatches, alone.Mismatches) {
				t.Errorf("record %s: %s in the stream, %s alone", r.Name, r, alone)
			}
		}
		i++
		return nil
	})
	if err != nil || i != n || sum.Records != n {
		t.Fatalf("stream: %v, %d reports, summary %+v", err, i, sum)
	}
	count := map[Verdict]int{}
	for _, s := range want {
		count[s]++
	}
	if sum.Verified != count[Verified] || sum.Illegal != count[Illegal] || sum.Disputed != count[Disputed] || sum.Malformed != count[Malformed] {
		t.Errorf("summary %+v, want %v", sum, count)
	}
	if sum.IllegalBy[spider.ErrSameColumn.Error()] != count[Illegal] {
		t.Errorf("illegal by reason: %v", sum.IllegalBy)
	}
}

func TestStreamStops(t *testing.T) {
	ins, _ := generated(t, 60)
	var v Verifier
	stop := errors.New("enough")
	seen := 0
	_, err := v.Stream(context.Background(), 2, slices.Values(ins), func(r *Report) error {
		if seen++; seen == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || seen != 10 {
		t.Errorf("emit error: %v after %d", err, seen)
	}
	ctx, cancel := context.WithCancel(context.Background())
	endless := iter.Seq[Input](func(yield func(Input) bool) {
		for i := 0; ; i++ {
			if !yield(ins[i%len(ins)]) {
				return
			}
		}
	})
	n := 0
	_, err = v.Stream(ctx, 2, endless, func(*Report) error {
		if n++; n == 100 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled stream: %v", err)
	}
}
