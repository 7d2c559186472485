package codec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/spiderkit/spider"
)

// Magic numbers of the binary forms: a record file starts with "SPDZ", an
// archive with "SPDA", each followed by the format version byte.
const (
	MagicRecord  = "SPDZ"
	MagicArchive = "SPDA"
)

// Action codings of the binary payload.
const (
	codingExplicit = 0 // the static prefix code of bits.go
	codingIndex    = 1 // each action's index among the legal ones (compact.go)
)

// appendPayload appends the uncompressed binary payload of r, which must
// pass validation under o and fit in o's MaxBytes.
func appendPayload(dst []byte, r *Record, coding byte, o *options) ([]byte, error) {
	if err := o.validate(r); err != nil {
		return dst, invalid(err)
	}
	start := len(dst)
	dst = appendDeal(dst, r.Deal)
	dst = appendSettings(dst, r)
	dst = binary.AppendUvarint(dst, uint64(len(r.Tags)))
	for _, t := range r.Tags {
		dst = appendString(appendString(dst, t.Name), t.Value)
	}
	dst = appendClaims(dst, r.Claims)
	dst = binary.AppendUvarint(dst, uint64(len(r.Actions)))
	timed := byte(0)
	if r.Times != nil {
		timed = 1
	}
	dst = append(dst, coding, timed)
	var body []byte
	switch coding {
	case codingExplicit:
		w := bitWriter{buf: make([]byte, 0, len(r.Actions))}
		for _, a := range r.Actions {
			writeAction(&w, a)
		}
		body = w.flush()
	case codingIndex:
		var err error
		if body, err = indexCode(r, o); err != nil {
			return dst, err
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(body)))
	dst = append(dst, body...)
	for _, t := range r.Times {
		dst = binary.AppendUvarint(dst, uint64(t))
	}
	if n := len(dst) - start; n > o.limits.MaxBytes {
		return dst[:start], invalid(tooLarge("MaxBytes", o.limits.MaxBytes, "payload of %d bytes, over %d", n, o.limits.MaxBytes))
	}
	return dst, nil
}

// appendCards appends cs with their count, a byte each.
func appendCards(dst []byte, cs []spider.Card) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(cs)))
	for _, c := range cs {
		dst = append(dst, byte(c.Face()))
	}
	return dst
}

// appendDeal appends the deal source: its kind, then its code, program
// game or position.
func appendDeal(dst []byte, d DealSource) []byte {
	dst = append(dst, byte(d.Kind))
	switch d.Kind {
	case DealCode:
		dst = binary.AppendUvarint(dst, d.Code.Number)
		dst = append(dst, byte(d.Code.Suits), byte(d.Code.Group))
	case DealProgram:
		dst = appendString(appendString(dst, d.Program), d.Game)
		dst = append(dst, byte(d.Suits))
	case DealPosition:
		for c, col := range d.Position.Tableau {
			dst = appendCards(dst, col)
			dst = binary.AppendUvarint(dst, uint64(max(d.Position.FaceDown[c], 0)))
		}
		dst = appendCards(dst, d.Position.Stock)
	}
	return dst
}

// appendSettings appends the variant's name and, flagged, the rules and
// scoring that differ from the variant's (all of them for an unknown
// variant).
func appendSettings(dst []byte, r *Record) []byte {
	dst = appendString(dst, r.Variant)
	br, bs, known := base(r.Variant, r.Deal)
	var flags byte
	if r.Rules != br || !known {
		flags |= 1
	}
	if r.Scoring != bs || !known {
		flags |= 2
	}
	dst = append(dst, flags)
	if flags&1 != 0 {
		dst = appendString(dst, FormatRules(r.Rules))
	}
	if flags&2 != 0 {
		dst = appendString(dst, FormatScoring(r.Scoring))
	}
	return dst
}

// appendClaims appends the mask of the claims made, then each.
func appendClaims(dst []byte, c Claims) []byte {
	var mask byte
	for i, set := range []bool{c.Score != nil, c.Moves != nil, c.Runs != nil, c.Result != nil, c.Time != nil} {
		if set {
			mask |= 1 << i
		}
	}
	dst = append(dst, mask)
	for _, n := range []*int{c.Score, c.Moves, c.Runs} {
		if n != nil {
			dst = binary.AppendVarint(dst, int64(*n))
		}
	}
	if c.Result != nil {
		dst = appendString(dst, c.Result.String())
	}
	if c.Time != nil {
		dst = binary.AppendVarint(dst, *c.Time)
	}
	return dst
}

