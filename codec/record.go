package codec

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
)

// Version is the record format version this package writes and reads.
const Version = 1

// DealKind says where a record's deal comes from. The zero value NoDeal is
// a record without a deal, which every encoder refuses.
type DealKind uint8

const (
	// NoDeal: the record names no deal.
	NoDeal DealKind = iota
	// DealCode: a game code of this project (SP1-S4C-AAAAAAD).
	DealCode
	// DealProgram: another program's game number or seed, such as PySolFC
	// game 123 or KPat game 123 with 2 suits (see package deals).
	DealProgram
	// DealPosition: an explicit starting position.
	DealPosition
)

// DealSource is a record's deal: one of a game code, another program's
// game, or an explicit position, as Kind says.
type DealSource struct {
	Kind DealKind
	// Code is the game code when Kind is DealCode.
	Code spider.Code
	// Program (its name, such as "pysolfc" or "kpat"), Game (its number or
	// seed, verbatim) and Suits (0 when the program has no suit setting)
	// when Kind is DealProgram.
	Program string
	Game    string
	Suits   int
	// Position is the starting position when Kind is DealPosition.
	Position spider.Deal
}

// Deal builds the starting position the source names: a game code's deal,
// the explicit position, or a game of one of the standard programs
// (deals.Standard). Codec.Deal deals with a codec's programs.
func (d DealSource) Deal() (spider.Deal, error) { return deal(d, deals.Standard()) }

// deal builds the starting position d names, dealing another program's
// game with the programs ps.
func deal(d DealSource, ps deals.Programs) (spider.Deal, error) {
	switch d.Kind {
	case DealCode:
		return d.Code.Deal()
	case DealPosition:
		return d.Position, nil
	case DealProgram:
		return ps.Deal(d.Program, d.Game, d.Suits)
	}
	return spider.Deal{}, errors.New("the record names no deal")
}

// deal is deal with o's programs.
func (o *options) deal(d DealSource) (spider.Deal, error) { return deal(d, o.programs) }

// Claims are what the client says about the end of the game; the verifier
// compares them with its own recomputation. A nil field is not claimed.
type Claims struct {
	Score *int `json:"score,omitempty"`
	Moves *int `json:"moves,omitempty"`
	Runs  *int `json:"runs,omitempty"`
	// Result is how the game stands at the end of the record: playing,
	// won, resigned, blocked, lost or time-up (spider.Outcome's words; "open", the word
	// of earlier records, reads as playing).
	Result *spider.Outcome `json:"result,omitempty"`
	// Time is the total time of the game in milliseconds.
	Time *int64 `json:"time,omitempty"`
}

// Tag is a free name-value pair such as Player or Date, as in PGN.
type Tag struct {
	Name, Value string
}

// The names of the free tags the SDK's tools write and read.
const (
	// TagPlayer names the player.
	TagPlayer = "Player"
	// TagDate is the day the game was played, as 2006.01.02.
	TagDate = "Date"
	// TagTicket carries the signed ticket of a game a server dealt (the
	// leaderboard's POST /games), which it checks when the record comes
	// back.
	TagTicket = "Ticket"
)

// Record is one game: everything needed to replay and audit it without
// outside configuration. Decoders fill it without judging legality: an
// illegal action still decodes, so the verifier can say which one is wrong.
type Record struct {
	Deal DealSource
	// Variant names a variant (spider.ParseVariant); "" for rules and scoring given
	// in full. Rules and Scoring are always complete: a decoder fills them from
	// the variant and any settings the record gives.
	Variant string
	Rules   spider.Rules
	Scoring spider.Scoring
	// Tags are the free tags, in order. Names are letters, digits and '_';
	// the names the format uses itself (see reserved) are not free tags.
	Tags    []Tag
	Actions []spider.Action
	// Times, when not nil, has one entry for each action: the milliseconds
	// elapsed before it.
	Times  []uint32
	Claims Claims
}

