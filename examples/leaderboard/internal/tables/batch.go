package tables

import (
	"fmt"
	"time"

	"github.com/spiderkit/spider"
)

// A client sends its actions as they are played, in batches at most a
// second apart (Interval): each batch names the place of its first action
// in the game (From, the count of actions acknowledged before it when the
// client sent it), and each action its time, in milliseconds since the
// action before (the first action's since the game started). A batch is
// answered once its new actions are verified and stored; sent again (a
// retry), the actions acknowledged already are compared and skipped, so
// that the same batch is stored once.
type Batch struct {
	From    int    `json:"from"`
	Actions []Move `json:"actions"`
}

// Move is one action of a batch: the action as the SDK writes it ("3a>b",
// "d", "fa", "u", "x") and its time.
type Move struct {
	Action string `json:"action"`
	Ms     uint32 `json:"ms"`
}

// The batches' bounds and the clock's.
const (
	// MaxBatch is the most actions one batch holds.
	MaxBatch = 64
	// Interval is the longest a client keeps an action before sending it.
	Interval = time.Second
	// Slack is how far a game's claimed time may run ahead of the
	// service's clock (the sum of the actions' times may not be more than
	// the time since the game started, plus Slack): a client cannot claim
	// time that has not passed.
	Slack = time.Second
	// Lag is how far a game's claimed time may fall behind the service's
	// clock: a batch that would leave it further behind has its first new
	// action's time raised to Lag behind (the time the client did not
	// account for is charged to it, at the action it came before), so
	// that a client hides at most Lag of its thinking, the batch's second
	// and the network's delay. A game silent for its whole limit and Lag
	// is out of time.
	Lag = 5 * time.Second
)

// move is a parsed Move.
type move struct {
	Action spider.Action
	Ms     uint32
}

// BatchError: a batch that cannot be read: too many actions, or one that
// is not an action; Index is its place in the game.
type BatchError struct {
	Index   int
	Message string
}

// Error says which and why.
func (e *BatchError) Error() string {
	if e.Index < 0 {
		return e.Message
	}
	return fmt.Sprintf("action %d: %s", e.Index, e.Message)
}

// parse reads a batch's actions.
func (b Batch) parse() ([]move, error) {
	switch {
	case len(b.Actions) == 0:
		return nil, &BatchError{Index: -1, Message: "the batch has no action"}
	case len(b.Actions) > MaxBatch:
		return nil, &BatchError{Index: -1, Message: fmt.Sprintf("the batch has %d actions; a batch holds at most %d (send them as they are played)", len(b.Actions), MaxBatch)}
	}
	out := make([]move, len(b.Actions))
	for i, m := range b.Actions {
		a, err := spider.ParseAction(m.Action)
		if err != nil {
			return nil, &BatchError{Index: b.From + i, Message: err.Error()}
		}
		out[i] = move{Action: a, Ms: m.Ms}
	}
	return out, nil
}

// overtime reports whether the game is out of time on the service's
// clock at nowMs: its limit and Lag have passed since it started.
func (g *Game) overtime(nowMs int64) bool {
	return g.limitMs > 0 && nowMs-g.startMs >= g.limitMs+Lag.Milliseconds()
}

// clock applies the service's clock to a batch's new actions at nowMs: a
// ClockError when they claim more time than has passed (with Slack); the
// first one's time raised when they leave the game more than Lag behind.
func (g *Game) clock(moves []move, nowMs int64) error {
	elapsed := nowMs - g.startMs
	claimed := g.claimed
	for _, m := range moves {
		claimed += int64(m.Ms)
	}
	if claimed > elapsed+Slack.Milliseconds() {
		return &ClockError{ClaimedMs: claimed, ElapsedMs: elapsed}
	}
	if behind := elapsed - Lag.Milliseconds() - claimed; behind > 0 {
		// At most one more than the rules' whole limit: the verifier then
		// refuses it as out of time.
		most := int64(1 << 31)
		if g.limitMs > 0 {
			most = g.limitMs + 1
		}
		moves[0].Ms = uint32(min(int64(moves[0].Ms)+behind, most))
	}
	return nil
}

// Deadline is when a game started at startMs under a limit of limitMs
// is out of time on the service's clock.
func Deadline(startMs, limitMs int64) int64 { return startMs + limitMs + Lag.Milliseconds() }
