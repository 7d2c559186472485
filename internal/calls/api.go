package calls

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
	"github.com/spiderkit/spider/solve"
)

// API holds the open games, each by a handle, and runs the calls on
// them (Call). Its zero value is ready, and it is safe for concurrent
// use: each game has a lock of its own, so that calls on one game run one
// at a time, and a long one (the Expert level's advice) never makes a
// call on another game wait; calls that need no game take no lock.
type API struct {
	mu    sync.Mutex // guards games and next
	games map[int]*game
	next  int

	codecOnce sync.Once
	codec     *codec.Codec // reads and verifies records, built on first use
	codecErr  error

	// Held, when not nil, is called with a game's handle by each call on
	// the game once it holds the game's lock: a test's signal that a long
	// call is under way.
	Held func(h int)
}

// game is one open game: its board and what its record needs, behind its
// lock.
type game struct {
	mu      sync.Mutex // held by the call on the game under way, from its handler to its answer written
	board   *spider.Board
	advisor advisor.Advisor // keeps its plan and memory from one advice to the next
	bot     *advisor.Bot    // the game's bot (botStep), nil until asked
	live    *replay.Live    // the game's live verification (live), or nil
	tags    []codec.Tag
	head    State // what never changes in the game's State (headOf)
	// The buffers of the game's calls: the State a call answers (state),
	// its cards, and the legal actions the calls list.
	buf   State
	cards []spider.Card
	known []KnownCard
	acts  []spider.Action
}

// The API's own reasons for refusing a call; the rules engine, the codec
// and the verifier keep theirs.
var (
	// ErrNoGame: the handle names no open game (freed, or never started).
	ErrNoGame = spider.NewError("no-game", "no such game (freed, or never started)")
	// ErrBadRequest: a call's request cannot be read.
	ErrBadRequest = spider.NewError("bad-request", "the request cannot be read")
	// ErrBadOptions: a new game's options cannot be read or name no deal.
	ErrBadOptions = spider.NewError("bad-options", "the options of the new game cannot be read")
	// ErrBadGroup: a group rule other than classic or relaxed.
	ErrBadGroup = spider.NewError("bad-group", "the group rule is classic or relaxed")
	// ErrBadForm: a record form other than text or json.
	ErrBadForm = spider.NewError("bad-form", "the record form is text or json")
	// ErrBadDate: a date not written YYYY-MM-DD.
	ErrBadDate = spider.NewError("bad-date", "the date is written YYYY-MM-DD")
	// ErrNotVerified: a record to resume does not verify (its reason
	// follows).
	ErrNotVerified = spider.NewError("not-verified", "the record does not verify")
	// ErrRecordFull: an action past the most a record holds
	// (codec.DefaultLimits' MaxActions); the game is as it was.
	ErrRecordFull = spider.NewError("record-full", "the game's record is full")
	// ErrNothingToTakeBack: a take-back at the start of a game.
	ErrNothingToTakeBack = spider.NewError("nothing-to-take-back", "nothing to take back: no action was played")
	// ErrInternal: the SDK failed (a bug); the module goes on answering.
	ErrInternal = spider.NewError("internal", "the SDK failed")
)

// NewGameOptions say which game to start: a code, or a deal number with a
// suit count and a group rule, or today's daily deal, or an explicit deal,
// or with none of these a random deal (a random number, from crypto/rand,
// with the suit count and group rule, 4 suits and classic by default);
// under a variant (app by default). Player and Ticket go into the game's
// record as its Player and Ticket tags.
type NewGameOptions struct {
	Code    string       `json:"code,omitempty"`
	Number  *uint64      `json:"number,omitempty"`
	Suits   int          `json:"suits,omitempty"`
	Group   string       `json:"group,omitempty"` // classic (default) or relaxed
	Daily   bool         `json:"daily,omitempty"`
	Deal    *spider.Deal `json:"deal,omitempty"`
	Variant string       `json:"variant,omitempty"`
	Player  string       `json:"player,omitempty"`
	// Ticket is a server's signed ticket for the game (codec.TagTicket).
	Ticket string `json:"ticket,omitempty"`
}

