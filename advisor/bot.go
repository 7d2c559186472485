package advisor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spiderkit/spider"
)

// MaxPlayActions is a bot's cap (BotOptions.Cap's default): its game has at
// most this many actions, the last of them a resignation.
const MaxPlayActions = 1000

// MinThinkMs is the least time a bot's action takes in a timed game when
// no pace is set: about a person's quickest action, so that a host that
// refuses faster actions (the leaderboard's default boards want 80 ms)
// takes a bot's records.
const MinThinkMs = 100

// BotOptions configure a Bot. The zero value is a Standard bot capped at
// MaxPlayActions, each action in a timed game taking the time the bot
// thought (at least MinThinkMs).
type BotOptions struct {
	// Level is how strongly the bot plays (zero: Standard).
	Level Level
	// Seed makes the bot's sampling repeatable; each action advises with
	// the seed plus the actions before it.
	Seed uint64
	// Cap is the most actions of the bot's game, its last one a
	// resignation (0: MaxPlayActions).
	Cap int
	// Pace is each action's time in a timed game (0: the time the bot
	// thought, at least MinThinkMs). A pace makes the bot's record the
	// same on every machine.
	Pace time.Duration
	// Time bounds each decision (Options.Time; 0: none).
	Time time.Duration
	// Duel: the bot plays for its score and keeps it (Options.Duel). A
	// game of the duel variant (PlaysForScore) is played so whatever this
	// says.
	Duel bool
}

// Reason says why a bot resigns. The zero value ReasonNone is an action
// that is not a resignation.
type Reason uint8

const (
	// ReasonNone: the bot plays on.
	ReasonNone Reason = iota
	// ReasonLost: the game is proven lost and nothing left raises its
	// score (BasisLost; Move.Advice.Proof says how).
	ReasonLost
	// ReasonStalled: StallActions decisions made no progress
	// (BasisStalled).
	ReasonStalled
	// ReasonCap: the bot's game reached its cap (BotOptions.Cap).
	ReasonCap
	// ReasonStuck: no action is legal but to resign.
	ReasonStuck
	// ReasonScore: in a duel, the next action would take the score below
	// what resigning at once scores, and nothing left gains points
	// (BasisScore).
	ReasonScore
)

// String returns the reason's word: "", "lost", "stalled", "cap",
// "stuck" or "score".
func (r Reason) String() string {
	switch r {
	case ReasonLost:
		return "lost"
	case ReasonStalled:
		return "stalled"
	case ReasonCap:
		return "cap"
	case ReasonStuck:
		return "stuck"
	case ReasonScore:
		return "score"
	}
	return ""
}

// MarshalText writes the reason's word.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a reason's word, as MarshalText writes it; the
// error of any other word names it.
func (r *Reason) UnmarshalText(b []byte) error {
	for c := ReasonNone; c <= ReasonScore; c++ {
		if c.String() == string(b) {
			*r = c
			return nil
		}
	}
	return fmt.Errorf("advisor: no resignation reason %q", b)
}

// Move is a bot's action, with its time and what it rests on.
type Move struct {
	// Action is the action; spider.Resign when the bot gives up (Reason
	// says why), spider.NoAction when its game is over already.
	Action spider.Action
	// Ms is the action's time in a timed game: milliseconds since the
	// action before (0 in an untimed game).
	Ms uint32
	// Timed: the action is applied with its time (Game.ApplyAt).
	Timed bool
	// Advice is the advice behind the action (zero when the bot resigns
	// at its cap or where nothing is legal).
	Advice Advice
	// Reason says why the bot resigns (ReasonNone for other actions).
	Reason Reason
}

// Bot plays a game of Spider action by action at a level: the advice of
// its level (Advisor), its cap, its resignation and a time for each
// action. It is the one bot of every client (the call interface's bot for
// JavaScript and C, the web game's duel, the terminal's opponent), so
// that they share its rules. Its zero value is a Standard bot; it keeps
// its Advisor's memory from one action to the next, and is for one game
// and one goroutine at a time.
type Bot struct {
	Options BotOptions
	adv     Advisor
}

