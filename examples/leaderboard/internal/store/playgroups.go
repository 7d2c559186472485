package store

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
	"sync"
	"time"
)

// playGroups stores the tables' batches in groups: a batch that comes
// while a group is being written waits for the next, which takes every
// batch waiting then (up to maxGroup) in one transaction, so that one
// commit (one fsync, one round trip to begin and end) makes many batches
// durable at once; each batch is answered once its group has committed.
// A batch that finds fewer writers than groupWriters starts one, which
// writes the groups until none waits.
type playGroups struct {
	mu      sync.Mutex
	pending []*playRequest
	writers int // writing now
}

// playRequest is one batch waiting for its group.
type playRequest struct {
	p    Play
	done chan error // its answer, once its group is written
}

// maxGroup bounds the batches of one transaction.
const maxGroup = 200

// groupWriters is how many groups are written at once: one on SQLite,
// which writes one transaction at a time anyway; on PostgreSQL a few,
// since each statement of a group is a round trip to the server, and the
// server writes transactions side by side.
func (s *SQLStore) groupWriters() int {
	if s.writes != nil {
		return 1
	}
	return 4
}

// groupTimeout bounds the writing of one group: the batches of others
// wait on it, whoever's request it began with.
const groupTimeout = 10 * time.Second

// play stores p with the batches waiting at the same moment, and returns
// once it is durable (nil), found stale (ErrStale) or not stored. A
// caller whose ctx ends first gets ctx's error: its batch may still be
// stored, as an answer cut off would leave it.
func (g *playGroups) play(ctx context.Context, s *SQLStore, p Play) error {
	r := &playRequest{p: p, done: make(chan error, 1)}
	g.mu.Lock()
	g.pending = append(g.pending, r)
	lead := g.writers < s.groupWriters()
	if lead {
		g.writers++
	}
	g.mu.Unlock()
	if lead {
		// A writer of its own, not this request's: under a steady flow of
		// batches it goes on, and this request's answer must not wait.
		go g.write(s)
	}
	select {
	case err := <-r.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// write writes the waiting groups until none waits.
func (g *playGroups) write(s *SQLStore) {
	for {
		g.mu.Lock()
		n := min(len(g.pending), maxGroup)
		group := g.pending[:n:n]
		g.pending = g.pending[n:]
		if n == 0 {
			g.writers--
			if g.writers == 0 {
				g.pending = nil
			}
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		s.writeGroup(group)
	}
}

// writeGroup writes one group in one transaction, the seats in order (two
// instances' groups take the rows they share in the same order). When the
// transaction fails, each batch is written alone, so that one batch's
// error is its own.
func (s *SQLStore) writeGroup(group []*playRequest) {
	ctx, cancel := context.WithTimeout(context.Background(), groupTimeout)
	defer cancel()
	slices.SortFunc(group, func(a, b *playRequest) int {
		return cmp.Or(cmp.Compare(a.p.Table, b.p.Table), cmp.Compare(a.p.Seat, b.p.Seat))
	})
	stale := make([]bool, len(group))
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		changed := map[int64]bool{}
		for i, r := range group {
			var err error
			if stale[i], err = s.playIn(ctx, tx, r.p); err != nil {
				return err
			}
			changed[r.p.Table] = changed[r.p.Table] || !stale[i]
		}
		// One notice a table changed, however many of its batches.
		for id, ok := range changed {
			if ok {
				if err := s.notifyTable(ctx, tx, id); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil && len(group) > 1 {
		for _, r := range group {
			s.writeGroup([]*playRequest{r})
		}
		return
	}
	for i, r := range group {
		switch {
		case err != nil:
			r.done <- wrap(err)
		case stale[i]:
			r.done <- ErrStale
		default:
			r.done <- nil
		}
	}
}
