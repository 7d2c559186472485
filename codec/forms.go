package codec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spiderkit/spider"
)

// The words of the forms a Codec tells apart by their bytes (Codec.FormOf).
// A form registered with WithForms has its own word (package lklynet's log
// is "lklynet").
const (
	// FormText is the text form (.spider).
	FormText = "text"
	// FormBinary is the binary form (.spdz): it starts with MagicRecord.
	FormBinary = "binary"
	// FormJSON is the JSON form (.json): an object.
	FormJSON = "json"
	// FormArchive is an archive of records (.spda): it starts with
	// MagicArchive. It holds many records: Records reads it.
	FormArchive = "archive"
	// FormJSONLines is JSON lines (.jsonl): one record's JSON a line,
	// several lines. It holds many records: Records reads it.
	FormJSONLines = "jsonl"
)

// ErrManyRecords: the bytes hold many records (an archive, JSON lines)
// where one record was asked for; Codec.Records reads them.
var ErrManyRecords = spider.NewError("many-records", "an archive or JSON lines, not one record")

// extensions are the file extensions of the forms, the one table of them:
// a form's files end with its extension (Ext), and a file's extension
// names its form (FormOfFile).
var extensions = [...]struct{ ext, form string }{
	{".spider", FormText}, {".spdz", FormBinary}, {".json", FormJSON}, {".jsonl", FormJSONLines}, {".spda", FormArchive},
}

// Ext returns the file extension of a form's files: ".spider", ".spdz",
// ".json", ".jsonl" or ".spda"; "" for another word.
func Ext(form string) string {
	for _, e := range extensions {
		if e.form == form {
			return e.ext
		}
	}
	return ""
}

// FormOfFile returns the form whose files end with path's extension (Ext,
// in any case), and false for an extension of no form. A registered
// form's files (WithForms) have no extension of their own: lklynet's logs
// are .json files, which FormOf tells from a record's JSON by their bytes.
func FormOfFile(path string) (string, bool) {
	ext := filepath.Ext(path)
	for _, e := range extensions {
		if ext != "" && strings.EqualFold(e.ext, ext) {
			return e.form, true
		}
	}
	return "", false
}

// Form is a kind of bytes that holds one record, told from the bytes
// themselves. A Codec knows its own forms (text, binary, JSON); WithForms
// teaches it others, such as another program's game log, which it asks
// first, in the order given.
type Form struct {
	// Name is the form's word: a lower-case word of at most 32 letters,
	// digits and '_', other than the Codec's own forms' words.
	Name string
	// Match reports whether b, the whole bytes of one record, are of this
	// form. It must be cheap where they are not (it is asked of every
	// record) and never panic.
	Match func(b []byte) bool
	// Decode reads the record in b, within the Codec's limits.
	Decode func(c *Codec, b []byte) (*Record, error)
	// Encode writes r in the form (Codec.Encode); nil for a form that is
	// only read.
	Encode func(c *Codec, r *Record) ([]byte, error)
}

// WithForms adds forms that the Codec tells apart from its own by their
// bytes (Decode, FormOf, Records), asked before its own forms in the order
// given. A form named as one already added replaces it.
func WithForms(fs ...Form) Option {
	return func(o *options) error {
		for _, f := range fs {
			switch f.Name {
			case FormText, FormBinary, FormJSON, FormArchive, FormJSONLines:
				return fmt.Errorf("codec: form %s is one of the Codec's own", spider.Quote(f.Name))
			}
			if !validWord(f.Name) || strings.ToLower(f.Name) != f.Name || len(f.Name) > maxProgram {
				return fmt.Errorf("codec: form %s: a name is a lower-case word of at most %d letters, digits and '_'", spider.Quote(f.Name), maxProgram)
			}
			if f.Match == nil || f.Decode == nil {
				return fmt.Errorf("codec: form %s needs a Match and a Decode function", spider.Quote(f.Name))
			}
			forms := make([]Form, 0, len(o.forms)+1)
			for _, g := range o.forms {
				if g.Name != f.Name {
					forms = append(forms, g)
				}
			}
			o.forms = append(forms, f)
		}
		return nil
	}
}

