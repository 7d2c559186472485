package codec

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/bot"
	"pgregory.net/rapid"
)

// botRecord is a realistic verified record: a game the bot played.
func botRecord(t testing.TB, number uint64, suits int, variant string) *Record {
	t.Helper()
	code, err := spider.NewCode(suits, spider.GroupClassic, number)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := code.Deal()
	v := spider.MustVariant(variant)
	g, actions, err := bot.Play(d, v, number, 3000)
	if err != nil {
		t.Fatal(err)
	}
	score, moves, runs := g.Score(), g.Moves(), g.Position().Runs()
	res := g.Outcome()
	times := make([]uint32, len(actions))
	for i := range times {
		times[i] = uint32(800 + (i*7919)%4000)
	}
	return &Record{
		Deal: DealSource{Kind: DealCode, Code: code}, Variant: variant, Rules: v.Rules, Scoring: v.Scoring,
		Tags:    []Tag{{"Player", "bot"}},
		Actions: actions, Times: times,
		Claims: Claims{Score: &score, Moves: &moves, Runs: &runs, Result: &res},
	}
}

func TestArchiveRoundTrip(t *testing.T) {
	c := newCodec(t)
	var buf bytes.Buffer
	w, err := c.NewArchiveWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var want []*Record
	for n := uint64(0); n < 12; n++ {
		r := botRecord(t, n, []int{1, 2, 4}[n%3], spider.VariantGratuit)
		want = append(want, r)
		write := w.Write
		if n%2 == 1 {
			write = w.WriteCompact
		}
		if err := write(r); err != nil {
			t.Fatalf("record %d: %v", n, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	rd, err := c.NewArchiveReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	for i := 0; ; i++ {
		r, err := rd.Next()
		if err == io.EOF {
			if i != len(want) {
				t.Fatalf("read %d records, wrote %d", i, len(want))
			}
			break
		}
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if diff := cmp.Diff(want[i], r, equateEmpty); diff != "" {
			t.Fatalf("record %d (-want +got):\n%s", i, diff)
		}
	}
	// A cut archive fails with a typed error naming the record.
	cut := buf.Bytes()[:buf.Len()*2/3]
	rd2, _ := c.NewArchiveReader(bytes.NewReader(cut))
	defer rd2.Close()
	for {
		_, err := rd2.Next()
		if err == io.EOF {
			t.Fatal("a cut archive read to the end")
		}
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Record == 0 {
				t.Fatalf("cut archive: %v, want a FormatError naming the record", err)
			}
			break
		}
	}
}

func TestCompactRefusesIllegal(t *testing.T) {
	c := newCodec(t)
	r := botRecord(t, 5, 2, spider.VariantApp)
	r.Actions = append(r.Actions[:3:3], spider.Move(0, 0, 1))
	r.Times = nil
	w, _ := c.NewArchiveWriter(io.Discard)
	if err := w.WriteCompact(r); !errors.Is(err, ErrNotReplayable) {
		t.Errorf("illegal action: %v, want ErrNotReplayable", err)
	}
	r.Deal = DealSource{Kind: DealProgram, Program: "solitaire", Game: "5"}
	r.Variant = ""
	if err := w.WriteCompact(r); !errors.Is(err, ErrNotReplayable) {
		t.Errorf("unknown program's deal: %v, want ErrNotReplayable", err)
	}
}

func TestRangeCoder(t *testing.T) {
	m := newIndexModel()
	e := newRangeEncoder()
	var want []int
	for i := 0; i < 5000; i++ {
		v := (i * i * 31) % 7
		if i%97 == 0 {
			v = 24 + i%300
		}
		want = append(want, v)
		m.encode(e, i%3, v)
	}
	out := e.finish()
	m = newIndexModel()
	d := newRangeDecoder(out)
	for i, w := range want {
		got, ok := m.decode(d, i%3)
		if !ok || got != w {
			t.Fatalf("index %d: got %d (%v), want %d", i, got, ok, w)
		}
	}
}

// TestZeroTailFits: the zero-tail check never refuses what the encoder
// wrote: indexes in any contexts (some large, to drive the probabilities
// of index 0 down), then runs of index 0 up to an undo loop's length,
// whose code ends in zero bytes the decoder reaches with its code 0.
func TestZeroTailFits(t *testing.T) {
	reached := 0
	rapid.Check(t, func(t *rapid.T) {
		m := newIndexModel()
		e := newRangeEncoder()
		var ctxs, want []int
		for range rapid.IntRange(0, 200).Draw(t, "indexes") {
			ctx, i := rapid.IntRange(0, 2).Draw(t, "ctx"), rapid.IntRange(0, 40).Draw(t, "index")
			m.encode(e, ctx, i)
			ctxs, want = append(ctxs, ctx), append(want, i)
		}
		for range rapid.IntRange(0, 3).Draw(t, "runs") {
			ctx := rapid.IntRange(0, 2).Draw(t, "runCtx")
			for range rapid.IntRange(0, 40_000).Draw(t, "zeros") {
				m.encode(e, ctx, 0)
				ctxs, want = append(ctxs, ctx), append(want, 0)
			}
		}
		body := e.finish()
		m, d, z := newIndexModel(), newRangeDecoder(body), newZeroTail(body)
		for j, ctx := range ctxs {
			if left, ok := z.fits(d, m, len(ctxs)-j); !ok {
				t.Fatalf("index %d of %d: %d zero bytes left, refused, of an encoder's %d bytes", j, len(ctxs), left, len(body))
			}
			if got, ok := m.decode(d, ctx); !ok || got != want[j] {
				t.Fatalf("index %d: %d, want %d", j, got, want[j])
			}
		}
		if d.pos != len(body) {
			t.Fatalf("decoded in %d of %d bytes", d.pos, len(body))
		}
		if z.checked {
			reached++
		}
	})
	if reached == 0 {
		t.Error("no decoder reached zeros that end its body")
	}
}