// NewGame starts a game and returns its handle.
func (a *API) NewGame(opts NewGameOptions) (int, error) {
	name := opts.Variant
	if name == "" {
		name = spider.VariantApp
	}
	v, err := spider.ParseVariant(name)
	if err != nil {
		return 0, err
	}
	var g spider.Game
	if opts.Deal != nil {
		if g, err = spider.NewGame(*opts.Deal, v); err != nil {
			return 0, err
		}
	} else {
		code, err := codeOf(opts)
		if err != nil {
			return 0, err
		}
		if g, err = code.NewGame(v); err != nil {
			return 0, err
		}
	}
	gm := &game{board: spider.NewBoard(g), head: headOf(g)}
	for _, t := range []codec.Tag{{Name: codec.TagPlayer, Value: opts.Player}, {Name: codec.TagTicket, Value: opts.Ticket}} {
		if t.Value != "" {
			gm.tags = append(gm.tags, t)
		}
	}
	return a.open(gm), nil
}

// codeOf is the game code the options name, or a random one of their
// suit count and group rule.
func codeOf(opts NewGameOptions) (spider.Code, error) {
	if opts.Code != "" {
		c, err := spider.ParseCode(opts.Code)
		if err != nil {
			return c, err
		}
		if opts.Suits != 0 && opts.Suits != c.Suits {
			return c, ErrBadRequest.Detailf("option suits %d: the code %s deals %d suits", opts.Suits, opts.Code, c.Suits)
		}
		return c, nil
	}
	g, err := groupOf(opts.Group)
	if err != nil {
		return spider.Code{}, err
	}
	suits := opts.Suits
	switch suits {
	case 0:
		suits = 4
	case 1, 2, 4:
	default:
		return spider.Code{}, ErrBadRequest.Detailf("option suits %d: 1, 2 or 4", suits)
	}
	var c spider.Code
	switch {
	case opts.Daily:
		c, err = spider.DailyCode(time.Now(), suits, g)
	case opts.Number != nil:
		c, err = spider.NewCode(suits, g, *opts.Number)
	default:
		var n uint64
		if n, err = randomNumber(); err != nil {
			return c, err
		}
		c, err = spider.NewCode(suits, g, n)
	}
	if err != nil {
		return c, err
	}
	return c, nil
}

// groupOf reads a group rule's word (spider.ParseGroupRule); "" is
// classic.
func groupOf(s string) (spider.GroupRule, error) {
	if s == "" {
		return groups[0], nil
	}
	g, err := spider.ParseGroupRule(s)
	if err != nil {
		return 0, ErrBadGroup.Detailf("group %s: %s", spider.Quote(s), or(words(groups)))
	}
	return g, nil
}

// hold finds the game and locks it for a call, which unlocks it
// (g.mu.Unlock) when done.
func (a *API) hold(h int) (*game, error) {
	a.mu.Lock()
	g := a.games[h]
	a.mu.Unlock()
	if g == nil {
		return nil, ErrNoGame.Detailf("no game %d (freed, or never started)", h)
	}
	g.mu.Lock()
	if a.Held != nil {
		a.Held(h)
	}
	return g, nil
}

// Free forgets a game; a call on it under way ends as it would have.
func (a *API) Free(h int) {
	a.mu.Lock()
	delete(a.games, h)
	a.mu.Unlock()
}

// legal returns every legal action of the game, as Game.Legal yields them,
// in its buffer: good while the caller holds the game.
func (g *game) legal() []spider.Action {
	acts, _ := g.legalOf(g.board.Game())
	return acts
}

