package codec

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/spiderkit/spider"
)

func sampleRecord(t testing.TB) *Record {
	t.Helper()
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	score := 499
	return &Record{
		Deal:    DealSource{Kind: DealCode, Code: code},
		Variant: spider.VariantApp,
		Rules:   spider.Rules{Undo: spider.UndoRule{Limit: 100}, NoHints: true},
		Scoring: spider.ScoringApp(),
		Tags:    []Tag{{"Player", "Ann \"the spider\" Lee"}, {"Date", "2026.11.29"}},
		Actions: []spider.Action{spider.Move(3, 5, 1), spider.DealRow, spider.Move(0, 2, 3), spider.Undo},
		Times:   []uint32{1200, 800, 15000, 300},
		Claims:  Claims{Score: &score, Result: ptrOutcome(spider.Playing)},
	}
}

// typed reports whether err is one of the package's positioned errors.
func typed(err error) bool {
	var se *SyntaxError
	var fe *FormatError
	return errors.As(err, &se) || errors.As(err, &fe)
}

// TestZstdBomb: a frame of a few kilobytes that inflates to 256 MB is
// refused at the limit, without allocating anywhere near its size.
func TestZstdBomb(t *testing.T) {
	enc, _ := zstd.NewWriter(nil)
	bomb := enc.EncodeAll(make([]byte, 256<<20), nil)
	enc.Close()
	if len(bomb) > 64<<10 {
		t.Fatalf("bomb is %d bytes", len(bomb))
	}
	src := append([]byte(MagicRecord+"\x01"), bomb...)
	c := newCodec(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := c.DecodeBinary(src)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) || !typed(err) {
		t.Fatalf("bomb: %v, want a FormatError with ErrTooLarge", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 32<<20 {
		t.Errorf("decoding the bomb allocated %d MB", grew>>20)
	}
}

func TestTruncated(t *testing.T) {
	c := newCodec(t)
	r := sampleRecord(t)
	bin, _ := c.EncodeBinary(nil, r)
	for n := 0; n < len(bin); n++ {
		if _, err := c.DecodeBinary(bin[:n]); err == nil || !typed(err) {
			t.Errorf("binary cut at %d of %d: %v", n, len(bin), err)
		}
	}
	payload, _ := appendPayload(nil, r, codingExplicit, defaultOptions())
	for n := 0; n < len(payload); n++ {
		_, err := payloadRecord(payload[:n], defaultOptions())
		if err == nil || !typed(err) {
			t.Errorf("payload cut at %d: %v", n, err)
		}
	}
	js, _ := AppendJSON(nil, r)
	for n := 0; n < len(js)-1; n++ {
		if _, err := c.DecodeJSON(js[:n]); err == nil || !typed(err) {
			t.Errorf("JSON cut at %d: %v", n, err)
		}
	}
	text, _ := AppendText(nil, r)
	// A text cut inside its header or a tag is malformed; cut between
	// actions it is a shorter game, which is fine.
	for n := 0; n < bytes.Index(text, []byte("\n\n")); n++ {
		if n > 0 && (text[n-1] == ']' || text[n-1] == '\n') && n >= len("[Spider \"1\"]\n[Code \"SP1-S4C-AAAAAAD\"]") {
			continue // a whole tag less: still a record
		}
		if _, err := c.DecodeText(text[:n]); err == nil || !typed(err) {
			t.Errorf("text cut at %d: %v", n, err)
		}
	}
}

func TestLimits(t *testing.T) {
	small := Limits{MaxBytes: 4096, MaxActions: 10, MaxTags: 1, MaxTagSize: 16}
	c := newCodec(t, WithLimits(small))
	r := sampleRecord(t)
	r.Actions = make([]spider.Action, 11)
	for i := range r.Actions {
		r.Actions[i] = spider.DealRow
	}
	r.Times = nil
	r.Tags = r.Tags[:1]
	big := newCodec(t)
	bin, _ := big.EncodeBinary(nil, r)
	text, _ := AppendText(nil, r)
	js, _ := AppendJSON(nil, r)
	for name, err := range map[string]error{
		"binary": second(c.DecodeBinary(bin)),
		"text":   second(c.DecodeText(text)),
		"json":   second(c.DecodeJSON(js)),
	} {
		if !errors.Is(err, ErrTooLarge) || !typed(err) {
			t.Errorf("%s with 11 actions over a limit of 10: %v", name, err)
		}
	}
	r = sampleRecord(t)
	r.Tags = []Tag{{"Player", strings.Repeat("x", 17)}}
	text, _ = AppendText(nil, r)
	if _, err := c.DecodeText(text); !errors.Is(err, ErrTooLarge) {
		t.Errorf("tag over 16 bytes: %v", err)
	}
	huge := bytes.Repeat([]byte("d "), 3000)
	if _, err := c.DecodeText(huge); !errors.Is(err, ErrTooLarge) {
		t.Errorf("text over MaxBytes: %v", err)
	}
	if _, err := New(WithLimits(Limits{})); err == nil {
		t.Error("zero limits accepted")
	}
	if _, err := New(WithLevel(9)); err == nil {
		t.Error("level 9 accepted")
	}
}

func second[T any](_ T, err error) error { return err }

// TestGarbage feeds random bytes, and random bytes behind the right magic,
// to every decoder: each returns a typed error and none panics.
func TestGarbage(t *testing.T) {
	c := newCodec(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		b := make([]byte, rng.IntN(300))
		for j := range b {
			b[j] = byte(rng.UintN(256))
		}
		if i%2 == 0 {
			b = append([]byte(MagicRecord+"\x01"), b...)
		}
		if _, err := c.DecodeBinary(b); err == nil || !typed(err) {
			t.Fatalf("binary garbage %x: %v", b, err)
		}
		if _, err := c.DecodeJSON(b); err == nil || !typed(err) {
			t.Fatalf("JSON garbage %x: %v", b, err)
		}
		if r, err := c.DecodeText(b); err == nil && r.Deal.Kind == NoDeal || err != nil && !typed(err) {
			t.Fatalf("text garbage %q: %v", b, err)
		}
		if _, err := payloadRecord(b, defaultOptions()); err == nil || !typed(err) {
			// A random payload that decodes is possible in principle, but
			// would have to end exactly right; 3000 tries never do.
			t.Fatalf("payload garbage %x: %v", b, err)
		}
	}
}

func TestTextErrors(t *testing.T) {
	c := newCodec(t)
	tests := []struct {
		text      string
		line, col int
		contains  string
	}{
		{"[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f 3a>k", 3, 5, "not an action"},
		{"[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f 0a>b", 3, 5, "card count"},
		{"[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f@12 d", 3, 8, "every action has a time"},
		{"[Code \"SP1-S4C-AAAAAAD\"]\n[Code \"SP1-S4C-AAAAAAD\"]\n", 2, 7, "given twice"},
		{"[Code \"SP1-S9C-AAAAAAD\"]\n", 1, 7, "suit count"},
		{"[Player \"Ann]\n", 1, 9, "never closed"},
		{"[Variant \"nope\"]\n[Code \"SP1-S4C-AAAAAAD\"]\n", 1, 1, "unknown variant"},
		{"d>f\n", 1, 1, "names no deal"},
		{"[Code \"SP1-S4C-AAAAAAD\"]\n[Rules \"group=loose\"]\n", 2, 8, "unknown value"},
		{"[Code \"SP1-S4C-AAAAAAD\"]\n{ never closed\n", 2, 1, "never closed"},
		{"[Code \"SP1-S4C-AAAAAAD\"]\nd [Player \"x\"]\n", 2, 3, "tags must come before"},
		{"[Spider \"2\"]\n[Code \"SP1-S4C-AAAAAAD\"]\n", 1, 9, "format version"},
		{"[Deal \"pysolfc\"]\n", 1, 7, "names no game"},
		{"[Position \"a/b\"]\n", 1, 11, "10 columns"},
	}
	for _, tc := range tests {
		_, err := c.DecodeText([]byte(tc.text))
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: %v, want a SyntaxError", tc.text, err)
			continue
		}
		if se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Msg, tc.contains) {
			t.Errorf("%q: %v, want line %d column %d saying %q", tc.text, err, tc.line, tc.col, tc.contains)
		}
	}
}

