package play

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// opponent is a duel's bot: a game of its own on the same deal, under the
// same variant, played by the advisor (package advisor) at a level, one
// action for each of the player's, each timed with the advisor's thinking
// (so that a duel's clock judges the bot's game as it judges the
// player's). It thinks in a goroutine of its own (an
// expert's decision can take a second or more): step asks for an action
// and returns at once, so the screen stays live; sync waits until every
// action asked for is played, for line-by-line play and the duel's end.
type opponent struct {
	level advisor.Level
	// choose is the bot's action from a position: the advisor's at the
	// level, or a test's.
	choose func(spider.Position) advisor.Advice
	moved  chan struct{} // a value after each action it plays (the screen redraws)

	mu      sync.Mutex
	idle    sync.Cond     // signalled when owed falls to 0
	board   *spider.Board // the bot's game, under mu
	owed    int           // actions asked for and not yet played, under mu
	toEnd   bool          // the goroutine plays on to the game's end, under mu
	running bool          // the goroutine plays them, under mu
}

// newOpponent starts a bot of level l on game g's deal (g as it starts).
func newOpponent(l advisor.Level, g spider.Game) *opponent {
	var a advisor.Advisor
	o := &opponent{level: l, board: spider.NewBoard(g), moved: make(chan struct{}, 1),
		choose: func(p spider.Position) advisor.Advice {
			return a.Advise(context.Background(), p, advisor.Options{Level: l})
		}}
	o.idle.L = &o.mu
	return o
}

// over reports whether the bot's game has ended: won, resigned, blocked,
// or at advisor.MaxPlayActions actions.
func (o *opponent) over() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.ended()
}

// ended is over for a caller that holds mu.
func (o *opponent) ended() bool {
	return o.board.Outcome() != spider.Playing || len(o.board.Log()) >= advisor.MaxPlayActions
}

// step asks the bot for its next action, played in its goroutine.
func (o *opponent) step() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.owed++
	if !o.running {
		o.running = true
		go o.run()
	}
}

// run plays the actions owed (and with toEnd on to the game's end), then
// ends.
func (o *opponent) run() {
	o.mu.Lock()
	defer o.mu.Unlock()
	for o.owed > 0 || (o.toEnd && !o.ended()) {
		if !o.ended() {
			p := o.board.Position()
			o.mu.Unlock() // the screen reads the status while the bot thinks
			adv, ms := o.think(p)
			o.mu.Lock()
			o.play(adv, ms)
		}
		o.owed = max(o.owed-1, 0)
		select {
		case o.moved <- struct{}{}:
		default: // a redraw is pending already
		}
	}
	o.running = false
	o.idle.Broadcast()
}

// think is the bot's advice on position p and the milliseconds it took.
func (o *opponent) think(p spider.Position) (advisor.Advice, uint32) {
	start := time.Now()
	adv := o.choose(p)
	return adv, uint32(min(time.Since(start).Milliseconds(), math.MaxUint32))
}

// play plays adv's action, ms milliseconds after the bot's last. When the
// advisor has nothing but a last resort (the game is very likely lost:
// every action would only cost points), when nothing is legal, or at the
// cap, the bot resigns: its game stands as it is; when its thinking ran
// past the rules' clock, it resigns at the clock's end (time-up). The
// caller holds mu.
func (o *opponent) play(adv advisor.Advice, ms uint32) {
	if adv.Basis == advisor.BasisLastResort || adv.Action == spider.NoAction || o.board.PushAt(adv.Action, ms) != nil || len(o.board.Log()) >= advisor.MaxPlayActions {
		at := uint32(0)
		if left, limited := o.board.Game().TimeLeft(); limited && uint64(ms) > left {
			at = uint32(left)
		}
		_ = o.board.PushAt(spider.Resign, at)
	}
}

// toTheEnd asks the bot to play its game to the end in its goroutine, and
// reports whether it has: the screen stays live meanwhile.
func (o *opponent) toTheEnd() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ended() && !o.running {
		return true
	}
	o.toEnd = true
	if !o.running {
		o.running = true
		go o.run()
	}
	return false
}

// sync waits until the bot has played every action asked for.
func (o *opponent) sync() {
	o.mu.Lock()
	defer o.mu.Unlock()
	for o.running {
		o.idle.Wait()
	}
}

// finish plays the bot's game to its end.
func (o *opponent) finish() {
	o.sync()
	o.mu.Lock()
	defer o.mu.Unlock()
	for !o.ended() {
		o.play(o.think(o.board.Position()))
	}
}

// status is the bot's part of the status line.
func (o *opponent) status() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return fmt.Sprintf("%s bot: score %d · moves %d", o.level, o.board.Score(), o.board.Moves())
}

// verdict plays the bot's game to its end and says who won the duel with
// game g: the scores on the duel's scheme (replay.Verifier.Duel), whatever
// the variant's.
func (o *opponent) verdict(g spider.Game, tags []codec.Tag) string {
	o.finish()
	o.mu.Lock()
	defer o.mu.Unlock()
	you, err := codec.GameRecord(g, tags...)
	if err != nil {
		return "duel: " + err.Error()
	}
	bot, err := codec.GameRecord(o.board.Game(), codec.Tag{Name: "Player", Value: o.level.String() + " bot"})
	if err != nil {
		return "duel: " + err.Error()
	}
	var v replay.Verifier
	d := v.Duel(you, bot)
	who := "a tie"
	switch {
	case d.Winner == 0:
		who = "you win"
	case d.Winner == 1:
		who = "the bot wins"
	case !d.Fair():
		who = "no fair duel: " + d.Why
	}
	return fmt.Sprintf("Duel, on the duel's scoring: you %d, the %s bot %d (%s, %s): %s.",
		d.Scores[0], o.level, d.Scores[1], o.board.Outcome(), plural(o.board.Moves(), "move"), who)
}
