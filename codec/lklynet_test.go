package codec

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLklynetRoundTrip turns each sample log of lklynet into a record, the
// record into text and back, and back into a log: the events come back
// unchanged.
func TestLklynetRoundTrip(t *testing.T) {
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
		log, err := c.ParseLklynetLog(s.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		r, err := FromLklynet(log)
		if err != nil {
			// Only a log that lklynet itself refuses may hold a move that
			// moves no card.
			var v struct{ Verdict struct{ Valid bool } }
			json.Unmarshal(s.Bytes(), &v)
			if v.Verdict.Valid || !errors.Is(err, ErrFormat) {
				t.Fatalf("seed %q: %v", log.Seed, err)
			}
			continue
		}
		text, err := AppendText(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		back, err := c.DecodeText(text)
		if err != nil {
			t.Fatalf("seed %q: %v\n%s", log.Seed, err, text)
		}
		again, err := ToLklynet(back)
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

func TestLklynetMalformed(t *testing.T) {
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
		_, err := c.ParseLklynetLog([]byte(bad))
		if !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", bad, err)
		}
	}
	_, err := c.ParseLklynetLog([]byte(`{"seed":"a","events":[{"type":"deal"},{"type":"jump"}]}`))
	var le *LklynetError
	if !errors.As(err, &le) || le.Event != 1 {
		t.Errorf("error does not name event 1: %v", err)
	}
	log, _ := c.ParseLklynetLog([]byte(`{"seed":"a","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":9}]}`))
	if _, err := FromLklynet(log); !errors.Is(err, ErrFormat) {
		t.Errorf("cardIndex beyond the pile: %v", err)
	}
}
