package play

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/tableau"
	"github.com/spiderkit/spider/solve"
)

// screen is the full-screen game's state besides the match: the focused
// column, the segment selector, the line of news, and what waits for y.
type screen struct {
	m        *match
	out      io.Writer // the terminal
	ascii    bool
	colour   bool
	focus    int
	selector bool
	count    int // the selector's group size
	dest     int // index of its destination among the segment's targets
	news     string
	confirm  string // "quit", "resign" or "new": waits for y
	help     bool
	watch    bool   // W: the duel's bot's game is to be watched, after the key
	games    int    // games finished in this session, for the next record's name
	first    string // the first game's record, whose name the next ones take
	width    int    // the terminal's columns, 0 when it does not say

	// The verdict of a hint (H) once every card is known: the check runs
	// in a goroutine, and its answer comes on checks, tagged with the
	// check's number; an action since (a higher check) outdates it.
	checks   chan verdict
	check    int                // the number of the latest check
	cancel   context.CancelFunc // stops the check running, or nil
	checking bool               // a check runs: the screen says so
	doomed   solve.Proof        // the check proved the deal cannot be finished, thus (ProofNone: not)
}

// verdict is the answer of check number check: can the deal still be
// finished from the position of the hint?
type verdict struct {
	check int
	r     solve.Result
}

// fullScreen plays the game full screen on a terminal until the player
// quits; every game's record is written when it ends, on quit, on a new
// deal and on Ctrl-C.
func (m *match) fullScreen(in, out *os.File, errOut io.Writer) error {
	restore, err := rawTerminal(in)
	if err != nil {
		return m.lines(in, out, errOut)
	}
	// The alternate screen without a cursor, left once: leaving it again
	// would put the cursor back where the game started, and the shell's
	// prompt over the summary. Entering and leaving it are best effort: a
	// terminal that takes no more fails the next drawing, which ends the
	// game, and on the way out nothing more can be done for it.
	_, _ = fmt.Fprint(out, enterScreen)
	left := false
	leave := func() {
		if left {
			return
		}
		left = true
		_, _ = fmt.Fprint(out, leaveScreen)
		if err := restore(); err != nil {
			// Standard error is the last place to say it: best effort.
			_, _ = fmt.Fprintf(errOut, "spider: the terminal's settings could not be put back (%v): type reset and Enter\n", err)
		}
	}
	defer leave()
	m.live = true
	s := &screen{m: m, out: out, ascii: m.ascii, colour: !m.ascii && tableau.Colour(out), news: m.resumed}
	keys := readKeys(in)
	clock := time.NewTicker(time.Second) // the status line's time goes on
	defer clock.Stop()
	resized, stop := resizes()
	defer stop()
	for {
		wasNarrow := s.narrow()
		s.width = termWidth(out) // read at each drawing: a resize is seen at the latest on the next second
		if wasNarrow && !s.narrow() {
			s.news = "" // what was said on the narrow screen
		}
		if _, err := fmt.Fprint(out, s.draw()); err != nil {
			leave()
			return m.terminalGone(err)
		}
		k, pressed := s.wait(keys, clock.C, resized)
		if !pressed {
			continue
		}
		quit, err := s.press(k)
		if err != nil {
			s.stopCheck()
			return err
		}
		if s.watch {
			s.watch = false
			if err := s.watchBot(keys, resized, out); err != nil {
				s.stopCheck()
				leave()
				return m.terminalGone(err)
			}
			continue
		}
		if quit {
			s.stopCheck()
			leave()
			if _, err := fmt.Fprintln(out, m.summary()); err != nil {
				return m.terminalGone(err)
			}
			return m.record(out, out)
		}
	}
}

// wait waits for a key, or for what redraws the screen (pressed false): the
// clock's second, a resize, a check's answer, the duel's bot's action.
func (s *screen) wait(keys <-chan key, clock <-chan time.Time, resized <-chan os.Signal) (k key, pressed bool) {
	select {
	case <-clock:
	case <-resized:
	case v := <-s.checkAnswers():
		s.verdict(v)
	case <-s.botMoves(): // the status line shows it
	case next, ok := <-keys:
		if !ok {
			return keyCtrlC, true // the input ended
		}
		return next, true
	}
	return 0, false
}

// botMoves signals each action of the duel's bot, or never without one.
func (s *screen) botMoves() <-chan struct{} {
	if s.m.opp == nil {
		return nil
	}
	return s.m.opp.moved
}

