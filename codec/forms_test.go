package codec_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/spiderkit/spider/codec"
)

// wonJSON is a short record in the JSON form, on one line.
const wonJSON = `{"spider":1,"deal":{"code":"SP1-S1C-AAAAAAG"},"variant":"app","actions":["d"]}`

// wonText is the same record in the text form.
const wonText = "[Code \"SP1-S1C-AAAAAAG\"]\n[Variant \"app\"]\n\nd\n"

// shout is a form of records for the tests: "SHOUT " and a text record.
var shout = codec.Form{
	Name:  "shout",
	Match: func(b []byte) bool { return bytes.HasPrefix(b, []byte("SHOUT ")) },
	Decode: func(c *codec.Codec, b []byte) (*codec.Record, error) {
		return c.DecodeText(b[len("SHOUT "):])
	},
}

func TestFormOf(t *testing.T) {
	c, err := codec.New(codec.WithForms(shout))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := c.DecodeText([]byte(wonText))
	if err != nil {
		t.Fatal(err)
	}
	bin, err := c.EncodeBinary(nil, rec)
	if err != nil {
		t.Fatal(err)
	}
	var archive bytes.Buffer
	aw, err := c.NewArchiveWriter(&archive)
	if err != nil {
		t.Fatal(err)
	}
	if err := aw.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := aw.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, form string
		b          []byte
	}{
		{"text", codec.FormText, []byte(wonText)},
		{"binary", codec.FormBinary, bin},
		{"archive", codec.FormArchive, archive.Bytes()},
		{"json", codec.FormJSON, []byte(wonJSON)},
		{"json and a newline", codec.FormJSON, []byte(wonJSON + "\n\n")},
		{"indented json", codec.FormJSON, []byte("{\n  \"spider\": 1,\n  \"deal\": {\"code\": \"SP1-S1C-AAAAAAG\"}\n}\n")},
		{"json and more", codec.FormJSON, []byte(wonJSON + "\n}")},
		{"json lines", codec.FormJSONLines, []byte(wonJSON + "\n" + wonJSON + "\n")},
		{"json lines, a blank line between", codec.FormJSONLines, []byte(wonJSON + "\r\n\r\n  " + wonJSON)},
		{"a registered form", "shout", []byte("SHOUT " + wonText)},
		{"empty", codec.FormText, nil},
		{"space", codec.FormText, []byte(" \n")},
		{"text opening with a comment", codec.FormText, []byte("{played on the train}\n" + wonText)},
		{"text opening with a comment on two lines", codec.FormText, []byte("{played\non the train}" + wonText)},
		{"text opening with a JSON object as a comment, then a line that starts a comment", codec.FormText, []byte("{\"by\":\"bot\"}\n{seed 7}\n" + wonText)},
		{"text opening with two JSON objects as comments", codec.FormText, []byte("{\"by\":\"bot\"}\n\n{\"seed\":7}\n" + wonText)},
		{"text opening with a comment, then an action", codec.FormText, []byte("{no tags} d>f@12\n")},
		{"json whose string holds a brace and a tag", codec.FormJSON, []byte(`{"spider":1,"tags":[{"name":"x","value":"} [Code \"SP1\"]"}]}`)},
		{"json that does not parse", codec.FormJSON, []byte(`{"spider":1,"deal":{"code":"SP1-S1C-AAAAAAG"},"actions":["d"]`)},
		{"json lines of flat objects", codec.FormJSONLines, []byte("{\"a\":1}\n{\"b\":2}\n")},
		{"json lines, a flat object first", codec.FormJSONLines, []byte("{\"a\":1}\n" + wonJSON + "\n")},
	} {
		if got := c.FormOf(tc.b); got != tc.form {
			t.Errorf("%s: FormOf says %s, want %s", tc.name, got, tc.form)
		}
	}
}

