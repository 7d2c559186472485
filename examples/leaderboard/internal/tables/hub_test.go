package tables

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/spiderkit/spider"
)

// fakeLoader is a store of one table of two seats for a hub.
type fakeLoader struct {
	reads atomic.Int64
	view  TableView
}

func (l *fakeLoader) load(_ context.Context, id int64, have [2]int) (TableView, [2][]Played, error) {
	l.reads.Add(1)
	v := l.view
	v.ID = id
	return v, [2][]Played{}, nil
}

// TestSlowWatcherHoldsNothing: a watcher that never reads holds up no
// update of its table, and nothing piles up for it: one signal pending,
// and the feed's actions the game's own.
func TestSlowWatcherHoldsNothing(t *testing.T) {
	l := &fakeLoader{view: TableView{Status: "full", Seats: []SeatView{{Seat: 0}, {Seat: 1}}}}
	h := NewHub(l.load, 8, 100)
	defer h.Close()
	slow, err := h.Watch("slow", 1)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	<-slow.C() // the feed is read
	const n = 100_000
	for i := range n {
		h.UpdateSeat(1, SeatView{Seat: 0, Status: SeatPlaying, Actions: i + 1}, i, []Played{{Action: spider.DealRow, Ms: 100, Score: i}}, int64(i))
	}
	if len(slow.C()) != 1 || cap(slow.C()) != 1 {
		t.Errorf("signals pending: %d (room for %d)", len(slow.C()), cap(slow.C()))
	}
	snap := slow.Read(0, n-1)
	if len(snap.Actions) != 1 || snap.Actions[0].Score != n-1 || snap.View.Seats[0].Actions != n {
		t.Errorf("the last action: %+v, seat %+v", snap.Actions, snap.View.Seats[0])
	}
}

// TestHubBounds: streams are bounded for one watcher and in all; a feed
// goes with its last watcher, and a table no one watches costs no read.
func TestHubBounds(t *testing.T) {
	l := &fakeLoader{view: TableView{Status: "open", Seats: []SeatView{{Seat: 0}}}}
	h := NewHub(l.load, 2, 3)
	defer h.Close()
	a1, _ := h.Watch("a", 1)
	a2, _ := h.Watch("a", 2)
	if _, err := h.Watch("a", 3); !errors.Is(err, ErrWatching) {
		t.Errorf("a third stream of one watcher: %v", err)
	}
	b1, _ := h.Watch("b", 1)
	if _, err := h.Watch("c", 1); !errors.Is(err, ErrWatchersFull) {
		t.Errorf("a fourth stream: %v", err)
	}
	if h.Watchers() != 3 {
		t.Errorf("%d watchers", h.Watchers())
	}
	for _, s := range []*Sub{a1, a2, b1, b1} {
		s.Close()
	}
	h.WaitWatchers(0)
	reads := l.reads.Load()
	h.UpdateSeat(1, SeatView{}, 0, nil, 0)
	h.Changed(1)
	if _, err := h.Watch("a", 1); err != nil {
		t.Errorf("a stream once the others closed: %v", err)
	}
	h.Close()
	if _, err := h.Watch("b", 1); !errors.Is(err, ErrClosed) {
		t.Errorf("a stream once closed: %v", err)
	}
	if got := l.reads.Load(); got < reads {
		t.Errorf("reads went back: %d then %d", reads, got)
	}
}

// TestViewNeverGoesBack: a read from the store older than the view an
// update of this instance gave is not taken.
func TestViewNeverGoesBack(t *testing.T) {
	newer := TableView{Status: "full", Seats: []SeatView{{Actions: 5, Status: SeatPlaying}, {Actions: 2, Status: SeatPlaying}}}
	older := TableView{Status: "full", Seats: []SeatView{{Actions: 4, Status: SeatPlaying}, {Actions: 2, Status: SeatPlaying}}}
	ended := TableView{Status: "ended", Result: &Result{}, Seats: []SeatView{{Actions: 5, Status: SeatEnded}, {Actions: 3, Status: SeatEnded}}}
	for _, tc := range []struct {
		desc string
		a, b TableView
		want bool
	}{
		{"fewer actions", older, newer, false},
		{"more actions", newer, older, true},
		{"the end", ended, newer, true},
		{"before the end", newer, ended, false},
		{"the same", newer, newer, true},
	} {
		if got := viewNewer(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: %v", tc.desc, got)
		}
	}
}