// terminalGone ends a full-screen game whose terminal takes no more output
// (err): the record is written, and then err returned.
func (m *match) terminalGone(err error) error {
	if rerr := m.record(io.Discard, io.Discard); rerr != nil {
		return rerr
	}
	return fmt.Errorf("play: the terminal takes no more: %w", err)
}

// The escape sequences that enter the alternate screen and hide the
// cursor, and that show the cursor and leave the alternate screen (back to
// the cursor and the lines of before).
const (
	enterScreen = "\x1b[?1049h\x1b[?25l"
	leaveScreen = "\x1b[?25h\x1b[?1049l"
)

// press handles one key; it reports whether the player quits.
func (s *screen) press(k key) (bool, error) {
	m := s.m
	if k == keyCtrlC {
		return true, nil
	}
	if s.help {
		s.help = false
		return false, nil
	}
	if s.narrow() && s.confirm == "" && k != 'q' && k != 'Q' {
		s.news = "Nothing is played while the table is not shown."
		return false, nil
	}
	if s.confirm != "" {
		what := s.confirm
		s.confirm = ""
		if k != 'y' && k != 'Y' {
			s.news = "Going on."
			return false, nil
		}
		switch what {
		case "quit":
			return true, nil
		case "resign":
			s.apply(spider.Resign)
		case "new":
			if err := s.nextGame(false); err != nil {
				return false, err
			}
		}
		return false, nil
	}
	over := m.board.Outcome() != spider.Playing
	stuck := m.stuck() || s.doomed != solve.ProofNone
	if s.selector {
		s.selectorKey(k)
		return false, nil
	}
	switch {
	case k == keyLeft:
		s.focus = (s.focus + 9) % 10
	case k == keyRight:
		s.focus = (s.focus + 1) % 10
	case k == keyEnter || k == ' ':
		s.openSelector()
	case k >= 'a' && k <= 'j':
		s.tapColumn(int(k - 'a'))
	case k == 'U' || k == 'u':
		s.apply(spider.Undo)
	case k == 'H':
		s.apply(spider.Hint)
	case k == 'D':
		s.apply(spider.DealRow)
	case k == 'F': // refused with the reason under automatic flips
		s.apply(spider.Flip(s.focus))
	case (k == 'N' || k == 'n') && stuck:
		// The end panel's ways out: nothing to lose, nothing to ask.
		return false, s.nextGame(false)
	case (k == 'R' || k == 'r') && stuck:
		return false, s.nextGame(true)
	case (k == 'W' || k == 'w') && stuck && s.botToWatch():
		s.watch = true
	case k == 'N' || k == 'n':
		s.confirm = "new"
	case (k == 'X' || k == 'x') && !over:
		s.confirm = "resign"
	case k == 'Q' || k == 'q':
		if over {
			return true, nil
		}
		s.confirm = "quit"
	case k == '?':
		s.help = true
	case k == keyEsc:
		s.news = ""
	}
	return false, nil
}

// botToWatch reports whether the end panel offers the duel's bot's game
// to watch: there is a bot, and its game is over.
func (s *screen) botToWatch() bool { return s.m.opp != nil && s.m.opp.ready() }

// watchBot watches the duel's bot's game on the game's terminal out (the
// watcher's keys, from its start), reading the game's keys, until q; then
// the end panel is back.
func (s *screen) watchBot(keys <-chan key, resized <-chan os.Signal, out *os.File) error {
	m := s.m
	title := fmt.Sprintf("The %s's game · %s · %s", m.opp.name(), m.code, m.variant.Name)
	wt := &watcher{w: m.opp.watching(title, s.ascii), playing: true, speed: 1, newTicker: realTicker}
	return wt.loop(keys, resized, out)
}

// apply plays a and says what came of it.
func (s *screen) apply(a spider.Action) {
	m := s.m
	if why := m.board.Game().Explain(a); why != "" {
		s.news = s.words(why)
		return
	}
	if err := m.push(time.Now(), a); err != nil {
		s.news = s.words(err.Error())
		return
	}
	s.stopCheck() // the table changed: a check under way is outdated
	s.news = ""
	if a == spider.Hint {
		s.news = m.hintText()
		s.startCheck()
	}
	if m.board.Outcome() != spider.Playing {
		s.news = "" // the summary says it
	}
}

