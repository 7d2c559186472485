package calls

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/spiderkit/spider"
)

// call runs a call as the C library does: its arguments in a request,
// its answer as JSON.
func call(a *API, op Op, args ...any) []byte {
	return a.Call(nil, op, AppendRequest(nil, args...), FormJSON)
}

// callCompact runs a call as the JavaScript package runs the calls that
// answer a State.
func callCompact(a *API, op Op, args ...any) []byte {
	return a.Call(nil, op, AppendRequest(nil, args...), FormCompact)
}

func ptr[T any](v T) *T { return &v }

// mustMarshal is v as the answers write JSON (without HTML escapes).
func mustMarshal(v any) []byte {
	b, err := encodeJSON(v)
	if err != nil {
		panic(err)
	}
	return b
}

// answer is what Call should answer for a value or an error of the API:
// {"ok": value} as encoding/json writes it, actions in the notation and
// without HTML escapes (a value's own MarshalJSON's undone by
// unescapeHTML, which TestUnescapeHTML checks), or {"error": {"code",
// "message"[, "explain"]}}.
func answer(v any, err error) string {
	if err != nil {
		w := wireOf(err)
		return `{"error":` + string(mustMarshal(struct {
			Code    string `json:"code"`
			Message string `json:"message"`
			Explain string `json:"explain,omitempty"`
		}{w.Code, w.Message, w.Explain})) + `}`
	}
	switch x := v.(type) {
	case spider.Action:
		v = x.String()
	case []spider.Action:
		names := []string{}
		for _, a := range x {
			names = append(names, a.String())
		}
		v = names
	}
	return `{"ok":` + string(unescapeHTML(nil, mustMarshal(v))) + `}`
}

// refColumn and refState are a State as a page reads it, built from the
// game without the State's encoders (refStateOf), to check them by:
// encoding/json writes its JSON.
type refColumn struct {
	FaceDown int      `json:"faceDown"`
	Cards    []string `json:"cards"`
}

type refState struct {
	Code       string          `json:"code,omitempty"`
	Variant    string          `json:"variant"`
	Suits      int             `json:"suits"`
	Group      string          `json:"group"`
	Columns    []refColumn     `json:"columns"`
	Known      [][]*string     `json:"known"`
	StockRows  int             `json:"stockRows"`
	Runs       []string        `json:"runs"`
	Score      int             `json:"score"`
	Outcome    string          `json:"outcome"`
	Counters   spider.Counters `json:"counters"`
	CanUndo    bool            `json:"canUndo"`
	CanDeal    bool            `json:"canDeal"`
	CanHint    bool            `json:"canHint"`
	ManualFlip bool            `json:"manualFlip"`
	Legal      []string        `json:"legal"`
}

// refStateOf is g's State, read from the game one question at a time.
func refStateOf(g spider.Game) refState {
	p := g.Position()
	s := refState{Variant: g.Variant().Name, Group: g.Rules().Group.String(),
		StockRows: p.StockRows(), Score: g.Score(), Outcome: g.Outcome().String(), Counters: g.Counters(),
		CanUndo: g.Can(spider.Undo), CanDeal: g.Can(spider.DealRow), CanHint: g.Can(spider.Hint),
		ManualFlip: g.Rules().Flip == spider.FlipManual, Runs: []string{}, Legal: []string{}}
	if code, ok := g.Code(); ok {
		s.Code, s.Suits = code.String(), code.Suits
	}
	for c := range 10 {
		col := refColumn{FaceDown: p.FaceDown(c), Cards: []string{}}
		for _, card := range p.FaceUp(c) {
			col.Cards = append(col.Cards, card.ASCII())
		}
		s.Columns = append(s.Columns, col)
		known := make([]*string, col.FaceDown)
		for i := range known {
			if card, ok := p.Known(c, i); ok {
				known[i] = ptr(card.ASCII())
			}
		}
		s.Known = append(s.Known, known)
	}
	for _, su := range p.RunSuits() {
		s.Runs = append(s.Runs, strings.ToLower(su.Letter()))
	}
	for x := range g.Legal() {
		s.Legal = append(s.Legal, x.String())
	}
	return s
}

// gameOf is the game of handle h, for a test's own look.
func (a *API) gameOf(h int) spider.Game {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.games[h].board.Game()
}

// The API's calls on a game as Go methods, for the tests: each holds the
// game as Call does, and answers values of their own (a State in memory
// of its own, not the game's buffers).

// onGame runs f on game h, held.
func onGame[T any](a *API, h int, f func(g *game) (T, error)) (T, error) {
	g, err := a.hold(h)
	if err != nil {
		var zero T
		return zero, err
	}
	defer g.mu.Unlock()
	return f(g)
}

func (a *API) State(h int) (*State, error) {
	return onGame(a, h, func(g *game) (*State, error) { return g.newState(), nil })
}

func (a *API) Legal(h int) ([]spider.Action, error) {
	return onGame(a, h, func(g *game) ([]spider.Action, error) { return slices.Clone(g.legal()), nil })
}

func (a *API) Apply(h int, action string, t Time) (*State, error) {
	return onGame(a, h, func(g *game) (*State, error) {
		if err := g.apply(action, t); err != nil {
			return nil, err
		}
		return g.newState(), nil
	})
}

func (a *API) TakeBack(h, n int) (*State, error) {
	return onGame(a, h, func(g *game) (*State, error) {
		if err := g.takeBack(n); err != nil {
			return nil, err
		}
		return g.newState(), nil
	})
}

func (a *API) Tap(h, c, i int, order string) (spider.Action, error) {
	return onGame(a, h, func(g *game) (spider.Action, error) { return g.tap(c, i, order) })
}

func (a *API) Segments(h, c int) ([]Segment, error) {
	return onGame(a, h, func(g *game) ([]Segment, error) { return g.segments(c) })
}

func (a *API) Suggest(h int, order string) (json.Marshaler, error) {
	return onGame(a, h, func(g *game) (json.Marshaler, error) { return g.suggest(order) })
}

func (a *API) Advise(h, ms int, level string) (Advice, error) {
	return onGame(a, h, func(g *game) (Advice, error) { return g.advise(ms, level) })
}

func (a *API) Record(h int, form string) (string, error) {
	return onGame(a, h, func(g *game) (string, error) { return g.record(form) })
}

func (a *API) History(h int) ([]string, error) { return onGame(a, h, (*game).history) }

func (a *API) HistoryVerbose(h int) ([]Step, error) { return onGame(a, h, (*game).historyVerbose) }

func (a *API) TimeLeft(h int) (int64, error) { return onGame(a, h, (*game).timeLeft) }

func (a *API) Elapsed(h int) (int64, error) { return onGame(a, h, (*game).elapsed) }

func (a *API) Finishable(h, positions int) (Finishable, error) {
	return onGame(a, h, func(g *game) (Finishable, error) { return g.finishable(positions) })
}

func (a *API) BotStep(h int, level string, pace int) (BotMove, error) {
	return onGame(a, h, func(g *game) (BotMove, error) {
		m, err := g.botStep(level, pace)
		if err == nil {
			m.State = g.newState()
		}
		return m, err
	})
}
