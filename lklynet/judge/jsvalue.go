package judge

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/spiderkit/spider/lklynet"
)

// jsKind is the type of a value JavaScript's JSON.parse gives.
type jsKind uint8

const (
	jsUndefined jsKind = iota // no such property
	jsNull
	jsBool
	jsNumber
	jsString
	jsArray
	jsObject
)

// jsValue is a JSON value as JSON.parse gives it to JavaScript: numbers are
// float64 (too large ones Infinity), strings keep lone surrogates (stored
// as WTF-8: the three bytes UTF-8 would give the code unit), objects keep
// their members in order with duplicates (the last one counts).
type jsValue struct {
	kind  jsKind
	b     bool
	num   float64
	str   string
	items []jsValue // an array's elements
	keys  []string  // an object's keys ...
	vals  []jsValue // ... and values
}

// get returns an object's own property key (the last member of that
// name), or undefined; other values have none that JSON can give (the
// prototypes of arrays, strings, numbers and booleans have none of the
// names lklynet reads).
func (v *jsValue) get(key string) *jsValue {
	for i := len(v.keys) - 1; i >= 0; i-- {
		if v.keys[i] == key {
			return &v.vals[i]
		}
	}
	return &jsValue{}
}

// has reports whether an object has the own property key.
func (v *jsValue) has(key string) bool { return v.get(key).kind != jsUndefined }

// errNotJSON: JSON.parse would throw a SyntaxError.
var errNotJSON = errors.New("not JSON")

// maxJSDepth bounds nesting, so that no line can exhaust the stack.
const maxJSDepth = 10000

// errTooDeep: the line nests deeper than maxJSDepth.
var errTooDeep = errors.New("nested too deep to judge")

// parseJS reads src as JSON.parse would (RFC 8259, nothing around the
// value but white space). Bytes that are not UTF-8 read as U+FFFD, one
// each, as Go decodes them (a WHATWG decoder, which the file reading of a
// JavaScript host may use, can merge some of them).
func parseJS(src []byte) (jsValue, error) {
	p := jsParser{src: src}
	v, err := p.value(0)
	if err != nil {
		return v, err
	}
	p.space()
	if p.i != len(src) {
		return v, errNotJSON
	}
	return v, nil
}

type jsParser struct {
	src []byte
	i   int
}

func (p *jsParser) space() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsParser) literal(word string) bool {
	if strings.HasPrefix(string(p.src[p.i:min(len(p.src), p.i+len(word))]), word) {
		p.i += len(word)
		return true
	}
	return false
}

