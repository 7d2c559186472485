package calls

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/replay"
	"github.com/spiderkit/spider/solve"
)

// API holds the games a page has open. Its zero value is ready; it is for
// one goroutine (JavaScript's) at a time.
type API struct {
	games map[int]*game
	next  int
	codec *codec.Codec
	buf   []byte // the JSON of the last hot call, reused
	out   []byte // the last answer of Call, reused
	acts  []spider.Action
	faces []spider.Card
}

// game is one open game: its board and what its record needs.
type game struct {
	board   *spider.Board
	advisor advisor.Advisor // keeps its plan and memory from one advice to the next
	bot     *advisor.Bot    // the game's bot (BotStep), nil until asked
	tags    []codec.Tag
	head    []byte // the start of its State's JSON, which never changes (headOf)
	// compactHead is the same for its compact State (compactHeadOf).
	compactHead []byte
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

// wireError is an error as JavaScript sees it: the SDK's stable code
// (spider.CodeOf; "error" for an error without one) and the sentence; for
// a refused action, the rule's short reason as the message and the
// sentence with the cards as explain.
type wireError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Explain string `json:"explain,omitempty"`
}

func wireOf(err error) wireError {
	w := wireError{Code: spider.CodeOf(err), Message: plainJSON(err.Error())}
	if w.Code == "" {
		w.Code = "error"
	}
	var r *spider.Refusal
	if errors.As(err, &r) {
		w.Message, w.Explain = r.Reason.Error(), r.Sentence
	}
	return w
}

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
	// Preset is Variant's former name, read when Variant is not given.
	//
	// Deprecated: a preset is a variant: use Variant.
	Preset string `json:"preset,omitempty"`
	Player string `json:"player,omitempty"`
	// Ticket is a server's signed ticket for the game (codec.TagTicket).
	Ticket string `json:"ticket,omitempty"`
}

