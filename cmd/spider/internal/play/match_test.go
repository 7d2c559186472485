package play

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider"
)

// TestPlayTimesShared: actions typed together on one line share the time
// since the last one, so none is timed 0 ms by the way it was typed.
func TestPlayTimesShared(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	v := spider.MustVariant(spider.VariantGratuit)
	m := &match{variant: v}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	start := m.last
	if err := m.push(start.Add(1000*time.Millisecond), spider.MustAction("d>f"), spider.Undo, spider.MustAction("d>f")); err != nil {
		t.Fatal(err)
	}
	if err := m.push(start.Add(1500*time.Millisecond), spider.DealRow); err != nil {
		t.Fatal(err)
	}
	if got := m.board.Game().LogTimes(); !slices.Equal(got, []uint32{333, 333, 334, 500}) {
		t.Errorf("times %v", got)
	}
}

// TestTodaysDeal: today's deal is named so on the screen and in the line
// game's banner, and a new deal after it is not.
func TestTodaysDeal(t *testing.T) {
	code, err := spider.DailyCode(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), 1, spider.GroupClassic)
	if err != nil {
		t.Fatal(err)
	}
	m := &match{daily: true, variant: spider.MustVariant(spider.VariantApp), out: filepath.Join(t.TempDir(), "g.spider")}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	s := &screen{m: m, out: io.Discard}
	if want := "today's deal, " + code.String() + " · app · 1 suit, classic"; !strings.Contains(s.draw(), want) {
		t.Errorf("the screen's first line is not %q:\n%s", want, s.draw())
	}
	var out strings.Builder
	if err := m.lines(strings.NewReader(""), &out, &out); err != nil {
		t.Fatal(err)
	}
	if want := "Today's deal, " + code.String() + ", app rules."; !strings.HasPrefix(out.String(), want) {
		t.Errorf("the banner is not %q:\n%s", want, out.String())
	}
	if err := s.nextGame(false); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(s.draw(), "today's deal") {
		t.Errorf("the next deal is called today's:\n%s", s.draw())
	}
}

// TestNewDealRecords: N writes each game's record, named after the first
// one's: g.spider, g-2.spider, g-3.spider.
func TestNewDealRecords(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	dir := t.TempDir()
	m := &match{variant: spider.MustVariant(spider.VariantApp), out: filepath.Join(dir, "g.spider")}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	s := &screen{m: m, out: io.Discard}
	for range 2 {
		if err := s.nextGame(false); err != nil {
			t.Fatal(err)
		}
	}
	if want := "New deal SP1-S4C-AAAAAAF; the last game's record is in " + filepath.Join(dir, "g-2.spider") + "."; s.news != want {
		t.Errorf("news %q, want %q", s.news, want)
	}
	if err := m.record(io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"g.spider", "g-2.spider", "g-3.spider"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
}

// stuckDeal is a deal that one deal leaves stuck: every top a Queen or a
// 2, then a deal of Aces and Kings, the stock's only row; no card can move
// after it.
func stuckDeal(t *testing.T) spider.Deal {
	t.Helper()
	var pool []spider.Card
	for copy := 0; copy < 8; copy++ {
		for r := spider.King; r >= spider.Ace; r-- {
			pool = append(pool, spider.NewCard(r, spider.Spades))
		}
	}
	take := func(r spider.Rank) spider.Card {
		for i, c := range pool {
			if c.Rank() == r {
				pool = append(pool[:i], pool[i+1:]...)
				return c
			}
		}
		t.Fatalf("no %v left", r)
		return spider.NoCard
	}
	var d spider.Deal
	for c := 0; c < 10; c++ {
		top := spider.Queen
		if c >= 8 {
			top = spider.Rank(2)
		}
		d.Tableau[c] = []spider.Card{take(top)}
	}
	for range 8 {
		d.Stock = append(d.Stock, take(spider.Ace))
	}
	d.Stock = append(d.Stock, take(spider.King), take(spider.King))
	for c := 0; c < 10; c++ {
		n := 8 // 9 under the first four, for 104 cards
		if c < 4 {
			n = 9
		}
		down := append([]spider.Card(nil), pool[:n]...) // any cards: they stay face down
		pool = pool[n:]
		d.Tableau[c], d.FaceDown[c] = append(down, d.Tableau[c]...), n
	}
	return d
}

// TestBlockedSaid: a line game that the rules block (every top a Queen or
// a 2, then a deal of Aces and Kings, no undo) ends by saying so.
func TestBlockedSaid(t *testing.T) {
	d := stuckDeal(t)
	v := spider.Variant{Name: "no-undo", Rules: spider.Rules{Undo: spider.UndoRule{Off: true}}, Scoring: spider.ScoringMicrosoft()}
	g, err := spider.NewGame(d, v)
	if err != nil {
		t.Fatal(err)
	}
	m := &match{variant: v, board: spider.NewBoard(g), out: filepath.Join(t.TempDir(), "g.spider"), start: time.Now(), last: time.Now()}
	var out strings.Builder
	if err := m.lines(strings.NewReader("d\nu\n"), &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Blocked (no move, deal or undo is left) after ") {
		t.Errorf("the blocked game does not say so:\n%s", out.String())
	}
}

// TestClockStops: the game's time stops at its last action once it is
// over, however long the summary stays on the screen.
func TestClockStops(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	m := &match{variant: spider.MustVariant(spider.VariantApp)}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	m.start = time.Now().Add(-time.Hour)
	if err := m.push(m.start.Add(2*time.Second), spider.Resign); err != nil {
		t.Fatal(err)
	}
	if got := m.elapsed(); got != 2*time.Second {
		t.Errorf("resigned at 2s, an hour ago: time %s", got)
	}
}

// TestCapitals: the screen's help names the command keys the rules allow.
func TestCapitals(t *testing.T) {
	for _, tc := range []struct {
		variant, want string
	}{
		{spider.VariantApp, "D deal  U undo  N new deal  X resign  Q quit"},
		{spider.VariantGratuit, "D deal  U undo  H hint  N new deal  X resign  Q quit"},
	} {
		m := &match{variant: spider.MustVariant(tc.variant)}
		if got := m.capitals(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.variant, got, tc.want)
		}
	}
}

