package play

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/solve"
)

// match is a game being played in the terminal: the board, where its
// record goes, and the clock.
type match struct {
	code    spider.Code
	daily   bool // code is today's deal
	variant spider.Variant
	board   *spider.Board
	dealt   spider.Game // the game as dealt, for the same cards again
	tags    []codec.Tag
	out     string // the record's path, or "-"
	tap     spider.TapOrder
	ascii   bool // suits as letters
	start   time.Time
	last    time.Time // of the last action applied
	written bool
	bot     *advisor.Level // the level of the duel's bot, or nil
	opp     *opponent      // the bot of the game being played
	live    bool           // full screen: the bot plays on while the screen waits for keys
	resumed string         // what the game was resumed from, said once at the start
	untimed bool           // the game resumed keeps no times (a bot's record): it goes on without
	duel    string         // the duel's verdict, once both games are over
	duelFor int            // the player's actions when duel was said
	// budget bounds the hint's check whether the deal can still be
	// finished; zero is verdictBudget's default (tests set their own).
	budget solve.Budget
}

// verdictBudget is the budget of the hint's check: positions only, so
// that the verdict is the same on every machine (the match's own, or the
// default: a million positions, 200,000 of them exhaustive).
func (m *match) verdictBudget() solve.Budget {
	if m.budget.Positions != 0 {
		return m.budget
	}
	return solve.Budget{Positions: 1_000_000, ExactPositions: 200_000}
}

// newGame deals code under the match's variant, with the code's group rule.
func (m *match) newGame(code spider.Code) error {
	g, err := code.NewGame(m.variant)
	if err != nil {
		return err
	}
	m.code = code
	m.deals(g)
	return nil
}

// deals starts game g, as dealt, with a clock from now and, in a duel, a
// new bot on the same cards.
func (m *match) deals(g spider.Game) {
	m.dealt, m.board, m.written = g, spider.NewBoard(g), false
	m.start, m.last = time.Now(), time.Now()
	if m.bot != nil {
		m.opp = newOpponent(*m.bot, g)
	}
}

// stuck reports whether the game is truly over: it has ended (won,
// resigned, blocked, lost, out of time), or nothing on the table can
// change but by an undo (no move, no flip, no deal: the stock is empty).
func (m *match) stuck() bool {
	if m.board.Outcome() != spider.Playing {
		return true
	}
	return len(m.board.Position().AppendLegal(nil)) == 0
}

// why says why a game that is stuck is over, or one doomed (the hint's
// check proved that it cannot be finished, on that proof) cannot be won,
// or "" when it ended some other way (won, resigned, out of time) or is
// not over.
func (m *match) why(doomed solve.Proof) string {
	undo := "U takes the last action back and the game goes on."
	if !m.board.Game().CanUndo() {
		undo = "The rules allow no undo here."
	}
	switch m.board.Outcome() {
	case spider.Lost:
		return "The game is lost: the stock is empty and no card can move. " + undo
	case spider.Blocked:
		return "The game is blocked: no card can move, no deal is left and the rules allow no undo."
	case spider.Playing:
		if doomed != solve.ProofNone && !m.stuck() {
			return lostWords(doomed) + " " + undo
		}
		if m.stuck() {
			return "No card can move and the stock is empty: the game cannot go on. " + undo
		}
	}
	return ""
}

// checkable reports whether the hint's check can prove something of p:
// every card known, or the stock empty (no card may be left to turn over,
// solve.TurnOver).
func checkable(p spider.Position) bool { return p.AllKnown() || p.StockRows() == 0 }

// lostWords says why a deal cannot be finished from here, on proof.
func lostWords(proof solve.Proof) string {
	switch proof {
	case solve.ProofNoTurn:
		return "No card can be turned over from here: this deal cannot be finished."
	case solve.ProofStranded:
		return "The stock can never be dealt: this deal cannot be finished."
	}
	return "This deal cannot be finished from here: every card is known, and no way of playing on wins."
}

// resume plays on from the end of b, a game of the match's deal begun
// elsewhere (named name): its clock goes on from the game's own time, and
// a duel's bot catches up, one action for each of b's.
func (m *match) resume(b *spider.Board, name string) {
	m.board = b
	m.untimed = len(b.Log()) > 0 && !b.Game().Timed()
	m.last = time.Now()
	m.start = m.last.Add(-time.Duration(b.Game().Elapsed()) * time.Millisecond)
	if m.opp != nil {
		for range b.Log() {
			m.opp.step()
		}
		m.opp.sync()
	}
	m.resumed = fmt.Sprintf("Playing on from %s after %s (score %d).", name, plural(len(b.Log()), "action"), b.Score())
}