// Time is an action's time as Apply takes it: At(ms), or the zero value
// NoTime. A game keeps a time for every action or for none, as its record
// does: its first action decides, and an action the other way is refused
// (spider.ErrUntimed, spider.ErrTimed), so that no time is dropped or
// made up.
type Time struct {
	ms    uint32
	timed bool
}

// NoTime is the time of an action applied without one.
var NoTime = Time{}

// At is a time of ms milliseconds after the action before (or the start).
func At(ms uint32) Time { return Time{ms: ms, timed: true} }

// apply plays an action written in the notation at time t (At(ms), or
// NoTime in a game that keeps no times); a refused action changes nothing
// and says why.
func (g *game) apply(action string, t Time) error {
	x, err := spider.ParseAction(action)
	if err != nil {
		return err
	}
	if n := g.board.Game().Counters().Actions; n >= maxActions {
		return ErrRecordFull.Detailf("the game has %d actions, the most a record holds", maxActions)
	}
	if t.timed { // the engine's timed rule refuses a time the game keeps none of, and the converse
		err = g.board.PushAt(x, t.ms)
	} else {
		err = g.board.Push(x)
	}
	return err
}

// tap returns where the group from card i of column c (from the bottom, 0)
// goes when tapped: the move. order is "complete" (a run
// first, the default) or "suit" (its own suit first).
func (g *game) tap(c, i int, order string) (spider.Action, error) {
	o := g.board.Game().Variant().Tap // the variant's own order by default
	if order != "" {
		var err error
		if o, err = spider.ParseTapOrder(order); err != nil {
			return spider.NoAction, ErrBadRequest.Detailf("tap order %s: %s", spider.Quote(order), or(words(tapOrders)))
		}
	}
	return g.board.Position().Tap(c, i, o)
}

// Target is one destination of a group.
type Target struct {
	Column       int  `json:"column"`
	CompletesRun bool `json:"completesRun"`
	SameSuit     bool `json:"sameSuit"`
	Empty        bool `json:"empty"`
}

// Segment is one movable group size of a column with its destinations.
type Segment struct {
	Count   int      `json:"count"`
	Targets []Target `json:"targets"`
}

// segments returns every movable group of column c with its destinations:
// a drag's drop targets, or the segment selector.
func (g *game) segments(c int) ([]Segment, error) {
	if c < 0 || c > 9 {
		return nil, spider.ErrNoColumn
	}
	out := []Segment{}
	for _, s := range g.board.Position().Segments(c) {
		seg := Segment{Count: s.Count, Targets: []Target{}}
		for _, t := range s.Targets {
			seg.Targets = append(seg.Targets, Target(t))
		}
		out = append(out, seg)
	}
	return out, nil
}

// adviceKind is the kind of the advisor's suggestion (Advice), beside
// spider.SuggestionKind's codes.
const adviceKind = "advice"

// SolverOrder is Suggest's order for the solver site's hint
// (solve.SiteHint): the solver, seeing every card, else the complete
// ranking.
const SolverOrder = "solver"

// suggest returns the assistance's suggestion for the game (order "reveal",
// the default, or "complete"): a useful action, or the next step when
// nothing is progress, as a spider.Suggestion; with order SolverOrder, the
// solver site's hint, a solve.Hint (its JSON is the suggestion's with
// "by" and "positions").
func (g *game) suggest(order string) (json.Marshaler, error) {
	if order == SolverOrder {
		return solve.SiteHint(context.Background(), g.board.Position()), nil
	}
	o := suggestOrders[0]
	if order != "" {
		var err error
		if o, err = spider.ParseSuggestOrder(order); err != nil {
			return nil, ErrBadRequest.Detailf("suggest order %s: %s", spider.Quote(order), or(append(words(suggestOrders), SolverOrder)))
		}
	}
	return g.board.Position().Suggest(o), nil
}

// timeLeft returns how many milliseconds the game has left under its time
// limit after its last action (spider.Game.TimeLeft), or -1 when its rules
// set none.
func (g *game) timeLeft() (int64, error) {
	left, limited := g.board.Game().TimeLeft()
	if !limited {
		return -1, nil
	}
	return int64(left), nil
}

