package replay

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// benchRecords are the bot's games of deals 0-19 at 1, 2 and 4 suits under
// the gratuit variant, honest and timed: the codec's benchmark corpus.
func benchRecords(b *testing.B) ([]*codec.Record, int) {
	var recs []*codec.Record
	n := 0
	for _, suits := range []int{1, 2, 4} {
		for i := uint64(0); i < 20; i++ {
			code, _ := spider.NewCode(suits, spider.GroupClassic, i)
			d, _ := code.Deal()
			v := spider.MustVariant(spider.VariantGratuit)
			_, actions, _ := botPlay(d, v, i)
			recs = append(recs, honest(b, code, spider.VariantGratuit, actions))
			n += len(actions)
		}
	}
	return recs, n
}

func reportActions(b *testing.B, perOp int) {
	b.ReportMetric(float64(perOp)*float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkVerifyRecord verifies decoded records: replay and audit only.
func BenchmarkVerifyRecord(b *testing.B) {
	recs, n := benchRecords(b)
	var v Verifier
	x := new(worker)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range recs {
			if rep := v.verify(r, x); !rep.OK() {
				b.Fatal(rep)
			}
		}
	}
	reportActions(b, n)
}

// BenchmarkVerifyBinary verifies .spdz bytes: decode, replay and audit,
// with no policy and with a host's (the corpus's variant on game codes,
// every claim, times of at least 100 ms), side by side.
func BenchmarkVerifyBinary(b *testing.B) {
	gratuit := spider.MustVariant(spider.VariantGratuit)
	host := Policy{Variants: []spider.Variant{gratuit}, Deals: DealPolicy{Codes: AllCodes},
		Claims: AllClaims, Times: true, MinActionMs: 100, MaxActions: 5000, MaxBytes: 1 << 16}
	b.Run("policy=none", func(b *testing.B) { benchBytes(b, "binary", Policy{}) })
	b.Run("policy=host", func(b *testing.B) { benchBytes(b, "binary", host) })
}

// BenchmarkVerifyText verifies .spider bytes.
func BenchmarkVerifyText(b *testing.B) { benchBytes(b, "text", Policy{}) }

func benchBytes(b *testing.B, form string, p Policy) {
	recs, n := benchRecords(b)
	c, _ := codec.New()
	defer c.Close()
	v := New(Options{Codec: c, Policy: p})
	var data [][]byte
	for _, r := range recs {
		var d []byte
		if form == "binary" {
			d, _ = c.EncodeBinary(nil, r)
		} else {
			d, _ = codec.AppendText(nil, r)
		}
		data = append(data, d)
	}
	x := new(worker)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, d := range data {
			if rep := v.verifyBytes(d, x); !rep.OK() {
				b.Fatal(rep)
			}
		}
	}
	reportActions(b, n)
}

// BenchmarkStream verifies binary records with Stream on 1 and on all
// cores: the corpus ten times over, 600 records a stream, as Stream is for
// long inputs.
func BenchmarkStream(b *testing.B) {
	recs, n := benchRecords(b)
	c, _ := codec.New()
	defer c.Close()
	var ins []Input
	for _, r := range recs {
		d, _ := c.EncodeBinary(nil, r)
		ins = append(ins, Input{Data: d})
	}
	ins = slices.Repeat(ins, 10)
	n *= 10
	v := New(Options{Codec: c})
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				_, err := v.Stream(context.Background(), workers, slices.Values(ins), func(r *Report) error {
					if !r.OK() {
						b.Fatal(r)
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			reportActions(b, n)
		})
	}
}

// BenchmarkLive feeds the corpus's games to a Live one action at a time,
// under the host's policy of BenchmarkVerifyBinary, and, side by side,
// applies the same actions to a Session (what the whole-record verifier
// replays on), reused from game to game and, as a host would keep it, a
// new one a game: the cost of verifying live, an action at a time.
func BenchmarkLive(b *testing.B) {
	recs, n := benchRecords(b)
	gratuit := spider.MustVariant(spider.VariantGratuit)
	host := New(Options{Policy: Policy{Variants: []spider.Variant{gratuit}, Deals: DealPolicy{Codes: AllCodes},
		Times: true, MinActionMs: 100, MaxActions: 5000}})
	b.Run("live", func(b *testing.B) {
		for b.Loop() {
			for _, r := range recs {
				head := *r
				head.Actions, head.Times = nil, nil
				l, err := host.Live(&head)
				if err != nil {
					b.Fatal(err)
				}
				for i, a := range r.Actions {
					if _, err := l.ApplyAt(a, r.Times[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		reportActions(b, n)
	})
	b.Run("session", func(b *testing.B) {
		var x spider.Session
		for b.Loop() {
			for _, r := range recs {
				p, _ := r.Deal.Code.Position(r.Rules)
				x.Start(p, r.Scoring)
				for _, a := range r.Actions {
					if err := x.Apply(a); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		reportActions(b, n)
	})
	// A game a Session of its own, timed, as a host keeps one a seat: the
	// Session's history grows with each game, as a Live's does.
	b.Run("session-a-game", func(b *testing.B) {
		for b.Loop() {
			for _, r := range recs {
				p, _ := r.Deal.Code.Position(r.Rules)
				var x spider.Session
				x.Start(p, r.Scoring)
				for i, a := range r.Actions {
					if err := x.ApplyAt(a, r.Times[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		reportActions(b, n)
	})
}
