package codec

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"unicode"

	"github.com/spiderkit/spider"
)

// Identity returns the key of "the same game": a hex SHA-256 of the
// starting cards (CardsKey's: the deal however it is spelled), the rules,
// the scoring and the effective line (EffectiveLine): the actions that
// stand once every undo is applied. An action and the undo that takes it
// back drop out, and so do hints, whatever they cost under the scoring:
// the line is what was played, so a record padded with an action and its
// undo, or with hints, is the same game as the record without them (where
// undo or hints cost points the padded copy scores less, and a
// leaderboard keeps the first). Identity ignores everything else a record
// holds (the variant's name, free tags such as Player, comments, claims,
// times) and the form it was read from, so the same game gives the same
// key as text, binary or JSON, under any player's name: a leaderboard's
// duplicate check.
//
// The deal counts by its cards, never by its spelling: a game code and
// the explicit position it deals, "kpat 0123 suits=4" and "kpat 123", two
// lklynet seeds that hash alike are one game. Identity deals another
// program's game with the standard programs; Codec.Identity with the
// codec's.
func Identity(r *Record) string {
	o := newOptions()
	return o.identity(r)
}

// Identity is the package's Identity with the Codec's programs.
func (c *Codec) Identity(r *Record) string { return c.opts.identity(r) }

// identity is Identity under o.
func (o *options) identity(r *Record) string {
	h := sha256.New()
	line := EffectiveLine(r)
	var buf []byte
	buf = append(buf, "spider identity 3\n"...)
	buf = o.appendCards(buf, r)
	buf = appendString(buf, FormatRules(r.Rules))
	buf = appendString(buf, FormatScoring(r.Scoring))
	buf = binary.AppendUvarint(buf, uint64(len(line)))
	for _, a := range line {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(a))
		if len(buf) >= 4096 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	return hex.EncodeToString(h.Sum(nil))
}

// CardsKey names the cards a record's game starts from, however its deal
// is spelled: a hex SHA-256 of the deal as dealt and laid out under the
// record's rules (spider.Deal.WithLayout), so that a game code, the
// explicit position it deals, another program's game in any spelling and
// two lklynet seeds that hash alike have one key when they lay out the
// same cards. A deal that cannot be dealt (a program the codec does not
// know) is keyed by its spelling, in its one spelling (deals.Program's
// Canonical). CardsKey deals with the standard programs; Codec.CardsKey
// with the codec's.
func CardsKey(r *Record) string {
	o := newOptions()
	return o.cardsKey(r)
}

// CardsKey is the package's CardsKey with the Codec's programs.
func (c *Codec) CardsKey(r *Record) string { return c.opts.cardsKey(r) }

// cardsKey is CardsKey under o.
func (o *options) cardsKey(r *Record) string {
	sum := sha256.Sum256(o.appendCards([]byte("spider cards 1\n"), r))
	return hex.EncodeToString(sum[:])
}

// appendCards writes r's starting cards unambiguously: the deal as dealt
// and laid out under r's rules, as an explicit position; a deal that
// cannot be dealt as its one spelling (of another kind than a position).
func (o *options) appendCards(dst []byte, r *Record) []byte {
	d, err := o.deal(r.Deal)
	if err != nil {
		return appendDealKey(dst, o.canonical(r.Deal))
	}
	return appendDealKey(dst, DealSource{Kind: DealPosition, Position: d.WithLayout(r.Rules.Layout)})
}

// EffectiveLine returns the actions of r that stand once every undo is
// applied, oldest first, in a fresh slice: each Undo takes back the
// newest table action (a move, a deal or a flip) still standing, hints
// drop out, and a resignation stays. For a record that replays, it is
// the game's History at the end, followed by the resignation if there is
// one. It does not judge legality: an undo with nothing left to take
// back drops out, and any other action stands as a table action would.
func EffectiveLine(r *Record) []spider.Action {
	line := make([]spider.Action, 0, len(r.Actions))
	for _, a := range r.Actions {
		switch a {
		case spider.Undo:
			if n := len(line); n > 0 && line[n-1] != spider.Resign {
				line = line[:n-1]
			}
		case spider.Hint:
		default:
			line = append(line, a)
		}
	}
	return line
}

