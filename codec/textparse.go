package codec

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/spiderkit/spider"
)

// textParser reads the text form, keeping the line and column of each byte.
type textParser struct {
	src       []byte
	pos       int
	line, col int // of src[pos], from 1
	limits    Limits
	opts      *options
}

func (p *textParser) errAt(line, col int, format string, args ...any) error {
	return &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Err: ErrSyntax}
}

func (p *textParser) errf(format string, args ...any) error {
	return p.errAt(p.line, p.col, format, args...)
}

func (p *textParser) tooLarge(limit string, max int, format string, args ...any) error {
	return &SyntaxError{Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, args...), Err: overLimit(limit, max)}
}

func (p *textParser) next() byte {
	b := p.src[p.pos]
	p.pos++
	if b == '\n' {
		p.line, p.col = p.line+1, 1
	} else {
		p.col++
	}
	return b
}

func (p *textParser) eof() bool { return p.pos >= len(p.src) }

// skipSpace skips white space and comments: ";" to the end of the line, or
// "{" to the next "}".
func (p *textParser) skipSpace() error {
	for !p.eof() {
		switch b := p.src[p.pos]; b {
		case ' ', '\t', '\r', '\n':
			p.next()
		case ';':
			for !p.eof() && p.src[p.pos] != '\n' {
				p.next()
			}
		case '{':
			line, col := p.line, p.col
			for !p.eof() && p.src[p.pos] != '}' {
				p.next()
			}
			if p.eof() {
				return p.errAt(line, col, "comment opened with '{' is never closed")
			}
			p.next()
		default:
			return nil
		}
	}
	return nil
}

// DecodeText reads a record in the text form, which is UTF-8 throughout
// (CheckUTF8: values, comments, everything). Errors are *SyntaxError with
// the line and column of the problem; nothing in the input makes it panic or
// allocate much beyond the input, which is bounded by the limits.
func (c *Codec) DecodeText(src []byte) (*Record, error) {
	p := &textParser{src: src, line: 1, col: 1, limits: c.opts.limits, opts: &c.opts}
	if len(src) > p.limits.MaxBytes {
		return nil, p.tooLarge("MaxBytes", p.limits.MaxBytes, "the text has %d bytes, over the limit of %d", len(src), p.limits.MaxBytes)
	}
	if at := invalidUTF8(src); at >= 0 {
		line := 1 + bytes.Count(src[:at], []byte("\n"))
		col := at - bytes.LastIndexByte(src[:at], '\n')
		return nil, p.errAt(line, col, "not UTF-8 (%#02x): a text record is UTF-8 throughout", src[at])
	}
	return p.record()
}

type rawTag struct {
	name, value string
	line, col   int // of the value
}

func (p *textParser) record() (*Record, error) {
	r := &Record{}
	var tags []rawTag
	for {
		if err := p.skipSpace(); err != nil {
			return nil, err
		}
		if p.eof() || p.src[p.pos] != '[' {
			break
		}
		t, err := p.tag()
		if err != nil {
			return nil, err
		}
		tags = append(tags, t)
	}
	if err := p.header(r, tags); err != nil {
		return nil, err
	}
	for {
		if err := p.skipSpace(); err != nil {
			return nil, err
		}
		if p.eof() {
			break
		}
		if len(r.Actions) >= p.limits.MaxActions {
			return nil, p.tooLarge("MaxActions", p.limits.MaxActions, "more than %d actions", p.limits.MaxActions)
		}
		aLine, aCol := p.line, p.col
		a, n, err := spider.ScanAction(string(p.src[p.pos:min(len(p.src), p.pos+16)]))
		if err != nil {
			msg := err.Error()
			if p.src[p.pos] == '[' {
				msg = "tags must come before the first action"
			}
			return nil, p.errf("%s", msg)
		}
		for i := 0; i < n; i++ {
			p.next()
		}
		var ms uint32
		timed := !p.eof() && p.src[p.pos] == '@'
		if timed {
			p.next()
			start, line, col := p.pos, p.line, p.col
			for !p.eof() && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
				p.next()
			}
			v, err := strconv.ParseUint(string(p.src[start:p.pos]), 10, 32)
			if err != nil {
				return nil, p.errAt(line, col, "time after '@' must be milliseconds from 0 to %d", uint32(1<<32-1))
			}
			ms = uint32(v)
		}
		if !p.eof() && !isSpaceOrComment(p.src[p.pos]) {
			return nil, p.errf("unexpected %q after action %s", p.src[p.pos], a)
		}
		switch {
		case len(r.Actions) == 0 && timed:
			r.Times = []uint32{}
		case timed != (r.Times != nil):
			return nil, p.errAt(aLine, aCol, "either every action has a time (@ms) or none has")
		}
		r.Actions = append(r.Actions, a)
		if timed {
			r.Times = append(r.Times, ms)
		}
	}
	if err := p.opts.validate(r); err != nil {
		e := p.errAt(1, 1, "%v", err).(*SyntaxError)
		if tl := (*TooLargeError)(nil); errors.As(err, &tl) {
			e.Err = tl
		}
		return nil, e
	}
	return r, nil
}

