package lklynet

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/codec"
)

// TestRoundTrip turns each sample log of lklynet into a record, the
// record into text and back, and back into a log: the events come back
// unchanged.
func TestRoundTrip(t *testing.T) {
	c := newCodec(t)
	f, err := os.Open("../testdata/vectors/lklynet-replays.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	n := 0
	for s.Scan() {
		log, err := ParseLog(c, s.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		r, err := log.Record()
		if err != nil {
			// Only a log that lklynet itself refuses may hold a move that
			// moves no card.
			var v struct{ Verdict struct{ Valid bool } }
			json.Unmarshal(s.Bytes(), &v)
			if v.Verdict.Valid || !errors.Is(err, codec.ErrFormat) {
				t.Fatalf("seed %q: %v", log.Seed, err)
			}
			continue
		}
		text, err := c.AppendText(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		back, err := c.DecodeText(text)
		if err != nil {
			t.Fatalf("seed %q: %v\n%s", log.Seed, err, text)
		}
		again, err := ToLog(back)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(log, again); diff != "" {
			t.Errorf("seed %q (-log +round trip):\n%s", log.Seed, diff)
		}
		// The events serialise as lklynet writes them.
		var orig struct{ Events []json.RawMessage }
		json.Unmarshal(s.Bytes(), &orig)
		for i, e := range again.Events {
			b, _ := json.Marshal(e)
			var x, y any
			json.Unmarshal(b, &x)
			json.Unmarshal(orig.Events[i], &y)
			if !cmp.Equal(x, y) {
				t.Fatalf("seed %q event %d: %s, lklynet wrote %s", log.Seed, i, b, orig.Events[i])
			}
		}
		n++
	}
	if n != 8 { // the ninth moves no card, and lklynet refuses it too
		t.Errorf("%d logs round-tripped, want 8", n)
	}
}

func TestMalformed(t *testing.T) {
	c := newCodec(t)
	for _, bad := range []string{
		`{"seed":"a","events":[{"type":"jump"}]}`,
		`{"seed":"a","events":[{"type":"move","fromPileIndex":1.5,"toPileIndex":2,"cardIndex":3}]}`,
		`{"seed":"a","events":[{"type":"move","fromPileIndex":10,"toPileIndex":2,"cardIndex":3}]}`,
		`{"seed":"a","events":[{"type":"move","fromPileIndex":1,"toPileIndex":2}]}`,
		`{"seed":"a","events":[{"type":"move","fromPileIndex":"1","toPileIndex":2,"cardIndex":3}]}`,
		`{"seed":"a","events":[7]}`,
		`{"events":[]}`,
		`[1,2]`,
	} {
		_, err := ParseLog(c, []byte(bad))
		if !errors.Is(err, codec.ErrFormat) {
			t.Errorf("%s: %v, want codec.ErrFormat", bad, err)
		}
	}
	_, err := ParseLog(c, []byte(`{"seed":"a","events":[{"type":"deal"},{"type":"jump"}]}`))
	var le *LogError
	if !errors.As(err, &le) || le.Event != 1 {
		t.Errorf("error does not name event 1: %v", err)
	}
	log, _ := ParseLog(c, []byte(`{"seed":"a","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":9}]}`))
	if _, err := log.Record(); !errors.Is(err, codec.ErrFormat) {
		t.Errorf("cardIndex beyond the pile: %v", err)
	}
}

// TestLogNotUTF8: a byte that is not UTF-8 makes a log malformed, at its
// offset, as it does every form of record (encoding/json would read a
// seed of another game, with U+FFFD for the byte).
func TestLogNotUTF8(t *testing.T) {
	c := newCodec(t)
	for _, tc := range []struct {
		desc string
		log  string
		at   int64
	}{
		{desc: "0xFF in the seed", log: "{\"seed\":\"a\xffb\",\"events\":[]}", at: 10},
		{desc: "a cut sequence in a key", log: "{\"seed\":\"ab\",\"events\":[],\"x\xe2\x82\":1}", at: 27},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			_, err := ParseLog(c, []byte(tc.log))
			var fe *codec.FormatError
			if !errors.As(err, &fe) || !errors.Is(err, codec.ErrFormat) || fe.Offset != tc.at {
				t.Fatalf("got %v, want a format error at byte %d", err, tc.at)
			}
		})
	}
}

// TestLongSeedsEveryForm: a log with a long seed (up to MaxSeed) becomes a
// record that every form writes and reads back; a longer seed is refused
// by the log reader, so no log converts into a record that will not read.
func TestLongSeedsEveryForm(t *testing.T) {
	c := newCodec(t)
	for _, seed := range []string{strings.Repeat("<", 200_000), strings.Repeat("é\"\\\x01", 1000), strings.Repeat("s", 1025), "", " a  b "} {
		line, _ := json.Marshal(Log{Seed: seed, Events: []Event{{Type: "deal"}, {Type: "move", FromPileIndex: 0, ToPileIndex: 1, CardIndex: 5}}})
		log, err := ParseLog(c, line)
		if err != nil {
			t.Fatalf("seed of %d bytes: %v", len(seed), err)
		}
		r, err := log.Record()
		if err != nil {
			t.Fatal(err)
		}
		text, err := c.AppendText(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		js, err := c.AppendJSON(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		bin, err := c.EncodeBinary(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		for form, decode := range map[string]func() (*codec.Record, error){
			"text":   func() (*codec.Record, error) { return c.DecodeText(text) },
			"JSON":   func() (*codec.Record, error) { return c.DecodeJSON(js) },
			"binary": func() (*codec.Record, error) { return c.DecodeBinary(bin) },
		} {
			back, err := decode()
			if err != nil {
				t.Fatalf("%s: %v", form, err)
			}
			if back.Deal.Game != seed {
				t.Errorf("%s: the seed changed", form)
			}
		}
	}
	tooLong := `{"seed":"` + strings.Repeat("s", MaxSeed+1) + `","events":[]}`
	if _, err := ParseLog(c, []byte(tooLong)); !errors.Is(err, codec.ErrTooLarge) {
		t.Errorf("a seed over MaxSeed: %v, want codec.ErrTooLarge", err)
	}
	// A smaller bound in the codec's program is the log reader's too.
	p := Program()
	p.MaxSeed = 3
	small := newCodec(t, codec.WithPrograms(p))
	line := []byte(`{"seed":"abcd","events":[]}`)
	if _, err := ParseLog(small, line); !errors.Is(err, codec.ErrTooLarge) {
		t.Errorf("a seed over the codec's bound: %v, want codec.ErrTooLarge", err)
	}
	var log Log
	if ScanLog(small, &log, line) || !ScanLog(c, &log, line) {
		t.Error("ScanLog does not bound the seed as the codec's program does")
	}
}
