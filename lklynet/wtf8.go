package lklynet

import (
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// A seed is a JavaScript string: UTF-16 code units, which may hold lone
// surrogates. In Go it is kept as WTF-8: UTF-8, but for a lone surrogate,
// which is the three bytes UTF-8 would give its code unit (ED A0 80 for
// U+D800). A seed that is UTF-8 is the same string either way.

// loneSurrogate reads the code unit of a lone surrogate in WTF-8 at the
// start of s.
func loneSurrogate(s string) (uint16, bool) {
	if len(s) < 3 || s[0] != 0xED || s[1] < 0xA0 || s[1] > 0xBF || s[2] < 0x80 || s[2] > 0xBF {
		return 0, false
	}
	return 0xD000 | uint16(s[1]&0x3F)<<6 | uint16(s[2]&0x3F), true
}

// eachUnit calls f with each UTF-16 code unit of the WTF-8 string s, in
// order; a byte that is neither UTF-8 nor part of a lone surrogate is a
// U+FFFD.
func eachUnit(s string, f func(u uint16)) {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			f(uint16(c))
			i++
			continue
		}
		if u, ok := loneSurrogate(s[i:]); ok {
			f(u)
			i += 3
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
			f(uint16(r1))
			f(uint16(r2))
		} else {
			f(uint16(r))
		}
		i += n
	}
}

// appendUnit appends one UTF-16 code unit: a lone surrogate as WTF-8.
func appendUnit(b []byte, u uint16) []byte {
	if utf16.IsSurrogate(rune(u)) {
		return append(b, 0xE0|byte(u>>12), 0x80|byte(u>>6&0x3F), 0x80|byte(u&0x3F))
	}
	return utf8.AppendRune(b, rune(u))
}

// appendJSONString appends the WTF-8 string s as a JSON string, a lone
// surrogate as its \u escape, so that JSON.parse (and ParseLog) read the
// same code units back.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for len(s) > 0 {
		n := 0
		for n < len(s) {
			if _, ok := loneSurrogate(s[n:]); ok {
				break
			}
			n++
		}
		if n > 0 {
			q, _ := json.Marshal(s[:n]) // a string always marshals
			dst = append(dst, q[1:len(q)-1]...)
			s = s[n:]
			continue
		}
		u, _ := loneSurrogate(s)
		const hex = "0123456789abcdef"
		dst = append(dst, '\\', 'u', hex[u>>12], hex[u>>8&0xF], hex[u>>4&0xF], hex[u&0xF])
		s = s[3:]
	}
	return append(dst, '"')
}

// ReadString reads the JSON string at the start of b as JavaScript's
// JSON.parse does, and as ParseLog reads a seed: its code units, a lone
// surrogate kept in WTF-8 (see Log.Seed; encoding/json would make it a
// U+FFFD), a byte that is not UTF-8 a U+FFFD. It returns the string and
// how many bytes of b it took; ok is false when b does not start with a
// whole JSON string.
func ReadString(b []byte) (s string, n int, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", 0, false
	}
	var out []byte
	for i := 1; ; {
		if i >= len(b) {
			return "", 0, false
		}
		c := b[i]
		switch {
		case c == '"':
			return string(out), i + 1, true
		case c < 0x20:
			return "", 0, false
		case c == '\\':
			if i+1 >= len(b) {
				return "", 0, false
			}
			i += 2
			switch e := b[i-1]; e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				u, ok := hex4(b, i)
				if !ok {
					return "", 0, false
				}
				i += 4
				if utf16.IsSurrogate(rune(u)) && u < 0xDC00 && i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
					if lo, ok := hex4(b, i+2); ok && lo >= 0xDC00 && lo <= 0xDFFF {
						out = utf8.AppendRune(out, utf16.DecodeRune(rune(u), rune(lo)))
						i += 6
						continue
					}
				}
				out = appendUnit(out, u)
			default:
				return "", 0, false
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, n := utf8.DecodeRune(b[i:])
			out = utf8.AppendRune(out, r) // a bad byte gives U+FFFD
			i += n
		}
	}
}

// hex4 reads the four hexadecimal digits at b[i:] as a code unit.
func hex4(b []byte, i int) (uint16, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[i:i+4]), 16, 16)
	if err != nil {
		return 0, false
	}
	return uint16(v), true
}
