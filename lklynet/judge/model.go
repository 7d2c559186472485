package judge

import (
	"math"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/lklynet"
)

// Throw is the exception lklynet's replayGame would throw instead of
// returning a verdict, as Node.js (20 or later) names it.
type Throw struct {
	// Name is the error's class, such as "TypeError".
	Name string `json:"name"`
	// Message is the error's message, such as "Cannot read properties of
	// null (reading 'type')".
	Message string `json:"message"`
	// Event is the event being replayed (from 0), or -1 before the first.
	Event int `json:"event"`
}

// Error returns "TypeError: " and the message.
func (t *Throw) Error() string { return t.Name + ": " + t.Message }

// Code returns "lklynet-throws", the stable code of every such exception.
func (t *Throw) Code() string { return "lklynet-throws" }

// jsThrow is a TypeError with its message.
type jsThrow string

func (t jsThrow) Error() string { return string(t) }

// protoName reports whether name is a property an lklynet tableau
// (a JavaScript array) has besides its ten piles, through Array.prototype
// and Object.prototype in Node.js 20 and later: a pile index with one of
// these names finds something that is not a pile.
func protoName(name string) bool {
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
		case protoName(key):
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

// judgeJS judges a parsed log exactly as lklynet's replayGame(log.seed,
// log.events) would, reading every value as JavaScript does: it returns
// the verdict, or the exception replayGame would throw.
func judgeJS(log *jsValue) (Result, *Throw) {
	if log.kind == jsNull {
		return throwAt(-1, jsThrow("Cannot read properties of null (reading 'seed')"))
	}
	seed, events := log.get("seed"), log.get("events")
	s, err := seedOf(seed)
	if err != nil {
		return throwAt(-1, err)
	}
	list, reason, err := eventList(events)
	switch {
	case err != nil:
		return throwAt(-1, err)
	case reason != "":
		return Result{Reason: reason}, nil
	}
	g := newJSGame(lklynet.Deal(s))
	for i := range list {
		reason, err := g.event(&list[i])
		if err != nil {
			return throwAt(i, err)
		}
		if reason != "" {
			return Result{Reason: reason}, nil
		}
	}
	return g.verdict(), nil
}

// throwAt is the exception of err (a JavaScript TypeError, as every error
// of the model is) at event i.
func throwAt(i int, err error) (Result, *Throw) {
	return Result{}, &Throw{Name: "TypeError", Message: err.Error(), Event: i}
}

// eventList is what replayGame iterates over in events: an array's
// elements; a string's characters, each a move with no piles, refused
// (the reason "invalid_move"); or, for anything else, a TypeError.
func eventList(events *jsValue) ([]jsValue, string, error) {
	switch events.kind {
	case jsArray:
		return events.items, "", nil
	case jsString:
		if events.str != "" {
			return nil, "invalid_move", nil
		}
		return nil, "", nil
	}
	return nil, "", jsThrow("events is not iterable")
}

// jsGame is lklynet's replay as the model plays it: the table, the stock,
// the history undo goes back through, and the counts of the summary.
type jsGame struct {
	s     jsTable
	stock [50]uint8
	hist  []jsTable
	sum   Summary
	moves int
	won   bool
}

// newJSGame starts lklynet's replay of deal d: 500 points.
func newJSGame(d spider.Deal) *jsGame {
	g := &jsGame{}
	for c := range g.s.piles {
		for i, card := range d.Tableau[c] {
			g.s.piles[c] = append(g.s.piles[c], jsCard{uint8(card.Rank()), i >= d.FaceDown[c]})
		}
	}
	g.s.score = 500
	for i, card := range d.Stock {
		g.stock[i] = uint8(card.Rank())
	}
	return g
}

// event plays one event as replayGame does: it returns the reason of the
// verdict when replayGame refuses the event ("" when it goes on), or the
// exception it throws.
func (g *jsGame) event(e *jsValue) (string, error) {
	if e.kind == jsNull {
		return "", jsThrow("Cannot read properties of null (reading 'type')")
	}
	var typ string // only an object has properties JSON can give
	if t := e.get("type"); t.kind == jsString {
		typ = t.str
	}
	switch typ {
	case "hint":
		g.sum.HintCount++
		return "", nil
	case "undo":
		return g.undo(), nil
	case "deal":
		return g.deal(), nil
	}
	ok, err := g.s.move(e.get("fromPileIndex"), e.get("toPileIndex"), e.get("cardIndex"), &g.hist)
	if err != nil {
		return "", err
	}
	if !ok {
		return "invalid_move", nil
	}
	g.moves++
	g.won = g.s.found == 8
	return "", nil
}

// undo goes back one entry of the history, as a move; "invalid_undo" when
// there is none.
func (g *jsGame) undo() string {
	g.sum.UndoCount++
	if len(g.hist) == 0 {
		return "invalid_undo"
	}
	g.s, g.hist = g.hist[len(g.hist)-1], g.hist[:len(g.hist)-1]
	g.moves++
	g.won = false
	return ""
}

// deal deals a row from the stock, sweeping completed runs;
// "invalid_deal" when the stock is empty.
func (g *jsGame) deal() string {
	g.sum.DealCount++
	s := &g.s
	if s.dealt == 5 {
		return "invalid_deal"
	}
	g.hist = append(g.hist, *s)
	for c := range s.piles {
		s.piles[c] = appendCards(s.piles[c], jsCard{g.stock[10*s.dealt+c], true})
		s.completeRun(c)
	}
	s.dealt++
	g.won = s.found == 8
	return ""
}

// verdict is replayGame's verdict after the last event: valid, with the
// summary.
func (g *jsGame) verdict() Result {
	sum := g.sum
	sum.IsWin, sum.MoveCount, sum.FinalScore, sum.FoundationCount = g.won, g.moves, g.s.score, g.s.found
	return Result{Valid: true, Summary: &sum}
}

// seedOf reads the seed as lklynet's generator does, which hashes
// seed.charCodeAt(i) for i below seed.length: its code units, as
// lklynet.Log.Seed keeps them.
func seedOf(seed *jsValue) (string, error) {
	switch seed.kind {
	case jsUndefined:
		return "", jsThrow("Cannot read properties of undefined (reading 'length')")
	case jsNull:
		return "", jsThrow("Cannot read properties of null (reading 'length')")
	case jsString:
		return seed.str, nil
	case jsArray:
		if len(seed.items) > 0 {
			return "", jsThrow("seed.charCodeAt is not a function")
		}
	case jsObject:
		n, err := seed.get("length").toNumber()
		if err != nil {
			return "", err
		}
		if 0 < n { // false for NaN
			return "", jsThrow("seed.charCodeAt is not a function")
		}
	}
	return "", nil // numbers and booleans have no length: the seed ""
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