// NewGame starts a game and returns its handle.
func (a *API) NewGame(opts NewGameOptions) (int, error) {
	name := opts.Variant
	switch {
	case opts.Preset == "":
	case name == "":
		name = opts.Preset
	case !strings.EqualFold(name, opts.Preset):
		return 0, ErrBadRequest.Detailf("options variant %s and preset %s differ: preset is the former name of variant; give variant alone",
			spider.Quote(name), spider.Quote(opts.Preset))
	}
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
	gm := &game{board: spider.NewBoard(g), head: headOf(g), compactHead: compactHeadOf(g)}
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

func (a *API) game(h int) (*game, error) {
	g, ok := a.games[h]
	if !ok {
		return nil, ErrNoGame.Detailf("no game %d (freed, or never started)", h)
	}
	return g, nil
}

// Free forgets a game.
func (a *API) Free(h int) { delete(a.games, h) }

// Column is one column as a player sees it: how many cards are face down
// and the face-up cards, bottom first, written "Ks", "Th", "3d", "Ac".
type Column struct {
	FaceDown int      `json:"faceDown"`
	Cards    []string `json:"cards"`
}

// State is a game as the page draws it.
type State struct {
	Code    string   `json:"code,omitempty"`
	Variant string   `json:"variant"`
	Suits   int      `json:"suits"`
	Group   string   `json:"group"`
	Columns []Column `json:"columns"`
	// Known is what the player remembers of the face-down cards: for each
	// column, a card or null for each of its face-down cards, bottom first
	// (Known[c][i] is card i of column c): the card where the player has
	// seen it before and it is face down again (turned over, then covered
	// back by an undo; spider.Position.Known), null where it was never
	// seen.
	Known     [][]*string `json:"known"`
	StockRows int         `json:"stockRows"`
	Runs      []string    `json:"runs"` // the suits of the runs removed, in order: "s", "h", "d", "c"
	Score     int         `json:"score"`
	// Outcome is spider.Outcome's word: playing, won, resigned, blocked
	// (no move, deal or undo is legal), lost (under rules that lose a game
	// stuck with an empty stock) or time-up (under a time limit). Whether
	// anything on the table is
	// progress is Suggest's to say.
	Outcome string `json:"outcome"`
	// Counters are the game's counters: the move counter players see
	// (moves) and the actions in the record (actions) among them.
	Counters   spider.Counters `json:"counters"`
	CanUndo    bool            `json:"canUndo"`
	CanDeal    bool            `json:"canDeal"`
	CanHint    bool            `json:"canHint"`
	ManualFlip bool            `json:"manualFlip"`
	// Legal is every legal action now, as Legal gives them: in the state
	// so that one call per user action is enough (JavaScript's calls into
	// WebAssembly cost more than the rules).
	Legal []string `json:"legal"`
}

// State returns game h as it stands.
func (a *API) State(h int) (*State, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
	return stateOf(g.board.Game()), nil
}

func stateOf(g spider.Game) *State {
	s := stateHead(g)
	p := g.Position()
	s.Columns, s.Known, s.Runs = make([]Column, 10), make([][]*string, 10), []string{}
	for c := range s.Columns {
		col := Column{FaceDown: p.FaceDown(c), Cards: []string{}}
		for _, card := range p.FaceUp(c) {
			col.Cards = append(col.Cards, card.ASCII())
		}
		s.Columns[c] = col
		s.Known[c] = make([]*string, col.FaceDown)
		for i := range s.Known[c] {
			if card, ok := p.Known(c, i); ok {
				s.Known[c][i] = ptrTo(card.ASCII())
			}
		}
	}
	for _, su := range p.RunSuits() {
		s.Runs = append(s.Runs, strings.ToLower(su.Letter()))
	}
	s.Legal = []string{}
	for x := range g.Legal() {
		s.Legal = append(s.Legal, x.String())
	}
	return &s
}

func ptrTo[T any](v T) *T { return &v }

// stateHead is the State of g but for its columns and runs.
func stateHead(g spider.Game) State {
	p := g.Position()
	s := State{Variant: g.Variant().Name, Group: g.Rules().Group.String(),
		StockRows: p.StockRows(), Score: g.Score(), Outcome: g.Outcome().String(), Counters: g.Counters(),
		CanUndo: g.Can(spider.Undo), CanDeal: g.Can(spider.DealRow), CanHint: g.Can(spider.Hint),
		ManualFlip: g.Rules().Flip == spider.FlipManual}
	if code, ok := g.Code(); ok {
		s.Code, s.Suits = code.String(), code.Suits
	}
	return s
}

// Legal returns every legal action of game h in the notation.
func (a *API) Legal(h int) ([]string, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for x := range g.board.Legal() {
		out = append(out, x.String())
	}
	return out, nil
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

// Apply plays an action written in the notation at time t (At(ms), or
// NoTime in a game that keeps no times) and returns the state after it; a
// refused action changes nothing and says why.
func (a *API) Apply(h int, action string, t Time) (*State, error) {
	g, err := a.apply(h, action, t)
	if err != nil {
		return nil, err
	}
	return stateOf(g.board.Game()), nil
}

func (a *API) apply(h int, action string, t Time) (*game, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
	x, err := spider.ParseAction(action)
	if err != nil {
		return nil, err
	}
	now := g.board.Game()
	n := now.Counters().Actions
	if n >= maxActions {
		return nil, ErrRecordFull.Detailf("the game has %d actions, the most a record holds", maxActions)
	}
	switch {
	case n == 0 || now.Timed() == t.timed:
	case t.timed:
		return nil, spider.ErrTimed.Detailf("action %d has a time, but the game's actions before it have none: apply it without one", n+1)
	default:
		return nil, spider.ErrUntimed.Detailf("action %d has no time, but the game keeps a time for every action: apply it with its time in milliseconds", n+1)
	}
	if t.timed {
		err = g.board.PushAt(x, t.ms)
	} else {
		err = g.board.Push(x)
	}
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Tap returns where the group from card i of column c (from the bottom, 0)
// goes when tapped: the move in the notation. order is "complete" (a run
// first, the default) or "suit" (its own suit first).
func (a *API) Tap(h, c, i int, order string) (string, error) {
	g, err := a.game(h)
	if err != nil {
		return "", err
	}
	o := g.board.Game().Variant().Tap // the variant's own order by default
	if order != "" {
		if o, err = spider.ParseTapOrder(order); err != nil {
			return "", ErrBadRequest.Detailf("tap order %s: %s", spider.Quote(order), or(words(tapOrders)))
		}
	}
	x, err := g.board.Position().Tap(c, i, o)
	if err != nil {
		return "", err
	}
	return x.String(), nil
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

// Segments returns every movable group of column c with its destinations:
// a drag's drop targets, or the segment selector.
func (a *API) Segments(h, c int) ([]Segment, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
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

// Suggest returns the assistance's suggestion for game h (order "reveal",
// the default, or "complete"): a useful action, or the next step when
// nothing is progress, as a spider.Suggestion; with order SolverOrder, the
// solver site's hint, a solve.Hint (its JSON is the suggestion's with
// "by" and "positions").
func (a *API) Suggest(h int, order string) (json.Marshaler, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
	if order == SolverOrder {
		return solve.SiteHint(context.Background(), g.board.Position()), nil
	}
	o := suggestOrders[0]
	if order != "" {
		if o, err = spider.ParseSuggestOrder(order); err != nil {
			return nil, ErrBadRequest.Detailf("suggest order %s: %s", spider.Quote(order), or(append(words(suggestOrders), SolverOrder)))
		}
	}
	return g.board.Position().Suggest(o), nil
}

// TimeLeft returns how many milliseconds game h has left under its time
// limit after its last action (spider.Game.TimeLeft), or -1 when its rules
// set none.
func (a *API) TimeLeft(h int) (int64, error) {
	g, err := a.game(h)
	if err != nil {
		return 0, err
	}
	left, limited := g.board.Game().TimeLeft()
	if !limited {
		return -1, nil
	}
	return int64(left), nil
}

// Elapsed returns the milliseconds game h has taken (spider.Game.Elapsed):
// the sum of its actions' times, 0 in a game that keeps none. A page that
// plays on from a record starts its clock there.
func (a *API) Elapsed(h int) (int64, error) {
	g, err := a.game(h)
	if err != nil {
		return 0, err
	}
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

// Record returns game h's record in a form: "text" (the default) or
// "json"; it verifies with every claim true.
func (a *API) Record(h int, form string) (string, error) {
	g, err := a.game(h)
	if err != nil {
		return "", err
	}
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
// (replay.ParsePolicy; "" for none) and returns the report as JSON.
func (a *API) Verify(record, policy string) (json.RawMessage, error) {
	p, err := parsePolicy(policy)
	if err != nil {
		return nil, err
	}
	c, err := a.recordCodec()
	if err != nil {
		return nil, err
	}
	rep := replay.New(replay.Options{Codec: c, Policy: p}).VerifyBytes("record", []byte(record))
	return json.Marshal(rep)
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
	return a.open(&game{board: b, tags: rec.Tags, head: headOf(b.Game()), compactHead: compactHeadOf(b.Game())}), nil
}

// open keeps game gm under a new handle.
func (a *API) open(gm *game) int {
	if a.games == nil {
		a.games = map[int]*game{}
	}
	a.next++
	a.games[a.next] = gm
	return a.next
}

// ShareCodec makes the API read and verify records with c, which other
// APIs may share (a codec.Codec is safe for concurrent use), instead of a
// codec of its own built on first use. Closing c is the caller's.
func (a *API) ShareCodec(c *codec.Codec) { a.codec = c }

// recordCodec is the codec that reads and verifies records, built on
// first use.
func (a *API) recordCodec() (*codec.Codec, error) {
	if a.codec == nil {
		c, err := codec.New(lklynet.Option())
		if err != nil {
			return nil, err
		}
		a.codec = c
	}
	return a.codec, nil
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

// Presets is Variants.
//
// Deprecated: a preset is a variant: use Variants.
func (a *API) Presets() []string { return a.Variants() }

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

// Advise asks the advisor (package advisor) for an action from what the
// player of game h has seen, at the named level ("" for the default,
// standard; advisor.ErrLevel for a name that is none), within about ms
// milliseconds (0: no bound, the level's own work). When nothing is legal
// the Advice is the assistance's suggestion (order "complete"). The game
// keeps the advisor, with its plan and memory, from one call to the next.
func (a *API) Advise(h int, ms int, level string) (Advice, error) {
	g, err := a.game(h)
	if err != nil {
		return Advice{}, err
	}
	l, err := advisor.ParseLevel(level)
	if err != nil {
		return Advice{}, err
	}
	now := g.board.Game()
	o := advisor.Options{Level: l, Scoring: now.Scoring(), Score: now.Score()}
	if ms > 0 {
		o.Time = time.Duration(ms) * time.Millisecond
	}
	res := g.advisor.Advise(context.Background(), g.board.Position(), o)
	return Advice{Action: res.Action, Level: l, Basis: res.Basis, Fallback: res.Fallback}, nil
}

// Advice is the advisor's answer (Advise): its action, at a level, and
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
	}{x.Action.String(), adviceKind, spider.NextNone.Code(), x.Action.String() + " (advised from the cards you have seen)", x.Level.String(), x.Basis.String()})
}