// deal names the deal: its code, and "today's deal" before it when it is.
func (m *match) deal() string {
	if m.daily {
		return "today's deal, " + m.code.String()
	}
	return m.code.String()
}

// push applies actions played at now, sharing the time since the last
// action between them (actions typed together on one line).
func (m *match) push(now time.Time, actions ...spider.Action) error {
	total := max(now.Sub(m.last).Milliseconds(), 0)
	if m.untimed {
		// A game without times goes on without them: its record keeps a
		// time for every action or for none.
		total = 0
	} else if left, limited := m.board.Game().TimeLeft(); limited && uint64(total) > left {
		// The clock ran out before these actions: the game ends at its
		// limit (Game.TimeOut's resignation), and they are not played.
		m.last = m.last.Add(time.Duration(left) * time.Millisecond)
		return m.board.PushAt(spider.Resign, uint32(left))
	}
	for i, a := range actions {
		share := total / int64(len(actions))
		if i == len(actions)-1 {
			share = total - share*int64(len(actions)-1)
		}
		push := func() error { return m.board.PushAt(a, uint32(min(share, 1<<32-1))) }
		if m.untimed {
			push = func() error { return m.board.Push(a) }
		}
		if err := push(); err != nil {
			return err
		}
		if m.opp != nil {
			m.opp.step() // the bot plays one action for each of the player's
		}
	}
	m.last = now
	if m.opp != nil && !m.live {
		m.opp.sync() // line by line, the bot's action before the next line
	}
	return nil
}

// record writes the game's record to its path (or standard output) once,
// and says where on say; it returns the error of either.
func (m *match) record(stdout, say io.Writer) error {
	if m.written {
		return nil
	}
	m.written = true
	r, err := codec.GameRecord(m.board.Game(), m.tags...)
	if err != nil {
		return err
	}
	text, err := codec.AppendText(nil, r)
	if err != nil {
		return err
	}
	if m.out == "-" {
		_, err := stdout.Write(text)
		return err
	}
	if err := os.WriteFile(m.out, text, 0o644); err != nil {
		return err
	}
	where := absPath(m.out)
	if _, err := fmt.Fprintf(say, "Record written to %s\n", where); err != nil {
		return fmt.Errorf("play: the record is written to %s, but saying so failed: %w", where, err)
	}
	return m.recordBot(say)
}

// recordBot writes the record of a duel's bot beside the player's
// (botPath), its game as it stands once the actions asked for are played
// (played to its end when the duel was decided), and says where and how
// to watch it; without a bot it does nothing.
func (m *match) recordBot(say io.Writer) error {
	if m.opp == nil {
		return nil
	}
	tags := []codec.Tag{{Name: codec.TagPlayer, Value: m.opp.name()}}
	for _, t := range m.tags {
		if t.Name == codec.TagDate {
			tags = append(tags, t)
		}
	}
	r, err := codec.GameRecord(m.opp.game(), tags...)
	if err != nil {
		return err
	}
	text, err := codec.AppendText(nil, r)
	if err != nil {
		return err
	}
	path := botPath(m.out)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		return err
	}
	where := absPath(path)
	if _, err := fmt.Fprintf(say, "The %s's record written to %s (watch it: spider replay --watch %s)\n", m.opp.name(), where, where); err != nil {
		return fmt.Errorf("play: the bot's record is written to %s, but saying so failed: %w", where, err)
	}
	return nil
}

// botPath is where the record of a duel's bot goes, beside the player's
// at out: duel.spider, duel-bot.spider.
func botPath(out string) string {
	ext := filepath.Ext(out)
	return strings.TrimSuffix(out, ext) + "-bot" + ext
}

// absPath is path made absolute to say where a record went, or path as
// given when there is no working directory to tell.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// elapsed is the game's time so far, or to its last action once it is
// over.
func (m *match) elapsed() time.Duration {
	end := time.Now()
	if m.board.Outcome() != spider.Playing {
		end = m.last
	}
	return end.Sub(m.start).Round(time.Second)
}

// status is the status line: score, moves and time (the stock and the
// runs have a line of their own).
func (m *match) status() string {
	s := fmt.Sprintf("score %d · moves %d · time %s", m.board.Score(), m.board.Moves(), m.elapsed())
	if left, limited := m.board.Game().TimeLeft(); limited {
		since := time.Since(m.last)
		if m.board.Outcome() != spider.Playing {
			since = 0
		}
		s += " · time left " + max(time.Duration(left)*time.Millisecond-since, 0).Round(time.Second).String()
	}
	if m.opp != nil {
		s += " · " + m.opp.status()
	}
	return s
}