// TestDecodeEveryForm decodes the same record from each form, and
// refuses many records where one is asked for.
func TestDecodeEveryForm(t *testing.T) {
	c, err := codec.New(codec.WithForms(shout))
	if err != nil {
		t.Fatal(err)
	}
	want, err := c.DecodeText([]byte(wonText))
	if err != nil {
		t.Fatal(err)
	}
	bin, err := c.EncodeBinary(nil, want)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{[]byte(wonText), []byte(wonJSON), bin, []byte("SHOUT " + wonText)} {
		got, err := c.Decode(b)
		if err != nil {
			t.Fatalf("Decode(%.20q): %v", b, err)
		}
		if !cmp.Equal(got.Deal, want.Deal) || !slices.Equal(got.Actions, want.Actions) {
			t.Errorf("Decode(%.20q) = %+v, want %+v", b, got, want)
		}
	}
	_, err = c.Decode([]byte(wonJSON + "\n" + wonJSON))
	var fe *codec.FormatError
	if !errors.Is(err, codec.ErrManyRecords) || !errors.As(err, &fe) {
		t.Errorf("Decode of JSON lines: %v, want ErrManyRecords in a FormatError", err)
	}
}

func TestWithFormsRefuses(t *testing.T) {
	for _, f := range []codec.Form{
		{Name: "json", Match: shout.Match, Decode: shout.Decode},
		{Name: "Shout", Match: shout.Match, Decode: shout.Decode},
		{Name: "", Match: shout.Match, Decode: shout.Decode},
		{Name: "shout", Decode: shout.Decode},
		{Name: "shout", Match: shout.Match},
	} {
		if _, err := codec.New(codec.WithForms(f)); err == nil {
			t.Errorf("WithForms(%q, match %v, decode %v) is accepted", f.Name, f.Match != nil, f.Decode != nil)
		}
	}
}

// entry is what a test keeps of a codec.Entry.
type entry struct {
	name, data string
	record     bool
	err        bool
}

func TestRecords(t *testing.T) {
	c, err := codec.New(codec.WithLimits(withMaxBytes(200)))
	if err != nil {
		t.Fatal(err)
	}
	long := `{"spider":1,"comment":"` + strings.Repeat("x", 300) + `"}`
	for _, tc := range []struct {
		name, in string
		want     []entry
	}{
		{"text", wonText, []entry{{name: "in", data: wonText}}},
		{"one json line", wonJSON + "\n", []entry{{name: "in", data: wonJSON + "\n"}}},
		{"indented json", "{\n \"spider\": 1\n}\n", []entry{{name: "in", data: "{\n \"spider\": 1\n}\n"}}},
		{"json and more", wonJSON + "\n\n}\n", []entry{{name: "in", data: wonJSON + "\n\n}\n"}}},
		{"json lines", wonJSON + "\r\n\n" + wonJSON + "\n\n" + wonJSON, []entry{
			{name: "in:1", data: wonJSON}, {name: "in:3", data: wonJSON}, {name: "in:5", data: wonJSON}}},
		{"a line too long", wonJSON + "\n" + long + "\n" + wonJSON + "\n", []entry{
			{name: "in:1", data: wonJSON}, {name: "in:2", data: long[:202]}, {name: "in:3", data: wonJSON}}},
		{"a record too long", wonText + strings.Repeat("d ", 200), []entry{{name: "in", data: (wonText + strings.Repeat("d ", 200))[:201]}}},
		{"empty", "", []entry{{name: "in", data: ""}}},
		{"a line cut at a carriage return stays over the limit", wonJSON + "\n" + wonJSON + strings.Repeat(" ", 200-len(wonJSON)) + "\rGARBAGE\n", []entry{
			{name: "in:1", data: wonJSON}, {name: "in:2", data: wonJSON + strings.Repeat(" ", 200-len(wonJSON)) + "\rG"}}},
		{"a form feed is no JSON white space", wonJSON + "\n\f\n" + wonJSON + "\n", []entry{{name: "in", data: wonJSON + "\n\f\n" + wonJSON + "\n"}}},
		{"text opening with JSON objects as comments", "{\"by\":\"bot\"}\n{\"seed\":7}\n" + wonText, []entry{{name: "in", data: "{\"by\":\"bot\"}\n{\"seed\":7}\n" + wonText}}},
		{"text opening with a JSON object as a comment, then a comment", "{\"by\":\"bot\"}\n{on\ntwo lines}\n" + wonText, []entry{{name: "in", data: "{\"by\":\"bot\"}\n{on\ntwo lines}\n" + wonText}}},
		{"json lines of flat objects", "{\"a\":1}\n{\"b\":2}\n{\"c\":3}", []entry{{name: "in:1", data: "{\"a\":1}"}, {name: "in:2", data: "{\"b\":2}"}, {name: "in:3", data: "{\"c\":3}"}}},
	} {
		var got []entry
		for e := range c.Records("in", strings.NewReader(tc.in)) {
			got = append(got, entry{name: e.Name, data: string(e.Data), record: e.Record != nil, err: e.Err != nil})
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: Records yields\n%+v\nwant\n%+v", tc.name, got, tc.want)
		}
	}
}