// elapsed returns the milliseconds the game has taken (spider.Game.Elapsed):
// the sum of its actions' times, 0 in a game that keeps none. A page that
// plays on from a record starts its clock there.
func (g *game) elapsed() (int64, error) {
	return int64(g.board.Game().Elapsed()), nil
}

// Duel verifies two records (text or JSON, lklynet logs too) of a duel
// under one policy given as JSON (replay.ParsePolicy; "" for none), which
// both must meet, and says who won and why (replay.Verifier.Duel), without
// the records' own reports.
func (a *API) Duel(ra, rb, policy string) (replay.Duel, error) {
	p, err := parsePolicy(policy)
	if err != nil {
		return replay.Duel{}, err
	}
	c, err := a.recordCodec()
	if err != nil {
		return replay.Duel{}, err
	}
	var recs [2]*codec.Record
	for i, text := range []string{ra, rb} {
		if recs[i], err = c.Decode([]byte(text)); err != nil {
			return replay.Duel{}, ErrBadRequest.Detailf("record %c: %v", 'a'+i, err)
		}
	}
	d := replay.New(replay.Options{Codec: c, Policy: p}).Duel(recs[0], recs[1])
	d.Reports = [2]*replay.Report{}
	return d, nil
}

// parsePolicy reads a policy given as JSON (replay.ParsePolicy); "" is
// the zero policy, which requires nothing.
func parsePolicy(policy string) (replay.Policy, error) {
	if policy == "" {
		return replay.Policy{}, nil
	}
	return replay.ParsePolicy([]byte(policy))
}

// record returns the game's record in a form: "text" (the default) or
// "json"; it verifies with every claim true.
func (g *game) record(form string) (string, error) {
	r, err := codec.GameRecord(g.board.Game(), g.tags...)
	if err != nil {
		return "", err
	}
	var b []byte
	switch form {
	case "", codec.FormText:
		b, err = codec.AppendText(nil, r)
	case codec.FormJSON:
		b, err = codec.AppendJSON(nil, r)
	default:
		return "", ErrBadForm.Detailf("form %s: %s", spider.Quote(form), or(recordForms))
	}
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// Verify verifies a record (text or JSON) under a policy given as JSON
// (replay.ParsePolicy; "" for none) and returns the report.
func (a *API) Verify(record, policy string) (*replay.Report, error) {
	p, err := parsePolicy(policy)
	if err != nil {
		return nil, err
	}
	c, err := a.recordCodec()
	if err != nil {
		return nil, err
	}
	return replay.New(replay.Options{Codec: c, Policy: p}).VerifyBytes("record", []byte(record)), nil
}

// Resume opens the game a record (text or JSON) records, at its last
// action, with its score, counters, undo history, times and tags
// (replay.Verifier.Resume), and returns its handle; a record that does not
// verify is refused with ErrNotVerified and the verifier's reason.
func (a *API) Resume(record string) (int, error) {
	c, err := a.recordCodec()
	if err != nil {
		return 0, err
	}
	rec, err := c.Decode([]byte(record))
	if err != nil {
		return 0, err
	}
	b, rep := replay.New(replay.Options{Codec: c}).Resume(rec)
	if !rep.OK() {
		return 0, ErrNotVerified.Detailf("the record does not verify: %s", rep.Reason())
	}
	return a.open(&game{board: b, tags: rec.Tags, head: headOf(b.Game())}), nil
}

// open keeps game gm under a new handle.
func (a *API) open(gm *game) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.games == nil {
		a.games = map[int]*game{}
	}
	a.next++
	a.games[a.next] = gm
	return a.next
}

// recordCodec is the codec that reads and verifies records, built on
// first use (a codec.Codec is safe for concurrent use).
func (a *API) recordCodec() (*codec.Codec, error) {
	a.codecOnce.Do(func() { a.codec, a.codecErr = replay.NewCodec() })
	return a.codec, a.codecErr
}

