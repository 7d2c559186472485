package tables

import (
	"context"
	"errors"
	"sync"
)

// Loader reads a table as its watchers see it, and each seat's
// acknowledged actions from have[seat] on, from the store.
type Loader func(ctx context.Context, id int64, have [2]int) (TableView, [2][]Played, error)

// Hub holds the feeds of the tables watched on this instance: for each,
// the table's view and its seats' acknowledged actions, kept up to date by
// the plays of this instance (UpdateSeat) and by the store when another
// instance changed the table (Changed) or a change may have been missed
// (Lost). A watcher subscribes to a feed and is signalled when it
// changes; it reads what is new at its own pace, so that a slow watcher
// never holds up a game: the game's side only drops a signal in a
// channel of one, and a feed keeps the actions of its game (at most the
// policy's bound), not a queue per watcher. A feed is dropped with its
// last watcher. Safe for concurrent use.
type Hub struct {
	load        Loader
	perKey, max int
	ctx         context.Context
	cancel      context.CancelFunc

	mu    sync.Mutex
	moved *sync.Cond // on mu: total changed
	feeds map[int64]*feed
	keys  map[string]int
	total int
}

// Errors of Watch.
var (
	// ErrWatching: the watcher (a player, or an address) watches as many
	// streams as allowed.
	ErrWatching = errors.New("this watcher watches as many streams as allowed")
	// ErrWatchersFull: the service serves as many streams as allowed.
	ErrWatchersFull = errors.New("the service serves as many streams as it can")
	// ErrClosed: the hub is closed (the service is stopping).
	ErrClosed = errors.New("the service is stopping")
)

// NewHub returns a hub that reads feeds with load, with at most perKey
// streams for one watcher and max in all. Close it when done.
func NewHub(load Loader, perKey, max int) *Hub {
	ctx, cancel := context.WithCancel(context.Background())
	h := &Hub{load: load, perKey: perKey, max: max, ctx: ctx, cancel: cancel, feeds: map[int64]*feed{}, keys: map[string]int{}}
	h.moved = sync.NewCond(&h.mu)
	return h
}

// WaitWatchers waits until n streams are open.
func (h *Hub) WaitWatchers(n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for h.total != n {
		h.moved.Wait()
	}
}

// Close ends every stream (Done) and stops the feeds' reads.
func (h *Hub) Close() { h.cancel() }

// Done is closed once the hub is closed: every stream must end.
func (h *Hub) Done() <-chan struct{} { return h.ctx.Done() }

// Watchers is how many streams are open.
func (h *Hub) Watchers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.total
}

// feed is one watched table on this instance.
type feed struct {
	id    int64
	hub   *Hub
	refs  int           // the subscriptions (h.mu)
	dirty chan struct{} // a read from the store is due
	stop  chan struct{} // closed with the last subscription

	mu      sync.Mutex
	loaded  bool // read from the store once
	view    TableView
	actions [2][]Played
	version uint64
	subs    map[*Sub]bool
}

// Sub is one watcher's subscription to a table's feed.
type Sub struct {
	f    *feed
	key  string
	c    chan struct{}
	once sync.Once
}

// Watch subscribes watcher key (a player's skeleton, or an address) to
// table id's feed; the first signal comes once the feed is read. Close
// the Sub when done.
func (h *Hub) Watch(key string, id int64) (*Sub, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.ctx.Err() != nil:
		return nil, ErrClosed
	case h.keys[key] >= h.perKey:
		return nil, ErrWatching
	case h.total >= h.max:
		return nil, ErrWatchersFull
	}
	f := h.feeds[id]
	if f == nil {
		f = &feed{id: id, hub: h, dirty: make(chan struct{}, 1), stop: make(chan struct{}), subs: map[*Sub]bool{}}
		h.feeds[id] = f
		go f.run()
		f.kick()
	}
	f.refs++
	h.keys[key]++
	h.total++
	h.moved.Broadcast()
	s := &Sub{f: f, key: key, c: make(chan struct{}, 1)}
	f.mu.Lock()
	f.subs[s] = true
	if f.loaded {
		s.signal()
	}
	f.mu.Unlock()
	return s, nil
}

// C is signalled when the feed has changed since the last Read.
func (s *Sub) C() <-chan struct{} { return s.c }

// signal wakes the watcher, without waiting: a signal pending is enough.
func (s *Sub) signal() {
	select {
	case s.c <- struct{}{}:
	default:
	}
}

// Close ends the subscription; the feed goes with its last.
func (s *Sub) Close() {
	s.once.Do(func() {
		f, h := s.f, s.f.hub
		f.mu.Lock()
		delete(f.subs, s)
		f.mu.Unlock()
		h.mu.Lock()
		defer h.mu.Unlock()
		h.total--
		h.moved.Broadcast()
		if h.keys[s.key]--; h.keys[s.key] == 0 {
			delete(h.keys, s.key)
		}
		if f.refs--; f.refs == 0 {
			delete(h.feeds, f.id)
			close(f.stop)
		}
	})
}