// TestRecordsAtTheLimit: JSON lines whose first line is exactly the limit
// are JSON lines, as FormOf says.
func TestRecordsAtTheLimit(t *testing.T) {
	c, err := codec.New(codec.WithLimits(withMaxBytes(len(wonJSON))))
	if err != nil {
		t.Fatal(err)
	}
	in := wonJSON + "\r\n" + wonJSON + "\n"
	var names []string
	for e := range c.Records("in", strings.NewReader(in)) {
		names = append(names, e.Name)
		if string(e.Data) != wonJSON {
			t.Errorf("%s: %q", e.Name, e.Data)
		}
	}
	if c.FormOf([]byte(in)) != codec.FormJSONLines || !slices.Equal(names, []string{"in:1", "in:2"}) {
		t.Errorf("FormOf %s, records %v", c.FormOf([]byte(in)), names)
	}
}

// TestRecordsOfAnArchive reads an archive's records, named by their place.
func TestRecordsOfAnArchive(t *testing.T) {
	c, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := c.DecodeText([]byte(wonText))
	if err != nil {
		t.Fatal(err)
	}
	var archive bytes.Buffer
	aw, err := c.NewArchiveWriter(&archive)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := aw.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := aw.Close(); err != nil {
		t.Fatal(err)
	}
	var names []string
	for e := range c.Records("a.spda", bytes.NewReader(archive.Bytes())) {
		if e.Err != nil || e.Record == nil {
			t.Fatalf("%s: %v", e.Name, e.Err)
		}
		names = append(names, e.Name)
	}
	if want := []string{"a.spda#1", "a.spda#2", "a.spda#3"}; !slices.Equal(names, want) {
		t.Errorf("names %v, want %v", names, want)
	}
	// A stream that fails is one entry with its error.
	var errs []error
	for e := range c.Records("bad", iotest.ErrReader(fmt.Errorf("disk on fire"))) {
		errs = append(errs, e.Err)
	}
	if len(errs) != 1 || errs[0] == nil {
		t.Errorf("a failing stream yields %v", errs)
	}
}

// withMaxBytes is the default limits with MaxBytes n.
func withMaxBytes(n int) codec.Limits {
	l := codec.DefaultLimits()
	l.MaxBytes = n
	return l
}

