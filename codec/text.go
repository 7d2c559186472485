package codec

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spiderkit/spider"
)

// AppendText appends the canonical text form of r to dst. It fails with
// ErrInvalid when r cannot be written (see the package doc) or fails
// Validate with the default limits. It knows the standard programs
// (deals.Standard); Codec.AppendText writes with a codec's programs.
func AppendText(dst []byte, r *Record) ([]byte, error) {
	o := newOptions()
	return o.appendText(dst, r)
}

// AppendText appends the canonical text form of r to dst, as the
// package's AppendText does, with the Codec's limits and programs: a
// record of a seed program it knows is written with its seed verbatim.
func (c *Codec) AppendText(dst []byte, r *Record) ([]byte, error) { return c.opts.appendText(dst, r) }

// appendText is AppendText under o.
func (o *options) appendText(dst []byte, r *Record) ([]byte, error) {
	if err := o.validate(r); err != nil {
		return dst, invalid(err)
	}
	tag := func(name, value string) {
		dst = append(dst, '[')
		dst = append(dst, name...)
		dst = append(dst, ' ')
		dst = appendQuoted(dst, value)
		dst = append(dst, "]\n"...)
	}
	tag("Spider", strconv.Itoa(Version))
	switch r.Deal.Kind {
	case DealCode:
		tag("Code", r.Deal.Code.String())
	case DealProgram:
		tag("Deal", o.formatProgram(r.Deal))
	case DealPosition:
		tag("Position", formatPosition(r.Deal.Position))
	}
	if r.Variant != "" {
		tag("Variant", r.Variant)
	}
	br, bs, known := base(r.Variant, r.Deal)
	if r.Rules != br || !known {
		tag("Rules", FormatRules(r.Rules))
	}
	if r.Scoring != bs || !known {
		tag("Scoring", FormatScoring(r.Scoring))
	}
	for _, t := range r.Tags {
		tag(t.Name, t.Value)
	}
	c := r.Claims
	if c.Score != nil {
		tag("Score", strconv.Itoa(*c.Score))
	}
	if c.Moves != nil {
		tag("Moves", strconv.Itoa(*c.Moves))
	}
	if c.Runs != nil {
		tag("Runs", strconv.Itoa(*c.Runs))
	}
	if c.Result != nil {
		tag("Result", c.Result.String())
	}
	if c.Time != nil {
		tag("Time", strconv.FormatInt(*c.Time, 10))
	}
	dst = append(dst, '\n')
	line := 0
	for i, a := range r.Actions {
		word := a.String()
		if r.Times != nil {
			word += "@" + strconv.FormatUint(uint64(r.Times[i]), 10)
		}
		if line > 0 && line+1+len(word) > 79 {
			dst = append(dst, '\n')
			line = 0
		}
		if line > 0 {
			dst = append(dst, ' ')
			line++
		}
		dst = append(dst, word...)
		line += len(word)
	}
	if line > 0 {
		dst = append(dst, '\n')
	}
	return dst, nil
}

// appendQuoted writes s between double quotes, with \" and \\ escaped and
// control characters written \u{hex}.
func appendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', byte(c))
		case c < 0x20 || c == 0x7f:
			dst = append(dst, `\u{`...)
			dst = strconv.AppendInt(dst, int64(c), 16)
			dst = append(dst, '}')
		default:
			dst = utf8.AppendRune(dst, c)
		}
	}
	return append(dst, '"')
}

// checkValue refuses bytes that are not UTF-8, which JSON cannot hold.
func checkValue(s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("value %s is not UTF-8", spider.Quote(s))
	}
	return nil
}

// seedProgram reports whether o knows the program named name as one whose
// games are seeds, kept verbatim.
func (o *options) seedProgram(name string) bool {
	p, ok := o.programs.Lookup(name)
	return ok && p.Seed
}

// formatProgram writes another program's game as the Deal tag holds it:
// the program's name and the game, then the suit count unless it is 0 or
// the game is a seed (the rest of the tag, verbatim).
func (o *options) formatProgram(d DealSource) string {
	s := d.Program + " " + d.Game
	if d.Suits > 0 && !o.seedProgram(d.Program) {
		s += " suits=" + strconv.Itoa(d.Suits)
	}
	return s
}

// FormatPosition writes a layout as the Position tag holds it: ten
// columns "down|up" and the stock, separated by "/", cards in the
// two-letter notation (as testdata/perft writes its positions).
func FormatPosition(d spider.Deal) string { return formatPosition(d) }

// formatPosition writes an explicit deal: ten columns "down|up" and the
// stock, separated by "/", cards in the two-letter notation.
func formatPosition(d spider.Deal) string {
	var b strings.Builder
	cards := func(cs []spider.Card) {
		for i, c := range cs {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(c.ASCII())
		}
	}
	for c, col := range d.Tableau {
		down := min(max(d.FaceDown[c], 0), len(col))
		cards(col[:down])
		b.WriteByte('|')
		cards(col[down:])
		b.WriteByte('/')
	}
	cards(d.Stock)
	return b.String()
}

func parsePosition(s string) (spider.Deal, error) {
	var d spider.Deal
	parts := strings.Split(s, "/")
	if len(parts) != 11 {
		return d, fmt.Errorf("a position has 10 columns and the stock separated by '/', not %d parts", len(parts))
	}
	cards := func(s string) ([]spider.Card, error) {
		var out []spider.Card
		for _, w := range strings.Fields(s) {
			c, err := spider.ParseCard(w)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	}
	for c := 0; c < 10; c++ {
		down, up, ok := strings.Cut(parts[c], "|")
		if !ok {
			return d, fmt.Errorf("column %c has no '|' between its face-down and face-up cards", 'a'+c)
		}
		dc, err := cards(down)
		if err != nil {
			return d, fmt.Errorf("column %c: %w", 'a'+c, err)
		}
		uc, err := cards(up)
		if err != nil {
			return d, fmt.Errorf("column %c: %w", 'a'+c, err)
		}
		d.Tableau[c] = append(dc, uc...)
		d.FaceDown[c] = len(dc)
	}
	stock, err := cards(parts[10])
	if err != nil {
		return d, fmt.Errorf("stock: %w", err)
	}
	d.Stock = stock
	return d, nil
}

// parseProgram reads the Deal tag: a program's name, a space, and its
// game: for a seed program o knows, the rest of the tag verbatim; for any
// other, words and an optional last "suits=N".
func (o *options) parseProgram(s string) (DealSource, error) {
	d := DealSource{Kind: DealProgram}
	prog, rest, _ := strings.Cut(s, " ")
	d.Program = strings.ToLower(prog)
	if !validWord(d.Program) {
		return d, fmt.Errorf("deal %s: want a program name and a game, such as \"pysolfc 123\"", spider.Quote(s))
	}
	if o.seedProgram(d.Program) {
		d.Game = rest // the seed, verbatim
		return d, nil
	}
	fields := strings.Fields(rest)
	if n := len(fields); n > 1 && strings.HasPrefix(fields[n-1], "suits=") {
		v, err := strconv.Atoi(strings.TrimPrefix(fields[n-1], "suits="))
		if err != nil || v < 1 || v > 4 {
			return d, fmt.Errorf("deal %s: suits must be 1 to 4", spider.Quote(s))
		}
		d.Suits = v
		fields = fields[:n-1]
	}
	d.Game = strings.Join(fields, " ")
	if d.Game == "" {
		return d, fmt.Errorf("deal %s names no game", spider.Quote(s))
	}
	return d, nil
}
