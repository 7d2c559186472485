package play

import (
	"slices"
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