// FormOf says what kind of bytes b is: a registered form's word (asked
// first), FormArchive, FormBinary, FormJSONLines, FormJSON or, for
// anything else, FormText. It tells the forms by what parses, not by a
// first byte, since a text record may open with comments in braces
// ("{played on the train}"), even ones that are JSON objects: bytes are
// JSON lines by the rule of linesHead (which Records applies too); else
// one record in JSON when they open with '{' and are a JSON object or,
// read as text, do not open with a tag or an action after their white
// space and comments; else text.
func (c *Codec) FormOf(b []byte) string {
	for _, f := range c.opts.forms {
		if f.Match(b) {
			return f.Name
		}
	}
	switch {
	case bytes.HasPrefix(b, []byte(MagicArchive)):
		return FormArchive
	case bytes.HasPrefix(b, []byte(MagicRecord)):
		return FormBinary
	case c.jsonLines(b):
		return FormJSONLines
	}
	if t := bytes.TrimLeft(b, jsonSpace); len(t) > 0 && t[0] == '{' {
		var text textScan
		if opens, _ := text.read(b); !opens || json.Valid(t) {
			return FormJSON
		}
	}
	return FormText
}

// jsonSpace is what JSON counts as white space: the front door's one
// reading of "blank", in FormOf and Records alike.
const jsonSpace = " \t\r\n"

// jsonLines applies the rule of JSON lines (linesHead) to all of b, line
// by line as Records reads a stream: each line with its end of line, kept
// to MaxBytes+2 bytes (readLine).
func (c *Codec) jsonLines(b []byte) bool {
	h := linesHead{limit: c.opts.limits.MaxBytes}
	for end := 0; end < len(b); {
		next := len(b)
		if i := bytes.IndexByte(b[end:], '\n'); i >= 0 {
			next = end + i + 1
		}
		end = min(next, end+h.limit+2)
		if lines, known := h.add(b[:end]); known {
			return lines
		}
	}
	return h.end()
}

// linesHead is the one rule that tells JSON lines from one record, read
// line by line until it knows (FormOf reads all the bytes so, Records the
// start of a stream): the first line is a whole JSON object, the next line
// that is not blank starts another, and the bytes, read as text, do not
// open with a tag or an action (a text record may open with comments in
// braces that are JSON objects, one a line). It needs at most MaxBytes
// bytes of blank lines after the first (more make one record, too large)
// and of comments (more make JSON lines: a text record is no longer).
type linesHead struct {
	limit  int   // MaxBytes
	ends   []int // where each line read ends
	second bool  // a line that is not blank followed the first
	blank  int   // the bytes of blank lines after the first
	text   textScan
}

// add takes data, the lines read so far with the last one new, and
// reports whether they are JSON lines and whether that is known yet.
func (h *linesHead) add(data []byte) (lines, known bool) {
	start := 0
	if n := len(h.ends); n > 0 {
		start = h.ends[n-1]
	}
	line := data[start:]
	h.ends = append(h.ends, len(data))
	cut := len(line) >= h.limit+2 && line[len(line)-1] != '\n' // or the last line, as long
	switch {
	case len(h.ends) == 1:
		return false, cut || !startsLines(line)
	case !h.second:
		t := bytes.TrimLeft(line, jsonSpace)
		if len(t) == 0 {
			h.blank += len(line)
			return false, h.blank > h.limit
		}
		if t[0] != '{' {
			return false, true
		}
		h.second = true
	}
	if opens, known := h.text.read(data); known {
		return !opens, true
	}
	over := cut || len(data) > h.limit+2
	return over, over
}

// end reports whether the lines read to the end of the stream, the rule
// knowing nothing yet, are JSON lines: a first object and another line
// that starts one.
func (h *linesHead) end() bool { return h.second }

// startsLines reports whether the first line of some bytes can start JSON
// lines: a whole JSON object.
func startsLines(first []byte) bool {
	t := bytes.Trim(first, jsonSpace)
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}

// textScan reads bytes as the text form opens (its white space and
// comments, which textParser.skipSpace reads), resuming where it stopped
// as more bytes come, until it knows whether they open with a tag or an
// action: then they are a text record, whatever their first byte.
type textScan struct {
	pos          int  // the bytes read so far
	inComment    bool // inside a comment in braces
	known, opens bool
}