func isSpaceOrComment(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == ';' || b == '{'
}

// tag reads `[Name "value"]` at the current position.
func (p *textParser) tag() (rawTag, error) {
	var t rawTag
	p.next() // '['
	start := p.pos
	for !p.eof() && p.src[p.pos] != ' ' && p.src[p.pos] != '"' && p.src[p.pos] != ']' && p.src[p.pos] != '\n' {
		p.next()
	}
	t.name = string(p.src[start:p.pos])
	if !validWord(t.name) {
		return t, p.errf("tag name %s must be letters, digits and '_'", spider.Quote(t.name))
	}
	for !p.eof() && p.src[p.pos] == ' ' {
		p.next()
	}
	if p.eof() || p.src[p.pos] != '"' {
		return t, p.errf("tag %s: its value must be in double quotes", t.name)
	}
	t.line, t.col = p.line, p.col
	p.next()
	limit := p.limits.MaxTagSize
	switch t.name {
	case "Deal": // a program's name and its game ("kpat 123 suits=2") or seed
		limit = p.opts.maxGame + 64
	case "Position": // 104 cards at most: a few hundred bytes
		limit = max(limit, 1024)
	}
	var v []byte
	for {
		if p.eof() || p.src[p.pos] == '\n' {
			return t, p.errAt(t.line, t.col, "tag %s: value never closed with '\"'", t.name)
		}
		b := p.next()
		if b == '"' {
			break
		}
		if b == '\\' {
			switch {
			case !p.eof() && (p.src[p.pos] == '"' || p.src[p.pos] == '\\'):
				b = p.next()
			case !p.eof() && p.src[p.pos] == 'u':
				r, err := p.unicodeEscape()
				if err != nil {
					return t, err
				}
				v = utf8.AppendRune(v, r)
				continue
			default:
				return t, p.errf("tag %s: the escapes are \\\", \\\\ and \\u{hex}", t.name)
			}
		} else if b < 0x20 || b == 0x7f {
			return t, p.errf("tag %s: control character in the value (write it \\u{hex})", t.name)
		}
		if len(v) >= limit {
			return t, p.tooLarge("MaxTagSize", limit, "tag %s: value over %d bytes", t.name, limit)
		}
		v = append(v, b)
	}
	t.value = string(v) // UTF-8: the input is (DecodeText), and so is each escape
	for !p.eof() && p.src[p.pos] == ' ' {
		p.next()
	}
	if p.eof() || p.src[p.pos] != ']' {
		return t, p.errf("tag %s: expected ']' after the value", t.name)
	}
	p.next()
	return t, nil
}

// unicodeEscape reads "u{hex}" after a backslash: a code point, not a
// surrogate, of 1 to 6 hex digits.
func (p *textParser) unicodeEscape() (rune, error) {
	line, col := p.line, p.col
	p.next() // 'u'
	if p.eof() || p.src[p.pos] != '{' {
		return 0, p.errAt(line, col, "\\u must be followed by {hex}")
	}
	p.next()
	start := p.pos
	for !p.eof() && p.pos-start < 6 && p.src[p.pos] != '}' { // at most 6 digits
		p.next()
	}
	if p.eof() || p.src[p.pos] != '}' {
		return 0, p.errAt(line, col, "\\u{ is never closed with } within 6 hex digits")
	}
	v, err := strconv.ParseUint(string(p.src[start:p.pos]), 16, 32)
	p.next()
	if err != nil || !utf8.ValidRune(rune(v)) {
		return 0, p.errAt(line, col, "\\u{%s} is not a Unicode code point", p.src[start:p.pos-1])
	}
	return rune(v), nil
}