// payloadReader reads a payload with bounds on everything.
type payloadReader struct {
	src    []byte
	pos    int
	limits Limits
	opts   *options
	err    error
}

func (p *payloadReader) fail(sentinel error, format string, args ...any) {
	if p.err == nil {
		p.err = &FormatError{Offset: int64(p.pos), Msg: fmt.Sprintf(format, args...), Err: sentinel}
	}
}

func (p *payloadReader) byte() byte {
	if p.err != nil {
		return 0
	}
	if p.pos >= len(p.src) {
		p.fail(ErrTruncated, "payload ends early")
		return 0
	}
	b := p.src[p.pos]
	p.pos++
	return b
}

func (p *payloadReader) uvarint(limit uint64, what string) uint64 {
	if p.err != nil {
		return 0
	}
	v, n := binary.Uvarint(p.src[p.pos:])
	switch {
	case n == 0:
		p.fail(ErrTruncated, "payload ends inside %s", what)
		return 0
	case n < 0:
		p.fail(ErrFormat, "%s is not a varint", what)
		return 0
	case v > limit:
		p.fail(&TooLargeError{Limit: what, Max: int64(min(limit, math.MaxInt64))}, "%s is %d, over %d", what, v, limit)
		return 0
	}
	p.pos += n
	return v
}

func (p *payloadReader) varint(what string) int64 {
	if p.err != nil {
		return 0
	}
	v, n := binary.Varint(p.src[p.pos:])
	switch {
	case n == 0:
		p.fail(ErrTruncated, "payload ends inside %s", what)
	case n < 0:
		p.fail(ErrFormat, "%s is not a varint", what)
	default:
		p.pos += n
	}
	return v
}

func (p *payloadReader) bytes(n int, what string) []byte {
	if p.err != nil {
		return nil
	}
	if len(p.src)-p.pos < n {
		p.fail(ErrTruncated, "payload ends inside %s", what)
		return nil
	}
	b := p.src[p.pos : p.pos+n]
	p.pos += n
	return b
}

func (p *payloadReader) str(what string) string { return p.strMax(p.limits.MaxTagSize, what) }

func (p *payloadReader) strMax(limit int, what string) string {
	n := p.uvarint(uint64(limit), what+" length")
	b := p.bytes(int(n), what)
	if at := invalidUTF8(b); at >= 0 {
		p.pos -= len(b) - at
		p.fail(ErrFormat, "%s: not UTF-8 (%#02x)", what, b[at])
	}
	return string(b)
}

func (p *payloadReader) cards(limit uint64, what string) []spider.Card {
	n := p.uvarint(limit, what+" count")
	b := p.bytes(int(n), what)
	out := make([]spider.Card, len(b))
	for i, v := range b {
		out[i] = spider.Card(v)
		if !out[i].Valid() {
			p.fail(ErrFormat, "%s: byte %#x is not a card", what, v)
		}
	}
	return out
}

func (p *payloadReader) outcome(what string) *spider.Outcome {
	w := p.str(what)
	o, err := spider.ParseOutcome(w)
	if err != nil && p.err == nil {
		p.fail(ErrFormat, "%s %s is not %s", what, spider.Quote(w), spider.OutcomeWords())
	}
	return &o
}

func (p *payloadReader) intClaim(what string) *int {
	v := p.varint(what)
	if v < math.MinInt32 || v > math.MaxInt32 {
		p.fail(ErrFormat, "%s %d out of range", what, v)
	}
	n := int(v)
	return &n
}