// read reads b (the bytes read before, and more) on from where it stopped,
// and reports whether b opens with a tag or an action, and whether that
// is known (b may end inside a comment, or after comments).
func (s *textScan) read(b []byte) (opens, known bool) {
	if s.known {
		return s.opens, true
	}
	if s.inComment {
		i := bytes.IndexByte(b[s.pos:], '}')
		if i < 0 {
			s.pos = len(b)
			return false, false
		}
		s.pos, s.inComment = s.pos+i+1, false
	}
	p := textParser{src: b, pos: s.pos, line: 1, col: 1}
	err := p.skipSpace() // an error: a comment not closed yet
	s.pos, s.inComment = p.pos, err != nil
	if err != nil || p.eof() {
		return false, false
	}
	s.known, s.opens = true, b[p.pos] == '['
	if !s.opens {
		_, n, err := spider.ScanAction(string(b[p.pos:min(len(b), p.pos+16)]))
		end := p.pos + n
		s.opens = err == nil && (end == len(b) || b[end] == '@' || isSpaceOrComment(b[end]))
	}
	return s.opens, true
}

// Decode reads one record in any form the Codec knows, telling the form
// from the bytes (FormOf). Bytes over MaxBytes are refused first, before
// any form reads them (a *FormatError whose Err is a *TooLargeError for
// MaxBytes). An archive or JSON lines is refused with ErrManyRecords:
// Records reads those.
func (c *Codec) Decode(b []byte) (*Record, error) {
	r := new(Record)
	if err := c.DecodeInto(r, b); err != nil {
		return nil, err
	}
	return r, nil
}

// DecodeInto is Decode into r, reusing r's memory where the form allows
// (the binary form); r is undefined after an error.
func (c *Codec) DecodeInto(r *Record, b []byte) error {
	if max := c.opts.limits.MaxBytes; len(b) > max {
		// The size is checked once, here, before any form reads a byte.
		return &FormatError{Offset: int64(max), Msg: fmt.Sprintf("%d bytes, over %d", len(b), max), Err: overLimit("MaxBytes", max)}
	}
	form := c.FormOf(b)
	var got *Record
	var err error
	switch form {
	case FormBinary:
		return c.DecodeBinaryInto(r, b)
	case FormArchive:
		return &FormatError{Msg: "an archive of records, not one record", Err: ErrManyRecords}
	case FormJSONLines:
		return &FormatError{Msg: "JSON lines (a record a line), not one record", Err: ErrManyRecords}
	case FormJSON:
		got, err = c.DecodeJSON(b)
	case FormText:
		got, err = c.DecodeText(b)
	default:
		for _, f := range c.opts.forms {
			if f.Name == form {
				got, err = f.Decode(c, b)
				break
			}
		}
	}
	if err != nil {
		return err
	}
	*r = *got
	return nil
}

// Encode writes r in the form named, the mirror of Decode: FormText,
// FormBinary, FormJSON (AppendText, EncodeBinary, AppendJSON), or a form
// added with WithForms that writes (Form.Encode), such as lklynet's log.
// An archive holds many records: ArchiveWriter writes one. Another word
// is refused with ErrInvalid.
func (c *Codec) Encode(r *Record, form string) ([]byte, error) {
	switch form {
	case FormText:
		return c.AppendText(nil, r)
	case FormBinary:
		return c.EncodeBinary(nil, r)
	case FormJSON:
		return c.AppendJSON(nil, r)
	}
	for _, f := range c.opts.forms {
		if f.Name == form && f.Encode != nil {
			return f.Encode(c, r)
		}
	}
	return nil, fmt.Errorf("%w: no form %s writes one record: use %s", ErrInvalid, spider.Quote(form), c.writtenForms())
}

// writtenForms lists the words of the forms Encode writes, for messages:
// "text, binary, json or lklynet".
func (c *Codec) writtenForms() string {
	words := []string{FormText, FormBinary, FormJSON}
	for _, f := range c.opts.forms {
		if f.Encode != nil {
			words = append(words, f.Name)
		}
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