// Variants lists the variants' names: rules and scoring together, as
// NewGameOptions name them.
func (a *API) Variants() []string {
	var out []string
	for _, v := range spider.Variants() {
		out = append(out, v.Name)
	}
	return slices.Clip(out)
}

// DailyCode returns the daily deal's code for a date ("2026-12-01"; "" for
// today), with a suit count and a group rule.
func (a *API) DailyCode(date string, suits int, group string) (string, error) {
	t, suits, g, err := dailyArgs(date, suits, group)
	if err != nil {
		return "", err
	}
	c, err := spider.DailyCode(t, suits, g)
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

// dailyArgs reads a daily deal's date ("2026-12-01", "" for today), suit
// count (1, 2 or 4; 0 for 4) and group rule ("" for classic).
func dailyArgs(date string, suits int, group string) (time.Time, int, spider.GroupRule, error) {
	t, err := dateOf(date)
	if err != nil {
		return t, 0, 0, err
	}
	g, err := groupOf(group)
	if err != nil {
		return t, 0, g, err
	}
	suits, err = suitsOf(suits)
	return t, suits, g, err
}

// dateOf reads a date written YYYY-MM-DD, or "" for today.
func dateOf(date string) (time.Time, error) {
	if date == "" {
		return time.Now(), nil
	}
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return t, ErrBadDate.Detailf("date %s: want YYYY-MM-DD", spider.Quote(date))
	}
	return t, nil
}

// advise asks the advisor (package advisor) for an action from what the
// player of the game has seen, at the named level ("" for the default,
// standard; advisor.ErrLevel for a name that is none), within about ms
// milliseconds (0: no bound, the level's own work); in a game of the duel
// variant it keeps the score, as the duel's bot does
// (advisor.PlaysForScore). When nothing is legal
// the Advice is the assistance's suggestion (order "complete"). The game
// keeps the advisor, with its plan and memory, from one call to the next.
func (g *game) advise(ms int, level string) (Advice, error) {
	l, err := advisor.ParseLevel(level)
	if err != nil {
		return Advice{}, err
	}
	now := g.board.Game()
	o := advisor.Options{Level: l, Scoring: now.Scoring(), Score: now.Score(), Duel: advisor.PlaysForScore(now.Variant())}
	if ms > 0 {
		o.Time = time.Duration(ms) * time.Millisecond
	}
	res := g.advisor.Advise(context.Background(), g.board.Position(), o)
	return Advice{Action: res.Action, Level: l, Basis: res.Basis, Fallback: res.Fallback}, nil
}

// Advice is the advisor's answer (advise): its action, at a level, and
// what the action rests on; or, when nothing is legal (Action is
// NoAction), the assistance's suggestion, Fallback.
type Advice struct {
	Action   spider.Action
	Level    advisor.Level
	Basis    advisor.Basis
	Fallback spider.Suggestion
}

// MarshalJSON writes the advice as a suggestion (spider.Suggestion's JSON)
// of kind "advice", with its level and basis (advisor.Basis's word):
//
//	{"action": "d>f", "kind": "advice", "next": "none", "text": "d>f (advised from the cards you have seen)", "level": "standard", "basis": "search"}
//
// or, when nothing is legal, as the Fallback suggestion.
func (x Advice) MarshalJSON() ([]byte, error) {
	if x.Action == spider.NoAction {
		return x.Fallback.MarshalJSON()
	}
	return json.Marshal(struct {
		Action string `json:"action"`
		Kind   string `json:"kind"`
		Next   string `json:"next"`
		Text   string `json:"text"`
		Level  string `json:"level"`
		Basis  string `json:"basis"`
	}{x.Action.String(), adviceKind, spider.NextNone.String(), x.Action.String() + " (advised from the cards you have seen)", x.Level.String(), x.Basis.String()})
}