// Tag returns the value of the free tag with that name and whether it is
// there.
func (r *Record) Tag(name string) (string, bool) {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// reserved are the tag names with a meaning of their own in the text form.
var reserved = map[string]bool{
	"Spider": true, "Code": true, "Deal": true, "Position": true, "Variant": true,
	"Rules": true, "Scoring": true, "Score": true, "Moves": true, "Runs": true,
	"Result": true, "Time": true,
}

// base returns the rules and scoring a record's variant starts from: the
// variant's, with a game code's group rule (its letter C or R). ok is false
// for an unknown variant name.
func base(variant string, d DealSource) (spider.Rules, spider.Scoring, bool) {
	var r spider.Rules
	var s spider.Scoring
	if variant != "" {
		v, err := spider.ParseVariant(variant)
		if err != nil {
			return r, s, false
		}
		r, s = v.Rules, v.Scoring
	}
	if d.Kind == DealCode {
		r.Group = d.Code.Group
	}
	return r, s, true
}

// Validate reports the first reason why no form can hold r within the
// limits l, with the standard programs (deals.Standard): no deal, a bad
// tag name, a value over a limit, a claim out of range, times that do not
// match the actions, an action the notation has no word for. Every
// decoder refuses, and every encoder will not write, a record that fails
// it with its codec's limits and programs (Codec.Validate), so the forms
// accept exactly the same records. Errors about a limit match ErrTooLarge.
func (r *Record) Validate(l Limits) error {
	o := options{limits: l.withDefaults(), programs: deals.Standard()}
	return o.validate(r)
}

// Validate is Record.Validate with the Codec's limits and programs: the
// check each of its decoders ends with and each of its encoders starts
// with.
func (c *Codec) Validate(r *Record) error { return c.opts.validate(r) }

// validate is Validate under o.
func (o *options) validate(r *Record) error {
	if err := o.validateHead(r); err != nil {
		return err
	}
	for i, a := range r.Actions {
		if !writable(a) {
			return fmt.Errorf("action %d (%#x) has no notation", i+1, uint32(a))
		}
	}
	return nil
}

// tooLarge is an error about the limit named, of bound max.
func tooLarge(limit string, max int, format string, args ...any) error {
	return fmt.Errorf("%w: %s", overLimit(limit, max), fmt.Sprintf(format, args...))
}

// validateHead is validate without the actions' notation, for a decoder
// whose codes can only give writable ones.
func (o *options) validateHead(r *Record) error {
	if err := o.validateDeal(r.Deal); err != nil {
		return err
	}
	if err := o.validateVariant(r); err != nil {
		return err
	}
	if err := o.validateTags(r.Tags); err != nil {
		return err
	}
	l := o.limits
	if len(r.Actions) > l.MaxActions {
		return tooLarge("MaxActions", l.MaxActions, "%d actions, over %d", len(r.Actions), l.MaxActions)
	}
	if r.Times != nil && len(r.Times) != len(r.Actions) {
		return fmt.Errorf("%d times for %d actions", len(r.Times), len(r.Actions))
	}
	return validateClaims(r.Claims)
}

// validateDeal checks the deal source: a valid code, a program's game
// that a record can name, or a position of real cards.
func (o *options) validateDeal(d DealSource) error {
	switch d.Kind {
	case DealCode:
		return d.Code.Validate()
	case DealProgram:
		return o.validateProgramDeal(d)
	case DealPosition:
		return validatePosition(d.Position)
	}
	return fmt.Errorf("record has no deal")
}

// validateProgramDeal checks another program's game: a seed program's
// seed is any UTF-8 text, kept verbatim, of at most the program's MaxSeed
// bytes; any other program's game (a program o does not know included)
// is words.
func (o *options) validateProgramDeal(d DealSource) error {
	if !validWord(d.Program) || strings.ToLower(d.Program) != d.Program || len(d.Program) > maxProgram {
		return fmt.Errorf("deal program %s is not a lower-case word of at most %d letters", spider.Quote(d.Program), maxProgram)
	}
	g := d.Game
	if p, ok := o.programs.Lookup(d.Program); ok && p.Seed {
		if len(g) > p.MaxSeed {
			return tooLarge("MaxSeed", p.MaxSeed, "deal seed of %d bytes, over %d", len(g), p.MaxSeed)
		}
		if d.Suits != 0 {
			// The text form writes a seed verbatim, with no suits= word.
			return fmt.Errorf("deal suits %d: %s's games are seeds, with no suit setting", d.Suits, d.Program)
		}
	} else {
		if g == "" || strings.Join(strings.Fields(g), " ") != g || strings.Contains(g, "suits=") {
			return fmt.Errorf("deal game %s is empty, has extra spaces or a suits= word", spider.Quote(g))
		}
		if len(g) > o.limits.MaxTagSize {
			return tooLarge("MaxTagSize", o.limits.MaxTagSize, "deal game of %d bytes, over %d", len(g), o.limits.MaxTagSize)
		}
	}
	if err := checkValue(g); err != nil {
		return fmt.Errorf("deal game: %w", err)
	}
	if d.Suits < 0 || d.Suits > 4 {
		return fmt.Errorf("deal suits %d is not 0 to 4", d.Suits)
	}
	return nil
}

// validatePosition checks an explicit position: face-down counts within
// their columns, real cards, at most two decks of them.
func validatePosition(p spider.Deal) error {
	total := len(p.Stock)
	for c, col := range p.Tableau {
		total += len(col)
		if p.FaceDown[c] < 0 || p.FaceDown[c] > len(col) {
			return fmt.Errorf("position column %c: %d face down of %d cards", 'a'+c, p.FaceDown[c], len(col))
		}
		for _, card := range col {
			if !card.Face().Valid() {
				return fmt.Errorf("position column %c holds a bad card", 'a'+c)
			}
		}
	}
	for _, card := range p.Stock {
		if !card.Face().Valid() {
			return fmt.Errorf("position stock holds a bad card")
		}
	}
	if total > 104 {
		return fmt.Errorf("position holds %d cards; two decks have 104", total)
	}
	return nil
}

// validateVariant checks the variant's name and the settings, and that a
// settings text a form must write fits the tag limit.
func (o *options) validateVariant(r *Record) error {
	l := o.limits
	if len(r.Variant) > l.MaxTagSize {
		return tooLarge("MaxTagSize", l.MaxTagSize, "variant name of %d bytes, over %d", len(r.Variant), l.MaxTagSize)
	}
	if err := checkValue(r.Variant); err != nil {
		return fmt.Errorf("variant: %w", err)
	}
	if err := checkSettings(&r.Rules, ruleSettings); err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	if err := checkSettings(&r.Scoring, scoringSettings); err != nil {
		return fmt.Errorf("scoring: %w", err)
	}
	// A settings text is written when the settings differ from the
	// variant's; only a long one needs that looked up.
	if rl, sl := settingsLen(&r.Rules, ruleSettings), settingsLen(&r.Scoring, scoringSettings); max(rl, sl) > l.MaxTagSize {
		br, bs, known := base(r.Variant, r.Deal)
		if rl > l.MaxTagSize && (r.Rules != br || !known) || sl > l.MaxTagSize && (r.Scoring != bs || !known) {
			return tooLarge("MaxTagSize", l.MaxTagSize, "settings text of %d bytes, over %d", max(rl, sl), l.MaxTagSize)
		}
	}
	return nil
}

// validateTags checks the free tags: how many, their names, their values.
func (o *options) validateTags(tags []Tag) error {
	l := o.limits
	if len(tags) > l.MaxTags {
		return tooLarge("MaxTags", l.MaxTags, "%d tags, over %d", len(tags), l.MaxTags)
	}
	for _, t := range tags {
		if !validWord(t.Name) || reserved[t.Name] || len(t.Name) > maxTagName {
			return fmt.Errorf("tag name %s is not a free tag name (letters, digits and '_', at most %d)", spider.Quote(t.Name), maxTagName)
		}
		if len(t.Value) > l.MaxTagSize {
			return tooLarge("MaxTagSize", l.MaxTagSize, "tag %s: value of %d bytes, over %d", t.Name, len(t.Value), l.MaxTagSize)
		}
		if err := checkValue(t.Value); err != nil {
			return fmt.Errorf("tag %s: %w", t.Name, err)
		}
	}
	return nil
}

// validateClaims checks that each claim is in range: a score in 32 bits,
// moves, runs and time not negative, a result spider.Outcome has.
func validateClaims(c Claims) error {
	if c.Score != nil && (*c.Score < math.MinInt32 || *c.Score > math.MaxInt32) {
		return fmt.Errorf("claimed score %d is out of range (%d to %d)", *c.Score, math.MinInt32, math.MaxInt32)
	}
	for _, n := range []struct {
		what string
		v    *int
	}{{"moves", c.Moves}, {"runs", c.Runs}} {
		if n.v != nil && (*n.v < 0 || *n.v > math.MaxInt32) {
			return fmt.Errorf("claimed %s %d is out of range (0 to %d)", n.what, *n.v, math.MaxInt32)
		}
	}
	if c.Time != nil && *c.Time < 0 {
		return fmt.Errorf("claimed time %d ms is negative", *c.Time)
	}
	if c.Result != nil && !c.Result.Valid() {
		return fmt.Errorf("claimed result %v is not %s", *c.Result, spider.OutcomeWords())
	}
	return nil
}

// maxProgram and maxTagName bound a program's name and a tag's name.
const (
	maxProgram = 32
	maxTagName = 64
)

// validWord reports whether s is a non-empty run of letters, digits and '_'.
func validWord(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// writable reports whether the notation has a word for a: columns a to j,
// moves of 1 to 255 cards, and nothing but the kind in argument-less actions.
func writable(a spider.Action) bool {
	switch a.Kind() {
	case spider.KindMove:
		return a.From() <= 9 && a.To() <= 9 && a.Count() >= 1 && a == spider.Move(a.From(), a.To(), a.Count())
	case spider.KindFlip:
		return a.From() <= 9 && a == spider.Flip(a.From())
	case spider.KindDeal, spider.KindUndo, spider.KindHint, spider.KindResign:
		return a == spider.Action(a.Kind())
	}
	return false
}