// tapColumn sends column c's longest movable group to its tap destination.
func (s *screen) tapColumn(c int) {
	p := s.m.board.Position()
	s.focus = c
	n := p.Movable(c)
	if n == 0 {
		s.news = fmt.Sprintf("column %c has no card to move", 'a'+c)
		return
	}
	a, err := p.Tap(c, p.Len(c)-n, s.m.tap)
	if err != nil {
		s.news = s.words(err.Error()) // the sentence over the whole table, with the cards
		return
	}
	s.apply(a)
}

// openSelector opens the segment selector on the focused column, at the
// largest group that has somewhere to go.
func (s *screen) openSelector() {
	segs := s.m.board.Position().Segments(s.focus)
	if len(segs) == 0 {
		s.news = fmt.Sprintf("column %c has no card to move", 'a'+s.focus)
		return
	}
	s.selector, s.count, s.dest = true, 1, 0
	for _, seg := range segs {
		if len(seg.Targets) > 0 {
			s.count = seg.Count
		}
	}
	s.news = ""
}

// selectorKey handles a key while the segment selector is open.
func (s *screen) selectorKey(k key) {
	segs := s.m.board.Position().Segments(s.focus)
	seg := segs[s.count-1]
	switch {
	case k == keyEsc:
		s.selector = false
	case k == keyUp && s.count < len(segs):
		s.count, s.dest = s.count+1, 0
	case k == keyDown && s.count > 1:
		s.count, s.dest = s.count-1, 0
	case k == keyLeft && s.dest > 0:
		s.dest--
	case k == keyRight && s.dest < len(seg.Targets)-1:
		s.dest++
	case k == keyEnter || k == ' ':
		if len(seg.Targets) == 0 {
			s.news = nowhere(s.count, s.focus)
			return
		}
		s.selector = false
		s.apply(spider.Move(s.focus, seg.Targets[s.dest].Column, s.count))
	case k >= 'a' && k <= 'j':
		s.selector = false
		s.apply(spider.Move(s.focus, int(k-'a'), s.count))
	}
}

// nextGame writes this game's record and deals the next deal number, or
// with same the same cards again (the game as it was dealt).
func (s *screen) nextGame(same bool) error {
	m := s.m
	if err := m.record(s.out, io.Discard); err != nil {
		return err
	}
	if s.first == "" {
		s.first = m.out
	}
	written := m.out
	s.games++
	ext := filepath.Ext(s.first)
	m.out = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(s.first, ext), s.games+1, ext)
	s.stopCheck()
	s.focus, s.selector = 0, false
	if same {
		s.news = fmt.Sprintf("The same cards again; the last game's record is in %s.", written)
		m.deals(m.dealt)
		return nil
	}
	next := m.code
	m.daily = false
	next.Number = (next.Number + 1) % (spider.MaxNumber + 1)
	s.news = fmt.Sprintf("New deal %s; the last game's record is in %s.", next, written)
	return m.newGame(next)
}

// checkAnswers is the channel of the checks' answers (made on first use).
func (s *screen) checkAnswers() chan verdict {
	if s.checks == nil {
		s.checks = make(chan verdict)
	}
	return s.checks
}

// startCheck asks, once a verdict can be proven (checkable), whether the
// deal can still be finished from here (solve.Finishable, within the
// match's budget of positions): in a goroutine, whose answer comes on
// checkAnswers while the player plays on. Otherwise there is no check:
// the hint is the ordinary suggestion.
func (s *screen) startCheck() {
	p := s.m.board.Position()
	if !checkable(p) {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.checking = cancel, true
	s.check++
	n, answers, budget := s.check, s.checkAnswers(), s.m.verdictBudget()
	go func() {
		var solver solve.Solver
		v := verdict{check: n, r: solver.Finishable(ctx, p, budget)}
		select {
		case answers <- v:
		case <-ctx.Done(): // outdated, or the game is left: no one listens
		}
	}()
}

// stopCheck cancels the check under way, if any, and forgets a verdict:
// the table it was about has changed.
func (s *screen) stopCheck() {
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
	s.check++
	s.checking, s.doomed = false, solve.ProofNone
}

// verdict takes a check's answer, unless an action since outdated it: a
// deal that cannot be finished shows the end panel; a win found says so
// after the hint; unknown (the budget ran out) leaves the ordinary
// suggestion, never a verdict.
func (s *screen) verdict(v verdict) {
	if v.check != s.check {
		return
	}
	s.checking = false
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
	switch v.r.Winnability {
	case solve.Unwinnable:
		s.doomed, s.news = v.r.Proof, "" // the panel says it, and a suggestion would not help
	case solve.Winnable:
		s.news += " · this deal can still be finished from here"
	}
}
