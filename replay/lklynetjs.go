package replay

import (
	"math"

	"github.com/spiderkit/spider/deals"
)

// LklynetThrow is the exception lklynet's replayGame would throw instead
// of returning a verdict, as Node.js (20 or later) names it.
type LklynetThrow struct {
	// Name is the error's class, such as "TypeError".
	Name string `json:"name"`
	// Message is the error's message, such as "Cannot read properties of
	// null (reading 'type')".
	Message string `json:"message"`
	// Event is the event being replayed (from 0), or -1 before the first.
	Event int `json:"event"`
}

// Error returns "TypeError: " and the message.
func (t *LklynetThrow) Error() string { return t.Name + ": " + t.Message }

// Code returns "lklynet-throws", the stable code of every such exception.
func (t *LklynetThrow) Code() string { return "lklynet-throws" }

// jsThrow is a TypeError with its message.
type jsThrow string

func (t jsThrow) Error() string { return string(t) }

// lklynetProtoName reports whether name is a property an lklynet tableau
// (a JavaScript array) has besides its ten piles, through Array.prototype
// and Object.prototype in Node.js 20 and later: a pile index with one of
// these names finds something that is not a pile.
func lklynetProtoName(name string) bool {
	switch name {
	case "length", "constructor", "at", "concat", "copyWithin", "fill",
		"find", "findIndex", "findLast", "findLastIndex", "lastIndexOf",
		"pop", "push", "reverse", "shift", "unshift", "slice",
		"sort", "splice", "includes", "indexOf", "join", "keys",
		"entries", "values", "forEach", "filter", "flat", "flatMap",
		"map", "every", "some", "reduce", "reduceRight",
		"toLocaleString", "toString", "toReversed", "toSorted", "toSpliced", "with",
		"__defineGetter__", "__defineSetter__", "hasOwnProperty",
		"__lookupGetter__", "__lookupSetter__", "isPrototypeOf",
		"propertyIsEnumerable", "valueOf", "__proto__":
		return true
	}
	return false
}

// What a pile index finds in the tableau.
const (
	noPile    = -1 // undefined: the move is refused
	notAPile  = -2 // something else, which the move then fails to read
	pileCount = 10
)

// pileOf is tableau[v] in JavaScript: the pile, noPile or notAPile.
func pileOf(v *jsValue) (int, error) {
	switch v.kind {
	case jsNumber:
		if v.num == math.Trunc(v.num) && v.num >= 0 && v.num < pileCount {
			return int(v.num), nil
		}
		return noPile, nil
	case jsString, jsArray, jsObject:
		key, err := v.toString()
		switch {
		case err != nil:
			return 0, err
		case len(key) == 1 && key[0] >= '0' && key[0] <= '9':
			return int(key[0] - '0'), nil
		case lklynetProtoName(key):
			return notAPile, nil
		}
	}
	return noPile, nil
}

// sliceIndex is how Array.prototype.slice reads its argument v as a place
// in a list of n: undefined is start (0 as a start, n as an end).
func sliceIndex(v *jsValue, n int, end bool) (int, error) {
	if v.kind == jsUndefined && end {
		return n, nil
	}
	f, err := v.toNumber()
	if err != nil {
		return 0, err
	}
	// ToIntegerOrInfinity: NaN is 0, fractions go towards 0 (-0.5 is 0).
	switch t := math.Trunc(f); {
	case math.IsNaN(f):
		return 0, nil
	case t < 0:
		return n + int(math.Max(t, -float64(n))), nil
	default:
		return int(math.Min(t, float64(n))), nil
	}
}

// jsCard is a card of lklynet's one-suit deck: its rank and whether it is
// face up.
type jsCard struct {
	rank uint8
	up   bool
}

// jsTable is lklynet's game state. Piles are never changed in place (a
// changed pile is a new slice), so that the history shares them.
type jsTable struct {
	piles [pileCount][]jsCard
	dealt int // rows dealt from the stock
	found int // runs removed
	score int
}