func TestEncodeRefusesInvalid(t *testing.T) {
	c := newCodec(t)
	for name, change := range map[string]func(r *Record){
		"no deal":            func(r *Record) { r.Deal = DealSource{} },
		"reserved tag":       func(r *Record) { r.Tags = []Tag{{"Score", "1"}} },
		"bad tag name":       func(r *Record) { r.Tags = []Tag{{"a b", "1"}} },
		"bad UTF-8 in a tag": func(r *Record) { r.Tags = []Tag{{"Note", "a\xffb"}} },
		"times mismatch":     func(r *Record) { r.Times = r.Times[:1] },
		"action out of range": func(r *Record) {
			r.Actions = append(r.Actions, spider.Move(0, 12, 1))
			r.Times = append(r.Times, 0)
		},
		"bad result": func(r *Record) { r.Claims.Result = ptrOutcome(spider.TimeUp + 1) },
	} {
		r := sampleRecord(t)
		change(r)
		_, e1 := AppendText(nil, r)
		_, e2 := c.EncodeBinary(nil, r)
		_, e3 := AppendJSON(nil, r)
		for _, err := range []error{e1, e2, e3} {
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("%s: %v, want ErrInvalid", name, err)
			}
		}
	}
}

// defaultOptions are the options of a codec built with none.
func defaultOptions() *options {
	o := newOptions()
	return &o
}

// payloadRecord decodes a payload into a new record.
func payloadRecord(src []byte, o *options) (*Record, error) {
	r := new(Record)
	b := newWorkBudget(o.limits) // as an archive of it would
	b.hold(int64(len(src)))
	if err := decodePayload(r, src, o, b); err != nil {
		return nil, err
	}
	return r, nil
}

// A .spdz of a hundred zstd frames, each inflating to 1 MiB, stops at the
// 8 MiB limit and allocates about twice that while it decodes (doubling
// output, the decoder's window: 18 MB; up to 24 MB under the race
// detector, or when a collection empties the decoders' pool), not the
// 36 MB that decoding the frames all at once took.
func TestManyFramesBoundedMemory(t *testing.T) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	src := []byte(MagicRecord + "\x01")
	zeros := make([]byte, 1<<20)
	for range 100 {
		src = enc.EncodeAll(zeros, src)
	}
	c := newCodec(t)
	c.DecodeBinary(src) // the decoders of the pool, made once
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = c.DecodeBinary(src)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("%d bytes of frames: %v, want ErrTooLarge", len(src), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 30<<20 {
		t.Errorf("%d bytes of frames took %d MB of allocations", len(src), got>>20)
	}
}
