package fuzz

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/lklynet/judge"
)

// small limits keep each fuzz input cheap and show that the limits hold.
var small = codec.Limits{MaxBytes: 64 << 10, MaxActions: 2000, MaxTags: 16, MaxTagSize: 512}

// newCodec builds the codec a fuzz target shares between its inputs (a
// Codec is safe for concurrent use): the small limits, and lklynet's seeds
// bounded as a tag's value.
func newCodec(t testing.TB) *codec.Codec {
	lk := lklynet.Program()
	lk.MaxSeed = small.MaxTagSize
	c, err := codec.New(codec.WithLimits(small), codec.WithPrograms(lk))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// big reads back what a fuzz input decoded to, with the default limits and
// lklynet's seeds.
var big = func() *codec.Codec {
	c, err := codec.New(codec.WithPrograms(lklynet.Program()))
	if err != nil {
		panic(err)
	}
	return c
}()

// typed reports whether err is a positioned codec error.
func typed(err error) bool {
	var se *codec.SyntaxError
	var fe *codec.FormatError
	return errors.As(err, &se) || errors.As(err, &fe)
}

// addGolden seeds a fuzz target with the golden files of one kind of the
// codec and of lklynet.
func addGolden(f *testing.F, pattern string, conv func([]byte) []byte) {
	files, _ := filepath.Glob(filepath.Join("..", "codec", "testdata", pattern))
	more, _ := filepath.Glob(filepath.Join("..", "lklynet", "testdata", pattern))
	for _, file := range append(files, more...) {
		b, err := os.ReadFile(file)
		if err == nil {
			f.Add(conv(b))
		}
	}
}

// stable checks that a decoded record survives every form unchanged:
// decode -> encode -> decode gives the same record, in each form.
func stable(t *testing.T, c *codec.Codec, r *codec.Record) {
	t.Helper()
	if err := c.Validate(r); err != nil {
		t.Fatalf("a decoded record fails the validation its decoder ends with: %v", err)
	}
	text, err := big.AppendText(nil, r)
	if err != nil {
		t.Fatalf("decoded record cannot be written as text: %v", err)
	}
	js, err := big.AppendJSON(nil, r)
	if err != nil {
		t.Fatalf("decoded record cannot be written as JSON: %v", err)
	}
	bin, err := c.EncodeBinary(nil, r)
	if err != nil {
		t.Fatalf("decoded record cannot be written as binary: %v", err)
	}
	for form, decode := range map[string]func() (*codec.Record, error){
		"text":   func() (*codec.Record, error) { return big.DecodeText(text) },
		"JSON":   func() (*codec.Record, error) { return big.DecodeJSON(js) },
		"binary": func() (*codec.Record, error) { return big.DecodeBinary(bin) },
	} {
		back, err := decode()
		if err != nil {
			t.Fatalf("%s of a decoded record does not decode: %v", form, err)
		}
		if diff := cmp.Diff(r, back, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%s round trip (-first +second):\n%s", form, diff)
		}
	}
}

func FuzzDecodeText(f *testing.F) {
	addGolden(f, "*.spider", func(b []byte) []byte { return b })
	f.Add([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n{c} d>f@1 ; x\n"))
	c := newCodec(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := c.DecodeText(data)
		if err != nil {
			if !typed(err) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		stable(t, c, r)
	})
}

// escapeRule is the grammar's rule for the digits of a \u{hex} escape,
// read independently of the parser: 1 to 6 hex digits naming a Unicode
// scalar value (at most U+10FFFF, not a surrogate).
var escapeRule = regexp.MustCompile(`^[0-9A-Fa-f]{1,6}$`)

// FuzzTextEscape holds the text parser's \u{...} escape to the grammar:
// the escape of any digits reads exactly when escapeRule and the scalar
// range accept them, and then as the code point they name.
func FuzzTextEscape(f *testing.F) {
	for _, s := range []string{"41", "9", "000041", "0000041", "10FFFF", "110000", "D800", "DFFF", "E000", "", "+41", "0x41", "4_1", " 41", "fffffff"} {
		f.Add(s)
	}
	c := newCodec(f)
	f.Fuzz(func(t *testing.T, digits string) {
		if strings.ContainsAny(digits, "}\"\\\n") {
			return // those end the escape or the value: another text
		}
		want, wantOK := rune(-1), escapeRule.MatchString(digits)
		if wantOK {
			v, err := strconv.ParseUint(digits, 16, 32)
			want, wantOK = rune(v), err == nil && v <= unicode.MaxRune && (v < 0xD800 || v > 0xDFFF)
		}
		r, err := c.DecodeText([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n[Player \"\\u{" + digits + "}\"]\n"))
		if (err == nil) != wantOK {
			t.Fatalf("\\u{%s}: the parser says %v, the grammar %v", digits, err, wantOK)
		}
		if err != nil {
			if !typed(err) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if got, _ := r.Tag("Player"); got != string(want) {
			t.Fatalf("\\u{%s} reads as %q, want %q", digits, got, string(want))
		}
	})
}

func FuzzDecodeJSON(f *testing.F) {
	addGolden(f, "*.json", func(b []byte) []byte { return b })
	f.Add([]byte(`{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"actions":["d"]}`))
	f.Add([]byte(`{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"actions":["d"],"claims":{"time":-1,"score":1000000000000}}`))
	f.Add([]byte(`{"spider":1,"deal":{"program":"lklynet","game":"` + strings.Repeat("<", 2000) + `"},"variant":"lklynet","actions":[]}`))
	c := newCodec(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := c.DecodeJSON(data)
		if err != nil {
			if !typed(err) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		stable(t, c, r)
	})
}

func FuzzDecodeBinary(f *testing.F) {
	c := newCodec(f)
	addGolden(f, "*.spider", func(b []byte) []byte {
		r, err := c.DecodeText(b)
		if err != nil {
			return b
		}
		bin, _ := c.EncodeBinary(nil, r)
		return bin
	})
	f.Add([]byte("SPDZ\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := c.DecodeBinary(data)
		if err != nil {
			if !typed(err) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		stable(t, c, r)
	})
}

func FuzzArchive(f *testing.F) {
	c := newCodec(f)
	var buf bytes.Buffer
	w, _ := c.NewArchiveWriter(&buf)
	addGolden(f, "*.spider", func(b []byte) []byte {
		if r, err := c.DecodeText(b); err == nil {
			w.Write(r)
		}
		return []byte("SPDA\x01")
	})
	w.Close()
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, err := c.NewArchiveReader(bytes.NewReader(data))
		if err != nil {
			if !typed(err) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		defer rd.Close()
		for i := 0; i < 100; i++ {
			r, err := rd.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !typed(err) {
					t.Fatalf("record %d: untyped error %v", i+1, err)
				}
				return
			}
			stable(t, c, r)
		}
	})
}

// FuzzLklynetLog reads arbitrary bytes as an lklynet log: a malformed log is
// refused with a typed error; a log that becomes a record comes back from
// the record unchanged, and lklynet's verdict on it never panics.
func FuzzLklynetLog(f *testing.F) {
	f.Add([]byte(`{"seed":"v","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5},{"type":"deal"},{"type":"undo"},{"type":"hint"}]}`))
	f.Add([]byte(`{"seed":"","events":[]}`))
	f.Add([]byte(`{"seed":"a","events":[{"type":"move","fromPileIndex":1.5}]}`))
	// What JavaScript reads loosely (see lklynet's FuzzJudge for all
	// the classes): piles out of range, negative, fractional, strings,
	// arrays and names of Array.prototype; missing or odd cardIndex; odd
	// types; events that are no objects; seeds and events of other kinds.
	for _, s := range []string{
		`{"seed":"v","events":[{"type":"move","fromPileIndex":12,"toPileIndex":-1,"cardIndex":5}]}`,
		`{"seed":"v","events":[{"type":"move","fromPileIndex":"0","toPileIndex":[2],"cardIndex":"-1"}]}`,
		`{"seed":"v","events":[{"type":"move","fromPileIndex":"length","toPileIndex":"__proto__"}]}`,
		`{"seed":"v","events":[{"fromPileIndex":0,"toPileIndex":2,"cardIndex":{"toString":1}}]}`,
		`{"seed":"v","events":[{"type":"jump"},"deal",7,[],{},null]}`,
		`{"seed":"v","events":"ab"}`,
		`{"seed":["v"],"events":{}}`,
		`{"seed":{"length":"1"}}`,
		`null`,
	} {
		f.Add([]byte(s))
	}
	c := newCodec(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		log, err := lklynet.ParseLog(c, data)
		if err != nil {
			if !errors.Is(err, codec.ErrFormat) && !errors.Is(err, codec.ErrTooLarge) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		judge.Replay(log)
		r, err := log.Record()
		if err != nil {
			return
		}
		stable(t, c, r) // a log that reads becomes a record every form holds
		back, err := lklynet.ToLog(r)
		if err != nil {
			t.Fatalf("a record from a log does not go back: %v", err)
		}
		if diff := cmp.Diff(log, back, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("log -> record -> log (-first +second):\n%s", diff)
		}
	})
}

// FuzzFrontDoor: the one front door (Codec.FormOf, Decode, Records, with
// lklynet's log registered) never panics on any bytes; its errors are the
// codec's sentinels; what it decodes writes and reads back; a stream's
// records are each within the limit plus two bytes, and as many as its
// bytes (an archive: as its work budget allows); Records reads JSON
// lines exactly when FormOf says so. It is seeded with every submission
// of internal/frontdoor (text records that open with comments in braces
// among them).
func FuzzFrontDoor(f *testing.F) {
	dir := filepath.Join("..", "internal", "frontdoor", "testdata")
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"actions":["d"]}` + "\n\n" + `{"seed":"7","events":[{"type":"deal"}]}` + "\n"))
	lk := lklynet.Program()
	lk.MaxSeed = small.MaxTagSize
	c, err := codec.New(codec.WithLimits(small), codec.WithPrograms(lk), codec.WithForms(lklynet.LogForm()))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		form := c.FormOf(data)
		r, err := c.Decode(data)
		switch {
		case err == nil:
			stable(t, c, r)
		case !errors.Is(err, codec.ErrFormat) && !errors.Is(err, codec.ErrSyntax) && !errors.Is(err, codec.ErrTooLarge) &&
			!errors.Is(err, codec.ErrTruncated) && !errors.Is(err, codec.ErrManyRecords):
			t.Fatalf("an error of no sentinel: %v", err)
		}
		// A record a byte at most, but an archive's zstd stream may inflate
		// to many: its work budget, which each record's framing costs,
		// bounds them.
		most := len(data) + 1
		if form == codec.FormArchive {
			most = int((codec.ArchiveWorkBase+int64(len(data))*codec.DefaultLimits().ArchiveWorkPerByte)/codec.RecordWork) + 1
		}
		n, lines := 0, 0
		for e := range c.Records("in", bytes.NewReader(data)) {
			n++
			if strings.HasPrefix(e.Name, "in:") {
				lines++
			}
			if len(e.Data) > small.MaxBytes+2 {
				t.Fatalf("%s: %d bytes, over the limit plus two", e.Name, len(e.Data))
			}
			if n > most {
				t.Fatalf("%d records from %d bytes (%s), over %d", n, len(data), form, most)
			}
		}
		if (form == codec.FormJSONLines) != (lines > 0) {
			t.Fatalf("FormOf says %s, and Records reads %d JSON lines", form, lines)
		}
	})
}