// NewBot returns a bot with options o.
func NewBot(o BotOptions) *Bot { return &Bot{Options: o} }

// Next returns the bot's next action in g, without applying it: the
// advice of its level under g's scoring, a resignation at its cap, when
// the advice gives the game up (lost, stalled, or in a duel its score) or
// when nothing is legal; NoAction once g is over. ctx bounds the
// decision.
func (b *Bot) Next(ctx context.Context, g spider.Game) Move {
	m := Move{Action: spider.NoAction, Timed: timed(g)}
	if g.Outcome().Ended() {
		return m
	}
	o := b.Options
	capAt := o.Cap
	if capAt <= 0 {
		capAt = MaxPlayActions
	}
	start := time.Now()
	actions := g.Counters().Actions
	switch {
	case actions >= capAt-1:
		m.Action, m.Reason = spider.Resign, ReasonCap
	default:
		m.Advice = b.adv.Advise(ctx, g.Position(), Options{Level: o.Level, Seed: o.Seed + uint64(actions), Time: o.Time,
			Scoring: g.Scoring(), Score: g.Score(), Duel: o.Duel || PlaysForScore(g.Variant())})
		m.Action = m.Advice.Action
		switch {
		case m.Advice.Basis == BasisLost:
			m.Reason = ReasonLost
		case m.Advice.Basis == BasisStalled:
			m.Reason = ReasonStalled
		case m.Advice.Basis == BasisScore:
			m.Reason = ReasonScore
		case m.Action == spider.NoAction || g.Check(m.Action) != nil:
			m.Action, m.Reason = spider.Resign, ReasonStuck
		}
	}
	if m.Timed {
		m.Ms = uint32(max(time.Since(start).Milliseconds(), MinThinkMs))
		if o.Pace > 0 {
			m.Ms = uint32(min(o.Pace.Milliseconds(), 1<<32-1))
		}
	}
	return m
}

// Play applies m to g: with its time in a timed game, where an action
// that comes after the game's time is up ends it at the limit instead
// (Game.TimeOut); without in an untimed one.
func (m Move) Play(g spider.Game) (spider.Game, error) {
	if !m.Timed {
		return g.Apply(m.Action)
	}
	h, err := g.ApplyAt(m.Action, m.Ms)
	if errors.Is(err, spider.ErrTimeUp) {
		return g.TimeOut()
	}
	return h, err
}

// Push applies m to the game of board b, as Play does.
func (m Move) Push(b *spider.Board) error {
	if !m.Timed {
		return b.Push(m.Action)
	}
	err := b.PushAt(m.Action, m.Ms)
	if errors.Is(err, spider.ErrTimeUp) {
		left, _ := b.Game().TimeLeft()
		return b.PushAt(spider.Resign, uint32(left)) // as Game.TimeOut
	}
	return err
}

// Step plays the bot's next action in g (Next, then Move.Play) and
// returns the game after it; g itself once it is over.
func (b *Bot) Step(ctx context.Context, g spider.Game) (spider.Game, Move, error) {
	m := b.Next(ctx, g)
	if m.Action == spider.NoAction {
		return g, m, nil
	}
	h, err := m.Play(g)
	return h, m, err
}

// Play plays g to its end with the bot and returns it.
func (b *Bot) Play(ctx context.Context, g spider.Game) (spider.Game, error) {
	for !g.Outcome().Ended() && ctx.Err() == nil {
		h, _, err := b.Step(ctx, g)
		if err != nil {
			return g, err
		}
		g = h
	}
	return g, ctx.Err()
}

// timed reports whether a bot's action in g takes a time: in a game that
// keeps times, and in a game with no action yet (a bot's record is timed,
// so that hosts that want times take it).
func timed(g spider.Game) bool {
	return g.Timed() || g.Counters().Actions == 0
}
