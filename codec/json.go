package codec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/strictjson"
)

// jsonRecord is the JSON schema of a record (see the package doc).
type jsonRecord struct {
	Spider  int          `json:"spider"`
	Deal    jsonDeal     `json:"deal"`
	Variant string       `json:"variant,omitempty"`
	Rules   *string      `json:"rules,omitempty"`
	Scoring *string      `json:"scoring,omitempty"`
	Tags    []jsonTag    `json:"tags,omitempty"`
	Actions []jsonAction `json:"actions"`
	Times   []uint32     `json:"times,omitempty"`
	Claims  *Claims      `json:"claims,omitempty"`
}

type jsonDeal struct {
	Code     string       `json:"code,omitempty"`
	Program  string       `json:"program,omitempty"`
	Game     string       `json:"game,omitempty"`
	Suits    int          `json:"suits,omitempty"`
	Position *spider.Deal `json:"position,omitempty"`
}

type jsonTag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// jsonAction is an action written in the record notation as a JSON string.
type jsonAction spider.Action

func (a jsonAction) MarshalText() ([]byte, error) { return []byte(spider.Action(a).String()), nil }

func (a *jsonAction) UnmarshalText(b []byte) error {
	v, err := spider.ParseAction(string(b))
	*a = jsonAction(v)
	return err
}

// AppendJSON appends the JSON form of r (one line, with a final newline).
// It fails with ErrInvalid when r fails Validate with the default limits
// (and the standard programs; Codec.AppendJSON checks with a codec's).
func AppendJSON(dst []byte, r *Record) ([]byte, error) {
	o := newOptions()
	return o.appendJSON(dst, r)
}

// AppendJSON appends the JSON form of r, as the package's AppendJSON
// does, checking it with the Codec's limits and programs.
func (c *Codec) AppendJSON(dst []byte, r *Record) ([]byte, error) { return c.opts.appendJSON(dst, r) }

// appendJSON is AppendJSON under o.
func (o *options) appendJSON(dst []byte, r *Record) ([]byte, error) {
	if err := o.validate(r); err != nil {
		return dst, invalid(err)
	}
	j := jsonRecord{Spider: Version, Variant: r.Variant, Times: r.Times}
	switch r.Deal.Kind {
	case DealCode:
		j.Deal.Code = r.Deal.Code.String()
	case DealProgram:
		j.Deal.Program, j.Deal.Game, j.Deal.Suits = r.Deal.Program, r.Deal.Game, r.Deal.Suits
	case DealPosition:
		p := r.Deal.Position
		j.Deal.Position = &p
	}
	br, bs, known := base(r.Variant, r.Deal)
	if r.Rules != br || !known {
		s := FormatRules(r.Rules)
		j.Rules = &s
	}
	if r.Scoring != bs || !known {
		s := FormatScoring(r.Scoring)
		j.Scoring = &s
	}
	for _, t := range r.Tags {
		j.Tags = append(j.Tags, jsonTag(t))
	}
	j.Actions = make([]jsonAction, len(r.Actions))
	for i, a := range r.Actions {
		j.Actions[i] = jsonAction(a)
	}
	if r.Claims != (Claims{}) {
		c := r.Claims
		j.Claims = &c
	}
	buf := bytes.NewBuffer(dst)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false) // keep "3a>c" readable
	if err := enc.Encode(j); err != nil {
		return dst, invalid(err)
	}
	return buf.Bytes(), nil
}