// Snapshot is what a watcher reads of a feed.
type Snapshot struct {
	// Loaded: the feed has been read from the store; until then the rest
	// is empty.
	Loaded bool
	// View is the table's view, Version its version.
	View    TableView
	Version uint64
	// Actions are the seat's actions from the index asked on.
	Actions []Played
}

// Read returns the feed's view and seat's actions from index from on (no
// actions for a seat below 0). The actions are the feed's own, never
// changed: they may be read after the call.
func (s *Sub) Read(seat, from int) Snapshot {
	f := s.f
	f.mu.Lock()
	defer f.mu.Unlock()
	snap := Snapshot{Loaded: f.loaded, View: f.view, Version: f.version}
	snap.View.Seats = append([]SeatView(nil), f.view.Seats...)
	if seat >= 0 && seat < 2 && from < len(f.actions[seat]) {
		snap.Actions = f.actions[seat][from:len(f.actions[seat]):len(f.actions[seat])]
	}
	return snap
}

// UpdateSeat tells the hub of a seat changed on this instance, once
// stored: its view, and its actions added from index from on. A table no
// one watches here costs nothing.
func (h *Hub) UpdateSeat(id int64, sv SeatView, from int, added []Played, atMs int64) {
	h.mu.Lock()
	f := h.feeds[id]
	h.mu.Unlock()
	if f == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.loaded || sv.Seat < 0 || sv.Seat >= len(f.view.Seats) || sv.Seat > 1 {
		f.kick()
		return
	}
	if n := len(f.actions[sv.Seat]); from <= n && from+len(added) > n {
		f.actions[sv.Seat] = append(f.actions[sv.Seat], added[n-from:]...)
	} else if from > n {
		f.kick() // an update in between came from elsewhere
	}
	if seatNewer(sv, f.view.Seats[sv.Seat]) {
		f.view.Seats[sv.Seat] = sv
	}
	f.view.AtMs = max(f.view.AtMs, atMs)
	f.changed()
}

// Changed tells the hub that table id changed elsewhere (another
// instance, or a change of the table itself): its feed is read again.
func (h *Hub) Changed(id int64) {
	h.mu.Lock()
	f := h.feeds[id]
	h.mu.Unlock()
	if f != nil {
		f.kick()
	}
}

// Lost tells the hub that changes may have been missed: every feed is
// read again.
func (h *Hub) Lost() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, f := range h.feeds {
		f.kick()
	}
}

// kick asks the feed's reader for a read from the store.
func (f *feed) kick() {
	select {
	case f.dirty <- struct{}{}:
	default:
	}
}

// changed bumps the version and signals the watchers (f.mu held).
func (f *feed) changed() {
	f.version++
	for s := range f.subs {
		s.signal()
	}
}

// run reads the feed from the store when asked, until its last watcher
// goes or the hub closes.
func (f *feed) run() {
	for {
		select {
		case <-f.stop:
			return
		case <-f.hub.ctx.Done():
			return
		case <-f.dirty:
			f.refresh()
		}
	}
}

// refresh reads the feed from the store: the view, and the actions past
// those it holds. A view older than the one held (a read that began
// before an update of this instance) is not taken.
func (f *feed) refresh() {
	f.mu.Lock()
	have := [2]int{len(f.actions[0]), len(f.actions[1])}
	f.mu.Unlock()
	view, acts, err := f.hub.load(f.hub.ctx, f.id, have)
	if err != nil {
		return // the next change, or the watcher's next start, reads again
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for s := range 2 {
		if skip := len(f.actions[s]) - have[s]; skip < len(acts[s]) {
			f.actions[s] = append(f.actions[s], acts[s][skip:]...)
		}
	}
	if !f.loaded || viewNewer(view, f.view) {
		f.view = view
	} else {
		f.view.AtMs = max(f.view.AtMs, view.AtMs)
	}
	f.loaded = true
	f.changed()
}

// statusRank orders a table's statuses as they come.
var statusRank = map[string]int{"open": 0, "full": 1, "ended": 2}

// viewNewer reports whether view a is no older than b in any part: its
// status, its seats, their progress and the result.
func viewNewer(a, b TableView) bool {
	if statusRank[a.Status] < statusRank[b.Status] || len(a.Seats) < len(b.Seats) || a.Result == nil && b.Result != nil {
		return false
	}
	for i := range b.Seats {
		if !seatNewer(a.Seats[i], b.Seats[i]) {
			return false
		}
	}
	return true
}

// seatNewer reports whether seat view a is no older than b.
func seatNewer(a, b SeatView) bool {
	rank := map[string]int{SeatSeated: 0, SeatPlaying: 1, SeatEnded: 2}
	return a.Actions >= b.Actions && rank[a.Status] >= rank[b.Status]
}