// decodePayload reads an uncompressed payload into r, reusing the memory of
// its actions and times. Index-coded actions are read only in an archive,
// whose budget (nil outside one), holding the payload's bytes, is charged
// for explicit actions before they are read and for index-coded ones as
// they are decoded.
func decodePayload(r *Record, src []byte, o *options, budget *workBudget) error {
	p := &payloadReader{src: src, limits: o.limits, opts: o}
	archive := budget != nil
	actions, times := r.Actions[:0], r.Times[:0]
	*r = Record{}
	p.deal(r)
	p.settings(r)
	ntags := p.uvarint(uint64(o.limits.MaxTags), "tag count")
	for i := uint64(0); i < ntags && p.err == nil; i++ {
		r.Tags = append(r.Tags, Tag{Name: p.str("tag name"), Value: p.str("tag value")})
	}
	p.claims(r)
	n := int(p.uvarint(uint64(o.limits.MaxActions), "action count"))
	coding, timed := p.byte(), p.byte()
	if timed > 1 {
		p.fail(ErrFormat, "times flag %d is not 0 or 1", timed)
	}
	body := p.bytes(int(p.uvarint(uint64(o.limits.MaxBytes), "action bytes")), "actions")
	if p.err != nil {
		return p.err
	}
	switch {
	case !archive:
	case coding == codingIndex:
		// Its bytes count as its decoder reads them, which charges the
		// work it does.
		budget.hold(-int64(len(body)))
	default:
		if !budget.spend(int64(n)) {
			return budget.over(fmt.Sprintf("%d more actions", n))
		}
	}
	if !p.actions(r, actions, body, n, coding, budget) {
		return p.err
	}
	if timed == 1 && n > 0 {
		r.Times = p.times(slices.Grow(times, n)[:n])
	}
	if p.err == nil && p.pos != len(src) {
		p.fail(ErrFormat, "%d bytes after the record", len(src)-p.pos)
	}
	if p.err != nil {
		return p.err
	}
	// The action codes (and index coding, which yields legal actions) only
	// give actions the notation has words for.
	if err := o.validateHead(r); err != nil {
		return &FormatError{Offset: int64(p.pos), Msg: err.Error(), Err: sentinelOf(err)}
	}
	return nil
}

// deal reads the record's deal source.
func (p *payloadReader) deal(r *Record) {
	r.Deal.Kind = DealKind(p.byte())
	switch r.Deal.Kind {
	case DealCode:
		r.Deal.Code.Number = p.uvarint(spider.MaxNumber, "deal number")
		r.Deal.Code.Suits = int(p.byte())
		r.Deal.Code.Group = spider.GroupRule(p.byte())
		if p.err == nil {
			if err := r.Deal.Code.Validate(); err != nil {
				p.fail(ErrFormat, "game code: %v", err)
			}
		}
	case DealProgram:
		r.Deal.Program = p.str("deal program")
		r.Deal.Game = p.strMax(p.opts.maxGame, "deal game")
		r.Deal.Suits = int(p.byte())
	case DealPosition:
		for c := 0; c < 10; c++ {
			r.Deal.Position.Tableau[c] = p.cards(104, "column")
			r.Deal.Position.FaceDown[c] = int(p.uvarint(104, "face-down count"))
		}
		r.Deal.Position.Stock = p.cards(104, "stock")
	default:
		p.fail(ErrFormat, "deal kind %d is not 1 (code), 2 (program) or 3 (position)", r.Deal.Kind)
	}
}

// settings reads the variant's name and the rules and scoring the record
// spells out (flag 1: rules, 2: scoring), the rest from the variant.
func (p *payloadReader) settings(r *Record) {
	r.Variant = p.str("variant")
	flags := p.byte()
	br, bs, known := base(r.Variant, r.Deal)
	if flags&^3 != 0 {
		p.fail(ErrFormat, "unknown settings flags %#x", flags)
	}
	if !known && flags != 3 && p.err == nil {
		p.fail(ErrFormat, "unknown variant %s without full rules and scoring", spider.Quote(r.Variant))
	}
	r.Rules, r.Scoring = br, bs
	var err error
	if flags&1 != 0 {
		if r.Rules, err = ParseRules(p.str("rules")); err != nil {
			p.fail(ErrFormat, "rules: %v", err)
		}
	}
	if flags&2 != 0 {
		if r.Scoring, err = ParseScoring(p.str("scoring")); err != nil {
			p.fail(ErrFormat, "scoring: %v", err)
		}
	}
}

// claims reads the claims, a bit of the mask each: score, moves, runs,
// result, time.
func (p *payloadReader) claims(r *Record) {
	mask := p.byte()
	if mask&^0x1f != 0 {
		p.fail(ErrFormat, "unknown claims %#x", mask)
	}
	if mask&1 != 0 {
		r.Claims.Score = p.intClaim("claimed score")
	}
	if mask&2 != 0 {
		r.Claims.Moves = p.intClaim("claimed moves")
	}
	if mask&4 != 0 {
		r.Claims.Runs = p.intClaim("claimed runs")
	}
	if mask&8 != 0 {
		r.Claims.Result = p.outcome("claimed result")
	}
	if mask&16 != 0 {
		t := p.varint("claimed time")
		r.Claims.Time = &t
	}
}