func (p *jsParser) value(depth int) (jsValue, error) {
	if depth > maxJSDepth {
		return jsValue{}, errTooDeep
	}
	p.space()
	if p.i >= len(p.src) {
		return jsValue{}, errNotJSON
	}
	switch c := p.src[p.i]; {
	case c == '{':
		p.i++
		v := jsValue{kind: jsObject}
		p.space()
		if p.i < len(p.src) && p.src[p.i] == '}' {
			p.i++
			return v, nil
		}
		for {
			p.space()
			if p.i >= len(p.src) || p.src[p.i] != '"' {
				return v, errNotJSON
			}
			k, err := p.string()
			if err != nil {
				return v, err
			}
			p.space()
			if p.i >= len(p.src) || p.src[p.i] != ':' {
				return v, errNotJSON
			}
			p.i++
			val, err := p.value(depth + 1)
			if err != nil {
				return v, err
			}
			v.keys, v.vals = append(v.keys, k), append(v.vals, val)
			if done, err := p.more('}'); done || err != nil {
				return v, err
			}
		}
	case c == '[':
		p.i++
		v := jsValue{kind: jsArray}
		p.space()
		if p.i < len(p.src) && p.src[p.i] == ']' {
			p.i++
			return v, nil
		}
		for {
			item, err := p.value(depth + 1)
			if err != nil {
				return v, err
			}
			v.items = append(v.items, item)
			if done, err := p.more(']'); done || err != nil {
				return v, err
			}
		}
	case c == '"':
		s, err := p.string()
		return jsValue{kind: jsString, str: s}, err
	case c == 't' && p.literal("true"):
		return jsValue{kind: jsBool, b: true}, nil
	case c == 'f' && p.literal("false"):
		return jsValue{kind: jsBool}, nil
	case c == 'n' && p.literal("null"):
		return jsValue{kind: jsNull}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	return jsValue{}, errNotJSON
}

// more reads the comma before the next element or the closing byte.
func (p *jsParser) more(closing byte) (bool, error) {
	p.space()
	if p.i < len(p.src) {
		switch p.src[p.i] {
		case ',':
			p.i++
			return false, nil
		case closing:
			p.i++
			return true, nil
		}
	}
	return false, errNotJSON
}

func (p *jsParser) number() (jsValue, error) {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.src) && p.src[p.i] >= '0' && p.src[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.src[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.src) && p.src[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return jsValue{}, errNotJSON
	}
	if p.i < len(p.src) && p.src[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return jsValue{}, errNotJSON
		}
	}
	if p.i < len(p.src) && (p.src[p.i] == 'e' || p.src[p.i] == 'E') {
		p.i++
		if p.i < len(p.src) && (p.src[p.i] == '+' || p.src[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return jsValue{}, errNotJSON
		}
	}
	// ParseFloat rounds as JavaScript does and gives ±Inf past the range.
	f, _ := strconv.ParseFloat(string(p.src[start:p.i]), 64)
	return jsValue{kind: jsNumber, num: f}, nil
}

// string reads a string literal, p.i at its opening quote.
func (p *jsParser) string() (string, error) {
	s, n, ok := lklynet.ReadString(p.src[p.i:])
	if !ok {
		return "", errNotJSON
	}
	p.i += n
	return s, nil
}

// errToPrimitive: JavaScript cannot turn the object into a primitive: it has
// an own "toString" (never a function in JSON), so no conversion applies.
const errToPrimitive = jsThrow("Cannot convert object to primitive value")

// toString is JavaScript's ToString of v. Numbers are exact where it
// matters here (whole numbers, Infinity); others only round-trip.
func (v *jsValue) toString() (string, error) {
	switch v.kind {
	case jsUndefined:
		return "undefined", nil
	case jsNull:
		return "null", nil
	case jsBool:
		return strconv.FormatBool(v.b), nil
	case jsNumber:
		switch {
		case v.num == 0:
			return "0", nil
		case math.IsInf(v.num, 1):
			return "Infinity", nil
		case math.IsInf(v.num, -1):
			return "-Infinity", nil
		case v.num == math.Trunc(v.num) && math.Abs(v.num) < 1e21:
			return strconv.FormatFloat(v.num, 'f', -1, 64), nil
		}
		return strconv.FormatFloat(v.num, 'g', -1, 64), nil
	case jsString:
		return v.str, nil
	case jsArray:
		// Array.prototype.join: null (and undefined) elements are "".
		var b strings.Builder
		for i := range v.items {
			if i > 0 {
				b.WriteByte(',')
			}
			if k := v.items[i].kind; k == jsNull || k == jsUndefined {
				continue
			}
			s, err := v.items[i].toString()
			if err != nil {
				return "", err
			}
			b.WriteString(s)
		}
		return b.String(), nil
	}
	if v.has("toString") {
		return "", errToPrimitive
	}
	return "[object Object]", nil
}

// toNumber is JavaScript's ToNumber of v.
func (v *jsValue) toNumber() (float64, error) {
	switch v.kind {
	case jsUndefined:
		return math.NaN(), nil
	case jsNull:
		return 0, nil
	case jsBool:
		if v.b {
			return 1, nil
		}
		return 0, nil
	case jsNumber:
		return v.num, nil
	}
	s, err := v.toString() // for arrays and objects, ToPrimitive
	if err != nil {
		return 0, err
	}
	return stringToNumber(s), nil
}

// jsSpace reports whether r is white space or a line terminator to
// JavaScript's StringToNumber.
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// stringToNumber is JavaScript's StringToNumber.
func stringToNumber(s string) float64 {
	s = strings.TrimFunc(s, jsSpace)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			f := 0.0
			for _, c := range s[2:] {
				d, err := strconv.ParseUint(string(c), base, 8)
				if err != nil {
					return math.NaN()
				}
				f = f*float64(base) + float64(d)
			}
			return f
		}
	}
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 {
		return math.NaN()
	}
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	// StrUnsignedDecimalLiteral: digits [. [digits]] [exp] | . digits [exp].
	i, intDigits, fracDigits := 0, 0, 0
	for i < len(body) && body[i] >= '0' && body[i] <= '9' {
		i, intDigits = i+1, intDigits+1
	}
	if i < len(body) && body[i] == '.' {
		i++
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i, fracDigits = i+1, fracDigits+1
		}
	}
	if intDigits+fracDigits == 0 {
		return math.NaN()
	}
	if i < len(body) && (body[i] == 'e' || body[i] == 'E') {
		i++
		if i < len(body) && (body[i] == '+' || body[i] == '-') {
			i++
		}
		exp := 0
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i, exp = i+1, exp+1
		}
		if exp == 0 {
			return math.NaN()
		}
	}
	if i != len(body) {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s, 64) // the syntax is checked; ±Inf past the range
	return f
}