// appendString appends s with its length.
func appendString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// appendDealKey writes a deal source unambiguously.
func appendDealKey(dst []byte, d DealSource) []byte {
	dst = append(dst, byte(d.Kind))
	switch d.Kind {
	case DealCode:
		dst = appendString(dst, d.Code.String())
	case DealProgram:
		dst = appendString(dst, d.Program)
		dst = appendString(dst, d.Game)
		dst = binary.AppendUvarint(dst, uint64(d.Suits))
	case DealPosition:
		p := d.Position
		for c := range p.Tableau {
			dst = binary.AppendUvarint(dst, uint64(len(p.Tableau[c])))
			for _, card := range p.Tableau[c] {
				dst = append(dst, byte(card.Face()))
			}
			dst = binary.AppendUvarint(dst, uint64(p.FaceDown[c]))
		}
		dst = binary.AppendUvarint(dst, uint64(len(p.Stock)))
		for _, card := range p.Stock {
			dst = append(dst, byte(card.Face()))
		}
	}
	return dst
}

// shortHash is 16 hex digits of the SHA-256 of b.
func shortHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// DealKey names a record's deal for people and for ranking: the game code
// ("SP1-S4C-AAAAAAD"), another program's game as the Deal tag holds it
// ("kpat 123 suits=4"), or for an explicit position "position #" and 16
// hex digits of its hash. A seed that is long (over 64 bytes), holds
// characters that are not printable, or starts with '#' is written as the
// program's name, " #" and its hash likewise, so keys stay short and
// distinct. Another program's game is written in its one spelling
// (deals.Program's Canonical): "kpat 0123 suits=4" as "kpat 123". DealKey
// knows the standard programs (deals.Standard);
// Codec.DealKey names seeds of a codec's programs so.
func DealKey(d DealSource) string {
	o := newOptions()
	return o.dealKey(d)
}

// DealKey is the package's DealKey with the Codec's programs.
func (c *Codec) DealKey(d DealSource) string { return c.opts.dealKey(d) }

// canonical is d with another program's game in its one spelling, when o
// knows the program and it has one (deals.Program's Canonical); d as it
// is otherwise.
func (o *options) canonical(d DealSource) DealSource {
	if d.Kind != DealProgram {
		return d
	}
	p, ok := o.programs.Lookup(d.Program)
	if !ok || p.Canonical == nil {
		return d
	}
	game, suits, err := p.Canonical(d.Game, d.Suits)
	if err != nil {
		return d
	}
	d.Game, d.Suits = game, suits
	return d
}

// dealKey is DealKey under o.
func (o *options) dealKey(d DealSource) string {
	d = o.canonical(d)
	switch d.Kind {
	case DealCode:
		return d.Code.String()
	case DealProgram:
		if o.seedProgram(d.Program) && !plainSeed(d.Game) {
			return d.Program + " #" + shortHash([]byte(d.Game))
		}
		return o.formatProgram(d)
	case DealPosition:
		return "position #" + shortHash(appendDealKey(nil, d))
	}
	return "no deal"
}

func plainSeed(s string) bool {
	if len(s) > 64 || strings.HasPrefix(s, "#") {
		return false
	}
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return false
		}
	}
	return true
}

// rankingVariants is the order in which RankingKey looks for a variant with
// a record's rules and scoring: winnable and unlimited play exactly as
// microsoft does and are named after it.
var rankingVariants = []string{
	spider.VariantApp, spider.VariantGratuit, spider.VariantMicrosoft, spider.VariantDuel,
	spider.VariantLklynet, spider.VariantWinnable, spider.VariantUnlimited,
}

// VariantKey names a record's rules and scoring: the name of the variant
// that plays exactly so (with a game code's group rule), whatever name the
// record gives, or "custom #" and 16 hex digits of a hash of the settings.
func VariantKey(r *Record) string {
	if name, ok := variantOf(r); ok {
		return name
	}
	return "custom #" + shortHash([]byte(FormatRules(r.Rules)+"\n"+FormatScoring(r.Scoring)))
}

// variantOf names the variant that plays exactly as r's rules and scoring
// say (with a game code's group rule), in rankingVariants' order.
func variantOf(r *Record) (string, bool) {
	for _, name := range rankingVariants {
		v, err := spider.ParseVariant(name)
		if err != nil {
			continue
		}
		if r.Deal.Kind == DealCode {
			v.Rules.Group = r.Deal.Code.Group
		}
		if v.Rules == r.Rules && v.Scoring == r.Scoring {
			return name, true
		}
	}
	return "", false
}

// RankingKey is the deal and the variant, "SP1-S4C-AAAAAAD app": records
// with the same key played the same deal under the same rules and scoring,
// so they can be ranked together; records of different variants, group
// rules or suit counts never share a key. It is the same in every form.
// It names deals as DealKey does (the standard programs);
// Codec.RankingKey as Codec.DealKey does.
func RankingKey(r *Record) string { return DealKey(r.Deal) + " " + VariantKey(r) }

// RankingKey is the package's RankingKey with the Codec's programs.
func (c *Codec) RankingKey(r *Record) string { return c.DealKey(r.Deal) + " " + VariantKey(r) }