// TestEncodeEveryForm: Encode mirrors Decode: a record encoded in each
// form the codec writes (its own and a form added with an Encode) decodes
// back to the same record, its form told by its bytes; a form that only
// reads, or an unknown word, is refused with ErrInvalid.
func TestEncodeEveryForm(t *testing.T) {
	loud := shout
	loud.Name = "loud"
	loud.Match = func(b []byte) bool { return bytes.HasPrefix(b, []byte("LOUD ")) }
	loud.Decode = func(c *codec.Codec, b []byte) (*codec.Record, error) { return c.DecodeText(b[len("LOUD "):]) }
	loud.Encode = func(c *codec.Codec, r *codec.Record) ([]byte, error) { return c.AppendText([]byte("LOUD "), r) }
	c, err := codec.New(codec.WithForms(shout, loud))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	rec, err := c.DecodeText([]byte(wonText))
	if err != nil {
		t.Fatal(err)
	}
	for _, form := range []string{codec.FormText, codec.FormBinary, codec.FormJSON, "loud"} {
		b, err := c.Encode(rec, form)
		if err != nil {
			t.Fatalf("%s: %v", form, err)
		}
		if got := c.FormOf(b); got != form {
			t.Errorf("%s: encoded bytes are told as %s", form, got)
		}
		back, err := c.Decode(b)
		if err != nil || !cmp.Equal(back, rec) {
			t.Errorf("%s: decodes back to %+v (%v)", form, back, err)
		}
	}
	for _, tc := range []struct{ desc, form string }{
		{"a form that only reads", "shout"},
		{"an archive holds many records", codec.FormArchive},
		{"JSON lines hold many records", codec.FormJSONLines},
		{"no such form", "bin"},
	} {
		if _, err := c.Encode(rec, tc.form); !errors.Is(err, codec.ErrInvalid) || !strings.Contains(err.Error(), "text, binary, json or loud") {
			t.Errorf("%s: %v, want ErrInvalid naming the forms", tc.desc, err)
		}
	}
}

// TestFormOfFile: the one table of extensions names each form's files,
// in any case, and no other file.
func TestFormOfFile(t *testing.T) {
	for _, tc := range []struct {
		desc, path, form string
	}{
		{"text", "games/won.spider", codec.FormText},
		{"binary, in capitals", "WON.SPDZ", codec.FormBinary},
		{"JSON", "won.json", codec.FormJSON},
		{"JSON lines", "all.jsonl", codec.FormJSONLines},
		{"an archive", "/tmp/all.spda", codec.FormArchive},
		{"no extension", "spider", ""},
		{"another extension", "notes.txt", ""},
		{"a dot in a folder's name", "a.spider/notes", ""},
	} {
		form, ok := codec.FormOfFile(tc.path)
		if form != tc.form || ok != (tc.form != "") {
			t.Errorf("%s: %s gives %q %v, want %q", tc.desc, tc.path, form, ok, tc.form)
		}
		if ok && !strings.HasSuffix(strings.ToLower(tc.path), codec.Ext(form)) {
			t.Errorf("%s: Ext(%s) is %s", tc.desc, form, codec.Ext(form))
		}
	}
}

// TestLines: Lines yields the lines that are not blank, named by their
// number, without their ends; a line over MaxBytes comes cut to MaxBytes
// plus two bytes, so that its reader refuses it as too large; an error of
// the stream ends it.
func TestLines(t *testing.T) {
	c, err := codec.New(codec.WithLimits(withMaxBytes(8)))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var got []string
	for e := range c.Lines("in", strings.NewReader("one\r\n\n  \ntwo\n0123456789abcdef\nlast")) {
		got = append(got, fmt.Sprintf("%s %q %v", e.Name, e.Data, e.Err))
	}
	want := []string{`in:1 "one" <nil>`, `in:4 "two" <nil>`, `in:5 "0123456789" <nil>`, `in:6 "last" <nil>`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
	boom := errors.New("boom")
	got = got[:0]
	for e := range c.Lines("in", iotest.DataErrReader(iotest.ErrReader(boom))) {
		got = append(got, fmt.Sprintf("%s %v", e.Name, e.Err))
	}
	if !slices.Equal(got, []string{"in boom"}) {
		t.Errorf("a stream that fails: %v", got)
	}
}
