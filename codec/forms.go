package codec

import (
	"bytes"
	"encoding/json"
	"fmt"
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
// anything else, FormText. A first line that is a whole JSON object,
// followed by a line that starts another (blank lines aside), makes JSON
// lines.
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
	}
	first, rest, _ := bytes.Cut(b, []byte("\n"))
	if rest = bytes.TrimLeft(rest, jsonSpace); startsLines(first) && len(rest) > 0 && rest[0] == '{' {
		return FormJSONLines
	}
	if t := bytes.TrimLeft(b, jsonSpace); len(t) > 0 && t[0] == '{' {
		return FormJSON
	}
	return FormText
}

// jsonSpace is what JSON counts as white space: the front door's one
// reading of "blank", in FormOf and Records alike.
const jsonSpace = " \t\r\n"

// startsLines reports whether the first line of some bytes can start JSON
// lines: a whole JSON object. Followed by a line that starts another
// object, the bytes are JSON lines; alone, it is one record in JSON.
func startsLines(first []byte) bool {
	t := bytes.Trim(first, jsonSpace)
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}

// Decode reads one record in any form the Codec knows, telling the form
// from the bytes (FormOf). An archive or JSON lines is refused with
// ErrManyRecords: Records reads those.
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