// header gives meaning to the tags.
func (p *textParser) header(r *Record, tags []rawTag) error {
	seen := map[string]bool{}
	var rules, scoring *rawTag
	for i := range tags {
		t := &tags[i]
		if reserved[t.name] {
			if seen[t.name] {
				return p.tagErr(t, "given twice")
			}
			seen[t.name] = true
		}
		switch t.name {
		case "Rules":
			rules = t
		case "Scoring":
			scoring = t
		default:
			if err := p.headTag(r, t); err != nil {
				return err
			}
		}
	}
	if r.Deal.Kind == NoDeal {
		return p.errAt(1, 1, "the record names no deal: add a Code, Deal or Position tag")
	}
	return p.settings(r, rules, scoring)
}

// tagErr is a problem with tag t.
func (p *textParser) tagErr(t *rawTag, format string, args ...any) error {
	return p.errAt(t.line, t.col, "tag %s: %s", t.name, fmt.Sprintf(format, args...))
}

// headTag reads one tag into r: the version, the deal, the variant, a claim or
// a free tag (Rules and Scoring wait for the variant: settings).
func (p *textParser) headTag(r *Record, t *rawTag) error {
	switch t.name {
	case "Spider":
		if t.value != strconv.Itoa(Version) {
			return p.tagErr(t, "format version %s; this library reads %d", spider.Quote(t.value), Version)
		}
	case "Code", "Deal", "Position":
		return p.deal(r, t)
	case "Variant":
		r.Variant = t.value
	case "Score", "Moves", "Runs", "Result", "Time":
		return p.claim(r, t)
	default:
		if len(r.Tags) >= p.limits.MaxTags {
			return &SyntaxError{Line: t.line, Col: t.col, Msg: fmt.Sprintf("more than %d tags", p.limits.MaxTags), Err: overLimit("MaxTags", p.limits.MaxTags)}
		}
		r.Tags = append(r.Tags, Tag{Name: t.name, Value: t.value})
	}
	return nil
}

// deal reads the one deal tag: Code, Deal (another program's game) or
// Position.
func (p *textParser) deal(r *Record, t *rawTag) error {
	if r.Deal.Kind != NoDeal {
		return p.tagErr(t, "a record has one deal: Code, Deal or Position")
	}
	var err error
	switch t.name {
	case "Code":
		r.Deal.Kind = DealCode
		r.Deal.Code, err = spider.ParseCode(t.value)
	case "Deal":
		r.Deal, err = p.opts.parseProgram(t.value)
	default:
		r.Deal.Kind = DealPosition
		r.Deal.Position, err = parsePosition(t.value)
	}
	if err != nil {
		return p.tagErr(t, "%v", err)
	}
	return nil
}

// claim reads a claim tag: Score, Moves, Runs, Result or Time.
func (p *textParser) claim(r *Record, t *rawTag) error {
	switch t.name {
	case "Result":
		o, err := spider.ParseOutcome(t.value)
		if err != nil {
			return p.tagErr(t, "%s: want %s", spider.Quote(t.value), spider.OutcomeWords())
		}
		r.Claims.Result = &o
	case "Time":
		v, err := strconv.ParseInt(t.value, 10, 64)
		if err != nil || v < 0 {
			return p.tagErr(t, "%s is not milliseconds", spider.Quote(t.value))
		}
		r.Claims.Time = &v
	default:
		v, err := strconv.Atoi(t.value)
		if err != nil || v < math.MinInt32 || v > math.MaxInt32 {
			return p.tagErr(t, "%s is not a whole number in range", spider.Quote(t.value))
		}
		switch t.name {
		case "Score":
			r.Claims.Score = &v
		case "Moves":
			r.Claims.Moves = &v
		default:
			r.Claims.Runs = &v
		}
	}
	return nil
}

// settings gives r the rules and scoring of its variant, with those its
// Rules and Scoring tags spell out.
func (p *textParser) settings(r *Record, rules, scoring *rawTag) error {
	br, bs, ok := base(r.Variant, r.Deal)
	if !ok && (rules == nil || scoring == nil) {
		return p.errAt(1, 1, "unknown variant %s; known: %s (or give Rules and Scoring)", spider.Quote(r.Variant), spider.VariantNames())
	}
	r.Rules, r.Scoring = br, bs
	var err error
	if rules != nil {
		if r.Rules, err = ParseRules(rules.value); err != nil {
			return p.errAt(rules.line, rules.col, "tag Rules: %v", err)
		}
	}
	if scoring != nil {
		if r.Scoring, err = ParseScoring(scoring.value); err != nil {
			return p.errAt(scoring.line, scoring.col, "tag Scoring: %v", err)
		}
	}
	return nil
}
