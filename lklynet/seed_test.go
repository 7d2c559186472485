package lklynet

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/codec"
	"pgregory.net/rapid"
)

// escapedLog is a log of seed, written as JSON with every code unit of
// the seed a \u escape, and events.
func escapedLog(units []uint16, events string) []byte {
	var b strings.Builder
	b.WriteString(`{"seed":"`)
	for _, u := range units {
		fmt.Fprintf(&b, `\u%04x`, u)
	}
	b.WriteString(`","events":` + events + `}`)
	return []byte(b.String())
}

// TestSeedCodeUnits: ParseLog reads a seed as JavaScript does, as UTF-16
// code units, so that a lone surrogate deals lklynet's cards (not those
// of U+FFFD); a raw byte that is not UTF-8 is malformed, at its offset.
func TestSeedCodeUnits(t *testing.T) {
	c := newCodec(t)
	events := `[{"type":"deal"},{"type":"move","fromPileIndex":0,"toPileIndex":1,"cardIndex":5}]`
	for _, tc := range []struct {
		desc  string
		units []uint16
		hash  uint32 // lklynet's start state (0: not checked)
		seed  string // Log.Seed
		// position: the record names the seed's cards, since no record's
		// seed can hold a lone surrogate.
		position bool
	}{
		{desc: "a lone high surrogate", units: []uint16{0xD800}, hash: 0x8ae4a8db, seed: "\xed\xa0\x80", position: true},
		{desc: "a lone low surrogate", units: []uint16{0xDC00}, seed: "\xed\xb0\x80", position: true},
		{desc: "a valid pair", units: []uint16{0xD83D, 0xDE00}, seed: "😀"},
		{desc: "a pair, then a lone high surrogate", units: []uint16{0xD83D, 0xDE00, 0xD800}, seed: "😀\xed\xa0\x80", position: true},
		{desc: "a low surrogate before a high one is no pair", units: []uint16{0xDE00, 0xD83D}, seed: "\xed\xb8\x80\xed\xa0\xbd", position: true},
		{desc: "plain letters", units: []uint16{'v', 0xE9}, seed: "vé"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			log, err := ParseLog(c, escapedLog(tc.units, events))
			if err != nil {
				t.Fatal(err)
			}
			if log.Seed != tc.seed {
				t.Errorf("seed %q, want %q", log.Seed, tc.seed)
			}
			if got := Hash(log.Seed); got != HashUTF16(tc.units) || (tc.hash != 0 && got != tc.hash) {
				t.Errorf("hash %08x, want %08x (lklynet's)", got, HashUTF16(tc.units))
			}
			want := DealUTF16(tc.units)
			if diff := cmp.Diff(want, Deal(log.Seed)); diff != "" {
				t.Errorf("the deal is not lklynet's (-want +got):\n%s", diff)
			}
			r, err := log.Record()
			if err != nil {
				t.Fatal(err)
			}
			if (r.Deal.Kind == codec.DealPosition) != tc.position {
				t.Errorf("the record's deal is %v, want a position: %v", r.Deal.Kind, tc.position)
			}
			got, err := c.Deal(r.Deal)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("the record's deal is not lklynet's (-want +got):\n%s", diff)
			}
			text, err := c.AppendText(nil, r)
			if err != nil {
				t.Fatalf("the record does not write: %v", err)
			}
			if _, err := c.DecodeText(text); err != nil {
				t.Fatalf("the record does not read back: %v", err)
			}
			// The log writes its seed back as lklynet reads it.
			line, err := json.Marshal(log)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseLog(c, line)
			if err != nil || back.Seed != log.Seed {
				t.Errorf("written as %s, read back as %+v (%v)", line, back, err)
			}
		})
	}
	for _, tc := range []struct {
		desc   string
		line   string
		offset int64
	}{
		{"a raw byte 0xff in the seed", "{\"seed\":\"a\xff\",\"events\":[]}", 10},
		{"a lone surrogate's raw bytes in the seed", "{\"seed\":\"\xed\xa0\x80\",\"events\":[]}", 9},
		{"a raw byte 0xff in an event", "{\"seed\":\"a\",\"events\":[{\"type\":\"deal\",\"x\":\"\xff\"}]}", 42},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			_, err := ParseLog(c, []byte(tc.line))
			var fe *codec.FormatError
			if !errors.As(err, &fe) || !errors.Is(err, codec.ErrFormat) || fe.Offset != tc.offset {
				t.Fatalf("%v, want a codec.ErrFormat at byte %d", err, tc.offset)
			}
		})
	}
}

// TestSeedUnitsProperty: any seed of UTF-16 code units, written with
// escapes, reads back to a seed that hashes as lklynet hashes the units,
// and a log writes it back to the same seed.
func TestSeedUnitsProperty(t *testing.T) {
	c := newCodec(t)
	rapid.Check(t, func(t *rapid.T) {
		units := rapid.SliceOfN(rapid.SampledFrom([]uint16{'a', 0x7F, 0xE9, 0xFFFD, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D, 0xDE00}), 0, 8).Draw(t, "units")
		log, err := ParseLog(c, escapedLog(units, "[]"))
		if err != nil {
			t.Fatal(err)
		}
		if Hash(log.Seed) != HashUTF16(units) {
			t.Fatalf("seed %q: hash %08x, lklynet's %08x", log.Seed, Hash(log.Seed), HashUTF16(units))
		}
		// Only a seed with a lone surrogate is not UTF-8.
		paired := slices.Equal(utf16.Encode(utf16.Decode(units)), units)
		if utf8.ValidString(log.Seed) != paired {
			t.Fatalf("seed %q: UTF-8 %v, want %v", log.Seed, utf8.ValidString(log.Seed), paired)
		}
		line, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseLog(c, line)
		if err != nil || back.Seed != log.Seed {
			t.Fatalf("written as %s, read back as %+v (%v)", line, back, err)
		}
		r, err := log.Record()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Validate(r); err != nil {
			t.Fatalf("the record of seed %q: %v", log.Seed, err)
		}
	})
}

// TestSeedSurrogateIsNotFFFD: a lone surrogate and U+FFFD are two seeds,
// with two deals.
func TestSeedSurrogateIsNotFFFD(t *testing.T) {
	c := newCodec(t)
	lone, err := ParseLog(c, []byte(`{"seed":"\ud800","events":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	fffd, err := ParseLog(c, []byte(`{"seed":"\ufffd","events":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if cmp.Equal(Deal(lone.Seed), Deal(fffd.Seed)) {
		t.Error("a lone surrogate deals as U+FFFD")
	}
}