// lklynetJS judges a parsed log exactly as lklynet's replayGame(log.seed,
// log.events) would, reading every value as JavaScript does: it returns
// the verdict, or the exception replayGame would throw.
func lklynetJS(log *jsValue) (LklynetVerdict, *LklynetThrow) {
	// Every error here is a JavaScript TypeError (a jsThrow).
	throw := func(event int, err error) (LklynetVerdict, *LklynetThrow) {
		return LklynetVerdict{}, &LklynetThrow{Name: "TypeError", Message: err.Error(), Event: event}
	}
	if log.kind == jsNull {
		return throw(-1, jsThrow("Cannot read properties of null (reading 'seed')"))
	}
	seed, events := log.get("seed"), log.get("events")
	units, err := lklynetSeed(seed)
	if err != nil {
		return throw(-1, err)
	}
	d := deals.LklynetDealUTF16(units)
	var s jsTable
	for c := range s.piles {
		for i, card := range d.Tableau[c] {
			s.piles[c] = append(s.piles[c], jsCard{uint8(card.Rank()), i >= d.FaceDown[c]})
		}
	}
	s.score = 500
	var stock [50]uint8
	for i, card := range d.Stock {
		stock[i] = uint8(card.Rank())
	}
	var hist []jsTable
	var sum LklynetSummary
	var moves int
	var won bool
	var list []jsValue
	switch events.kind {
	case jsArray:
		list = events.items
	case jsString:
		if events.str != "" {
			// Each event is a one-character string: a move with no
			// piles, refused.
			return LklynetVerdict{Reason: "invalid_move"}, nil
		}
	default:
		return throw(-1, jsThrow("events is not iterable"))
	}
	for i := range list {
		e := &list[i]
		if e.kind == jsNull {
			return throw(i, jsThrow("Cannot read properties of null (reading 'type')"))
		}
		var typ string // only an object has properties JSON can give
		if t := e.get("type"); t.kind == jsString {
			typ = t.str
		}
		switch typ {
		case "hint":
			sum.HintCount++
			continue
		case "undo":
			sum.UndoCount++
			if len(hist) == 0 {
				return LklynetVerdict{Reason: "invalid_undo"}, nil
			}
			s, hist = hist[len(hist)-1], hist[:len(hist)-1]
			moves++
			won = false
			continue
		case "deal":
			sum.DealCount++
			if s.dealt == 5 {
				return LklynetVerdict{Reason: "invalid_deal"}, nil
			}
			hist = append(hist, s)
			for c := range s.piles {
				s.piles[c] = appendCards(s.piles[c], jsCard{stock[10*s.dealt+c], true})
				s.completeRun(c)
			}
			s.dealt++
			won = s.found == 8
			continue
		}
		ok, err := s.move(e.get("fromPileIndex"), e.get("toPileIndex"), e.get("cardIndex"), &hist)
		if err != nil {
			return throw(i, err)
		}
		if !ok {
			return LklynetVerdict{Reason: "invalid_move"}, nil
		}
		moves++
		won = s.found == 8
	}
	sum.IsWin, sum.MoveCount, sum.FinalScore, sum.FoundationCount = won, moves, s.score, s.found
	return LklynetVerdict{Valid: true, Summary: &sum}, nil
}

// lklynetSeed reads the seed as lklynet's generator does: it hashes
// seed.charCodeAt(i) for i below seed.length.
func lklynetSeed(seed *jsValue) ([]uint16, error) {
	switch seed.kind {
	case jsUndefined:
		return nil, jsThrow("Cannot read properties of undefined (reading 'length')")
	case jsNull:
		return nil, jsThrow("Cannot read properties of null (reading 'length')")
	case jsString:
		return utf16Units(seed.str), nil
	case jsArray:
		if len(seed.items) > 0 {
			return nil, jsThrow("seed.charCodeAt is not a function")
		}
	case jsObject:
		n, err := seed.get("length").toNumber()
		if err != nil {
			return nil, err
		}
		if 0 < n { // false for NaN
			return nil, jsThrow("seed.charCodeAt is not a function")
		}
	}
	return nil, nil // numbers and booleans have no length: the seed ""
}

// appendCards returns a new pile: p and then cards.
func appendCards(p []jsCard, cards ...jsCard) []jsCard {
	out := make([]jsCard, len(p), len(p)+len(cards))
	copy(out, p)
	return append(out, cards...)
}

// turnTop returns pile p with its top card face up (a new slice if it
// changes).
func turnTop(p []jsCard) []jsCard {
	if len(p) == 0 || p[len(p)-1].up {
		return p
	}
	out := append([]jsCard(nil), p...)
	out[len(out)-1].up = true
	return out
}

// descending reports whether cards run down by one rank each (all are
// spades in lklynet's deck).
func descending(cards []jsCard) bool {
	for i := 0; i+1 < len(cards); i++ {
		if cards[i].rank != cards[i+1].rank+1 {
			return false
		}
	}
	return true
}

// completeRun removes a King-to-Ace run at the top of pile c, face-down
// cards included, as lklynet's applyCompletedRun does.
func (s *jsTable) completeRun(c int) {
	p := s.piles[c]
	if len(p) < 13 || p[len(p)-13].rank != 13 || !descending(p[len(p)-13:]) {
		return
	}
	s.piles[c] = turnTop(p[:len(p)-13])
	s.found++
	s.score += 100
}

// move is lklynet's applyMoveEvent: it reports whether the move is
// accepted, having played it, or the exception it throws.
func (s *jsTable) move(from, to, card *jsValue, hist *[]jsTable) (bool, error) {
	f, err := pileOf(from)
	if err != nil {
		return false, err
	}
	t, err := pileOf(to)
	if err != nil {
		return false, err
	}
	switch {
	case f == noPile || t == noPile:
		return false, nil
	case f == notAPile:
		return false, jsThrow("Cannot read properties of undefined (reading 'slice')")
	}
	p := s.piles[f]
	start, err := sliceIndex(card, len(p), false)
	if err != nil {
		return false, err
	}
	moving := p[start:]
	if len(moving) == 0 {
		return false, nil
	}
	for _, c := range moving {
		if !c.up {
			return false, nil
		}
	}
	if !descending(moving) {
		return false, nil
	}
	if t == notAPile {
		return false, jsThrow("Cannot read properties of undefined (reading 'length')")
	}
	if q := s.piles[t]; len(q) > 0 && q[len(q)-1].rank != moving[0].rank+1 {
		return false, nil
	}
	*hist = append(*hist, *s)
	end, _ := sliceIndex(card, len(p), true) // read once already: no error
	s.piles[f] = p[:end]
	s.piles[t] = appendCards(s.piles[t], moving...)
	s.piles[f] = turnTop(s.piles[f])
	s.score--
	s.completeRun(t)
	return true, nil
}