// errFull is what failingWriter's writes return.
var errFull = errors.New("no space left on the device")

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errFull }

// TestMessagesFail: a line-by-line game whose messages cannot be written
// is played to the end of its input all the same, and its record written;
// then the failure is returned.
func TestMessagesFail(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	out := filepath.Join(t.TempDir(), "g.spider")
	m := &match{variant: spider.MustVariant(spider.VariantGratuit), out: out}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	if err := m.lines(strings.NewReader("d>f\nd\n"), failingWriter{}, failingWriter{}); !errors.Is(err, errFull) {
		t.Fatalf("the game returned %v, want the messages' error", err)
	}
	rec, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`d>f@\d+ d@\d+`).Match(rec) {
		t.Errorf("the record does not hold the actions played:\n%s", rec)
	}
}

// TestDuelClock: the status line counts the duel's time down, and an
// action after the limit is not played: the game ends at the limit, out
// of time, and the summary says so.
func TestDuelClock(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	v := spider.MustVariant(spider.VariantDuel)
	v.Rules.TimeLimitMs = 10_000
	m := &match{variant: v}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	start := m.last
	if err := m.push(start.Add(4*time.Second), spider.MustAction("d>f")); err != nil {
		t.Fatal(err)
	}
	if left, _ := m.board.Game().TimeLeft(); left != 6_000 || !strings.Contains(m.status(), "time left") {
		t.Errorf("after 4 s: %d ms left, status %q", left, m.status())
	}
	if err := m.push(start.Add(20*time.Second), spider.MustAction("e>a")); err != nil {
		t.Fatal(err)
	}
	if m.board.Outcome() != spider.TimeUp || m.board.Game().Elapsed() != 10_000 || !strings.HasPrefix(m.summary(), "Out of time after") {
		t.Errorf("past the limit: %s, %d ms, %q", m.board.Outcome(), m.board.Game().Elapsed(), m.summary())
	}
	if log := m.board.Log(); log[len(log)-1] != spider.Resign || len(log) != 2 {
		t.Errorf("the log %v: the late action was played", log)
	}
}
