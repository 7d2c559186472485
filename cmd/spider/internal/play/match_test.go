package play

import (
	"io"
	"path/filepath"
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
	v := spider.MustPreset(spider.PresetGratuit)
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
	m := &match{daily: true, variant: spider.MustPreset(spider.PresetApp), out: filepath.Join(t.TempDir(), "g.spider")}
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
	if err := s.newDeal(); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(s.draw(), "today's deal") {
		t.Errorf("the next deal is called today's:\n%s", s.draw())
	}
}
