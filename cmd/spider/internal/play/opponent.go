package play

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// opponent is a duel's bot: a game of its own on the same deal, under the
// same variant, played by advisor.Bot at a level (its cap, its
// resignation and the times of its actions are the bot's), one action for
// each of the player's. It thinks in a goroutine of its own (an expert's
// decision can take a second or more): step asks for an action and
// returns at once, so the screen stays live; sync waits until every
// action asked for is played, for line-by-line play and the duel's end.
type opponent struct {
	level advisor.Level
	// choose is the bot's next action in a game: advisor.Bot's, or a
	// test's.
	choose func(spider.Game) advisor.Move
	moved  chan struct{} // a value after each action it plays (the screen redraws)

	mu      sync.Mutex
	idle    sync.Cond     // signalled when owed falls to 0
	board   *spider.Board // the bot's game, under mu
	games   []spider.Game // its game at the start and after each action, under mu (to watch it)
	owed    int           // actions asked for and not yet played, under mu
	toEnd   bool          // the goroutine plays on to the game's end, under mu
	running bool          // the goroutine plays them, under mu
}

// newOpponent starts a bot of level l on game g's deal (g as it starts).
func newOpponent(l advisor.Level, g spider.Game) *opponent {
	b := advisor.NewBot(advisor.BotOptions{Level: l})
	o := &opponent{level: l, board: spider.NewBoard(g), games: []spider.Game{g}, moved: make(chan struct{}, 1),
		choose: func(g spider.Game) advisor.Move { return b.Next(context.Background(), g) }}
	o.idle.L = &o.mu
	return o
}

// over reports whether the bot's game has ended: won, resigned (the bot
// resigns when its game is lost, and at its cap), blocked, time-up.
func (o *opponent) over() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.ended()
}

// ended is over for a caller that holds mu.
func (o *opponent) ended() bool { return o.board.Outcome().Ended() }

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
			g := o.board.Game()
			o.mu.Unlock() // the screen reads the status while the bot thinks
			m := o.choose(g)
			o.mu.Lock()
			o.play(m)
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

// play plays the bot's move m (advisor.Move.Push: with its time, ended
// at the clock when it comes too late). The caller holds mu.
func (o *opponent) play(m advisor.Move) {
	if m.Action == spider.NoAction {
		return
	}
	if err := m.Push(o.board); err != nil {
		_ = o.board.PushAt(spider.Resign, 0) // only a bug of the bot: its game stands as it is
	}
	if len(o.board.Log()) == len(o.games) { // an action was played
		o.games = append(o.games, o.board.Game())
	}
}

// name is the bot's name in its record and on the screen: "casual bot".
func (o *opponent) name() string { return o.level.String() + " bot" }

// game is the bot's game as it stands, once the actions asked for are
// played.
func (o *opponent) game() spider.Game {
	o.sync()
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.board.Game()
}

// ready reports whether the bot's game is over and nothing plays it on:
// it can be watched to its end.
func (o *opponent) ready() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.ended() && !o.running
}

// watching is the bot's game to watch (Watch), titled title.
func (o *opponent) watching(title string, ascii bool) Watching {
	o.mu.Lock()
	defer o.mu.Unlock()
	return Watching{Title: title, Games: slices.Clone(o.games), Actions: o.board.Log(), ASCII: ascii}
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
		o.play(o.choose(o.board.Game()))
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
	bot, err := codec.GameRecord(o.board.Game(), codec.Tag{Name: codec.TagPlayer, Value: o.name()})
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