// actions reads the n actions coded in body into r, reusing the memory of
// actions; false (and p.err) when they cannot be read. Index-coded ones are
// read only in an archive, charged to its budget.
func (p *payloadReader) actions(r *Record, actions []spider.Action, body []byte, n int, coding byte, budget *workBudget) bool {
	switch coding {
	case codingExplicit:
		r.Actions = slices.Grow(actions, n)
		br := bitReader{src: body}
		for i := 0; i < n; i++ {
			a, ok := readAction(&br)
			if !ok || br.over {
				p.pos -= len(body) - min(br.pos, len(body))
				p.fail(ErrFormat, "action %d: not a valid code", i+1)
				return false
			}
			r.Actions = append(r.Actions, a)
		}
	case codingIndex:
		if budget == nil {
			p.pos -= len(body)
			p.fail(ErrFormat, "index-coded actions are read only in archives (.spda), which a host writes itself: a single record must code its actions explicitly")
			return false
		}
		actions, err := indexDecode(r, body, n, p.opts, budget)
		var fe *FormatError
		if errors.As(err, &fe) && fe.Err == ErrOverBudget {
			fe.Offset = int64(p.pos)
			p.err = fe
			return false
		}
		if err != nil {
			p.fail(ErrFormat, "index-coded actions: %v", err)
			return false
		}
		r.Actions = actions
	default:
		p.fail(ErrFormat, "action coding %d is not 0 or 1", coding)
	}
	return p.err == nil
}

// times reads a time for each entry of dst.
func (p *payloadReader) times(dst []uint32) []uint32 {
	src := p.src
	for i := range dst {
		// Most times take one or two bytes: read those inline.
		switch j := p.pos; {
		case j < len(src) && src[j] < 0x80:
			dst[i], p.pos = uint32(src[j]), j+1
		case j+1 < len(src) && src[j+1] < 0x80:
			dst[i], p.pos = uint32(src[j]&0x7f)|uint32(src[j+1])<<7, j+2
		default:
			dst[i] = uint32(p.uvarint(math.MaxUint32, "action time"))
		}
	}
	return dst
}

// EncodeBinary appends the binary form of r (.spdz) to dst: "SPDZ", the
// version byte, and one zstd frame holding the payload.
func (c *Codec) EncodeBinary(dst []byte, r *Record) ([]byte, error) {
	return c.encodeBinary(dst, r, codingExplicit)
}

func (c *Codec) encodeBinary(dst []byte, r *Record, coding byte) ([]byte, error) {
	payload, err := appendPayload(nil, r, coding, &c.opts)
	if err != nil {
		return dst, err
	}
	out := append(dst, MagicRecord...)
	out = append(out, Version)
	if out, err = c.z.compress(payload, out); err != nil {
		return dst, err
	}
	return out, nil
}

// DecodeBinary reads the binary form. The zstd frame may not decompress to
// more than Limits.MaxInflate (MaxBytes unless set), whatever it claims;
// errors are *FormatError.
func (c *Codec) DecodeBinary(src []byte) (*Record, error) {
	r := new(Record)
	if err := c.DecodeBinaryInto(r, src); err != nil {
		return nil, err
	}
	return r, nil
}

// DecodeBinaryInto is DecodeBinary into r, reusing the memory of r.Actions
// and r.Times: for a verifier that reads many records one after another
// and keeps none. r is overwritten (slices of an earlier record in it
// included); after an error its content is unspecified.
func (c *Codec) DecodeBinaryInto(r *Record, src []byte) error {
	if len(src) < 5 {
		return &FormatError{Offset: int64(len(src)), Msg: "shorter than the 5-byte header", Err: ErrTruncated}
	}
	if string(src[:4]) != MagicRecord {
		return &FormatError{Msg: fmt.Sprintf("starts with %s, not %s", spider.Quote(string(src[:4])), spider.Quote(MagicRecord)), Err: ErrFormat}
	}
	if src[4] != Version {
		return &FormatError{Offset: 4, Msg: fmt.Sprintf("format version %d; this library reads %d", src[4], Version), Err: ErrFormat}
	}
	buf, _ := c.bufs.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	defer c.bufs.Put(buf)
	payload, err := c.decompress(src[5:], (*buf)[:0])
	if err != nil {
		return err
	}
	*buf = payload // decodePayload copies what it keeps
	return decodePayload(r, payload, &c.opts, nil)
}

// decompress inflates one zstd frame into dst within the inflate limit
// (the decoder's maximum memory).
func (c *Codec) decompress(src, dst []byte) ([]byte, error) {
	limit := c.opts.limits.inflateLimit()
	out, err := c.z.inflate(src, dst)
	if err != nil {
		return nil, err
	}
	if len(out) > limit {
		return nil, &FormatError{Offset: 5, Msg: fmt.Sprintf("payload over %d bytes", limit), Err: overLimit("MaxInflate", limit)}
	}
	return out, nil
}