// summary is what is said when the game ends, or is left: won, resigned,
// blocked or unfinished, with the time, moves, runs and score; in a duel,
// who won it; then, on a line of its own, the command that deals the same
// cards again.
func (m *match) summary() string { return m.summaryAt(true, true) }

// panelSummary is the summary for the end panel: in a duel whose game is
// stuck but still playing (an undo can take it on), the duel is not
// decided, and the bot's game is not played to its end.
func (m *match) panelSummary() string {
	return m.summaryAt(m.board.Outcome() != spider.Playing, false)
}

// summaryAt is the summary; final says that the game is over or left, and
// a duel's bot plays its game to the end for the verdict: with wait, at
// once; without (the screen, redrawn each second and at each of the bot's
// actions), in its goroutine, the summary saying so until it is done.
func (m *match) summaryAt(final, wait bool) string {
	how := "Unfinished after"
	switch m.board.Outcome() {
	case spider.Won:
		how = "Won in"
	case spider.Resigned:
		how = "Resigned after"
	case spider.Blocked:
		how = "Blocked (no move, deal or undo is left) after"
	case spider.Lost:
		how = "Lost (the stock is empty and no move is left) after"
	case spider.TimeUp:
		how = "Out of time after"
	}
	again := "spider play --code " + m.code.String()
	if m.variant.Name != spider.VariantApp {
		again += " --variant " + m.variant.Name
	}
	duel := ""
	if m.opp != nil {
		again += " --opponent " + m.opp.level.String()
		switch {
		case !final:
			// Stuck, but an undo can take the game on: the bot plays on
			// with it, and the duel waits for its end.
			duel = fmt.Sprintf("\nThe duel is decided when your game ends; so far the %s.", m.opp.status())
		case !wait && !m.opp.toTheEnd():
			duel = fmt.Sprintf("\nThe %s bot is finishing its game; so far the %s.", m.opp.level, m.opp.status())
		default:
			duel = "\n" + m.duelVerdict()
		}
	}
	return fmt.Sprintf("%s %s and %s, runs %s, score %d.%s\nThe same cards again: %s",
		how, m.elapsed(), plural(m.board.Moves(), "move"), m.runs(m.board.Position()), m.board.Score(), duel, again)
}

// duelVerdict is the duel's verdict on the player's game as it stands,
// said once for it: the screen redraws the end panel each second.
func (m *match) duelVerdict() string {
	if n := len(m.board.Log()); m.duel == "" || m.duelFor != n {
		m.duel, m.duelFor = m.opp.verdict(m.board.Game(), m.tags), n
	}
	return m.duel
}

// hintText is the assistance's suggestion, or why there is none.
func (m *match) hintText() string {
	return "hint: " + m.board.Position().Suggest(spider.RevealFirst).String()
}

// keysHelp is what the banner says about the actions these rules allow.
func (m *match) keysHelp() string {
	words := []string{"3a>c", "d"}
	if m.variant.Rules.Flip == spider.FlipManual {
		words = append(words, "fa")
	}
	if !m.variant.Rules.Undo.Off {
		words = append(words, "u")
	}
	if !m.variant.Rules.NoHints {
		words = append(words, "h")
	}
	return strings.Join(append(words, "x"), ", ")
}

// capitals is what the screen's help says about the command keys, with
// those these rules allow.
func (m *match) capitals() string {
	keys := []string{"D deal"}
	if m.variant.Rules.Flip == spider.FlipManual {
		keys = append(keys, "F flip")
	}
	if !m.variant.Rules.Undo.Off {
		keys = append(keys, "U undo")
	}
	if !m.variant.Rules.NoHints {
		keys = append(keys, "H hint")
	}
	return strings.Join(append(keys, "N new deal", "X resign", "Q quit"), "  ")
}

// runs writes the runs removed per suit, with letters under --ascii.
func (m *match) runs(p spider.Position) string { return runsPerSuit(p, m.code.Suits, m.ascii) }

// runsPerSuit writes the runs removed per suit as the unlimited-undo app
// does: "♠ 2 · ♥ 2 · ♦ 2 · ♣ 2 (8/8)", with the suits the deck has (and
// "s 2 · h 2 ..." in ASCII).
func runsPerSuit(p spider.Position, suits int, ascii bool) string {
	count := map[spider.Suit]int{}
	for _, s := range p.RunSuits() {
		count[s]++
	}
	all := spider.Suits()
	var parts []string
	for _, s := range all[:min(max(suits, 1), 4)] {
		name := s.Symbol()
		if ascii {
			name = s.Letter()
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, count[s]))
	}
	return fmt.Sprintf("%s (%d/8)", strings.Join(parts, " · "), p.Runs())
}

// plural writes n and the word, with an s unless n is 1: "1 deal", "5 deals".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