// DecodeJSON reads the JSON form. Unknown keys are refused, and so are a
// key given twice in one object and a key in another case than the form's
// ("DEAL" for "deal"), at any depth: those errors match ErrDuplicateKey
// or ErrUnknownKey (and ErrFormat), at the key's byte; and so is a byte
// that is not UTF-8 (CheckUTF8), at that byte. Errors are *FormatError
// with the byte offset where the JSON decoder stopped.
func (c *Codec) DecodeJSON(src []byte) (*Record, error) {
	l := c.opts.limits
	if len(src) > l.MaxBytes {
		return nil, &FormatError{Offset: int64(l.MaxBytes), Msg: fmt.Sprintf("JSON over %d bytes", l.MaxBytes), Err: overLimit("MaxBytes", l.MaxBytes)}
	}
	if err := CheckUTF8(src); err != nil {
		return nil, err
	}
	j, end, err := readJSON(src)
	if err != nil {
		return nil, err
	}
	fail := func(sentinel error, format string, args ...any) error {
		return &FormatError{Offset: end, Msg: fmt.Sprintf(format, args...), Err: sentinel}
	}
	switch {
	case j.Spider != Version:
		return nil, fail(ErrFormat, "\"spider\" is %d; this library reads format %d", j.Spider, Version)
	case len(j.Actions) > l.MaxActions:
		return nil, fail(overLimit("MaxActions", l.MaxActions), "%d actions, over %d", len(j.Actions), l.MaxActions)
	case len(j.Tags) > l.MaxTags:
		return nil, fail(overLimit("MaxTags", l.MaxTags), "%d tags, over %d", len(j.Tags), l.MaxTags)
	}
	r := &Record{Variant: j.Variant, Times: j.Times}
	if r.Deal, err = j.Deal.source(); err != nil {
		return nil, fail(ErrFormat, "%v", err)
	}
	if r.Rules, r.Scoring, err = j.settings(r.Deal); err != nil {
		return nil, fail(ErrFormat, "%v", err)
	}
	for _, t := range j.Tags {
		if len(t.Value) > l.MaxTagSize {
			return nil, fail(overLimit("MaxTagSize", l.MaxTagSize), "tag %s: value over %d bytes", t.Name, l.MaxTagSize)
		}
		r.Tags = append(r.Tags, Tag(t))
	}
	r.Actions = make([]spider.Action, len(j.Actions))
	for i, a := range j.Actions {
		r.Actions[i] = spider.Action(a)
	}
	if j.Claims != nil {
		r.Claims = *j.Claims
	}
	if err := c.opts.validate(r); err != nil {
		return nil, fail(sentinelOf(err), "%v", err)
	}
	return r, nil
}

// jsonKeys are the keys of the JSON form, at every depth.
var jsonKeys = strictjson.Keys(jsonRecord{})

// readJSON decodes one JSON record value, strictly (no unknown keys, none
// twice or in another case, one value), and returns it with the offset
// where it ends.
func readJSON(src []byte) (*jsonRecord, int64, error) {
	if err := strictjson.Check(src, jsonKeys, ErrFormat); err != nil {
		var se *strictjson.Error
		if errors.As(err, &se) {
			return nil, 0, &FormatError{Offset: se.Offset, Msg: fmt.Sprintf("JSON line %d, column %d: %s", se.Line, se.Col, se.Msg), Err: se}
		}
		return nil, 0, err
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	var j jsonRecord
	if err := strictjson.Tidy(dec.Decode(&j)); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, 0, &FormatError{Offset: se.Offset, Msg: "JSON: " + err.Error(), Err: ErrFormat}
		case errors.As(err, &te):
			return nil, 0, &FormatError{Offset: te.Offset, Msg: "JSON: " + err.Error(), Err: ErrFormat}
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return nil, 0, &FormatError{Offset: dec.InputOffset(), Msg: "JSON ends early", Err: ErrTruncated}
		}
		return nil, 0, &FormatError{Offset: dec.InputOffset(), Msg: "JSON: " + err.Error(), Err: ErrFormat}
	}
	if err := strictjson.Rest(src, dec.InputOffset(), nil); err != nil {
		return nil, 0, &FormatError{Offset: dec.InputOffset(), Msg: "more after the JSON value", Err: ErrFormat}
	}
	return &j, dec.InputOffset(), nil
}

// source is the deal source the JSON deal names: exactly one of a code, a
// program's game or a position.
func (d jsonDeal) source() (DealSource, error) {
	n := 0
	for _, set := range []bool{d.Code != "", d.Program != "" || d.Game != "", d.Position != nil} {
		if set {
			n++
		}
	}
	switch {
	case n != 1:
		return DealSource{}, errors.New("\"deal\" must hold exactly one of code, program with game, or position")
	case d.Code != "":
		code, err := spider.ParseCode(d.Code)
		if err != nil {
			return DealSource{}, fmt.Errorf("deal: %w", err)
		}
		return DealSource{Kind: DealCode, Code: code}, nil
	case d.Position != nil:
		return DealSource{Kind: DealPosition, Position: *d.Position}, nil
	}
	return DealSource{Kind: DealProgram, Program: d.Program, Game: d.Game, Suits: d.Suits}, nil
}

// settings are the record's rules and scoring: its variant's, with the
// settings it spells out.
func (j *jsonRecord) settings(d DealSource) (spider.Rules, spider.Scoring, error) {
	r, s, known := base(j.Variant, d)
	if !known && (j.Rules == nil || j.Scoring == nil) {
		return r, s, fmt.Errorf("unknown variant %s without rules and scoring (known: %s)", spider.Quote(j.Variant), spider.VariantNames())
	}
	var err error
	if j.Rules != nil {
		if r, err = ParseRules(*j.Rules); err != nil {
			return r, s, fmt.Errorf("rules: %w", err)
		}
	}
	if j.Scoring != nil {
		if s, err = ParseScoring(*j.Scoring); err != nil {
			return r, s, fmt.Errorf("scoring: %w", err)
		}
	}
	return r, s, nil
}
