package store

import (
	"context"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
)

// Timed returns s with the calls the server makes timed: observe is told
// each one's operation ("add", "ranking", ...) and when it started, as it
// returns. Calls it does not time (KeepRefused, CountRecords, Records,
// Keys, Close) go to s as they are.
func Timed(s Store, observe func(op string, start time.Time)) Store {
	return timedStore{s, observe}
}

// timedStore is a Store whose calls are timed by operation (Timed).
type timedStore struct {
	Store
	observe func(op string, start time.Time)
}

// Add times the store's Add ("add").
func (t timedStore) Add(ctx context.Context, s *Submission) (Entry, error) {
	defer t.observe("add", time.Now())
	return t.Store.Add(ctx, s)
}

// Ranking times the store's Ranking ("ranking").
func (t timedStore) Ranking(ctx context.Context, board, key string, rank config.Rank, after Cursor, limit int) ([]Entry, error) {
	defer t.observe("ranking", time.Now())
	return t.Store.Ranking(ctx, board, key, rank, after, limit)
}

// ResolveKey times the store's ResolveKey ("resolve-key").
func (t timedStore) ResolveKey(ctx context.Context, board, key string) (string, error) {
	defer t.observe("resolve-key", time.Now())
	return t.Store.ResolveKey(ctx, board, key)
}

// Player times the store's Player ("player").
func (t timedStore) Player(ctx context.Context, key string, before int64, limit int) ([]Entry, error) {
	defer t.observe("player", time.Now())
	return t.Store.Player(ctx, key, before, limit)
}

// Record times the store's Record ("record").
func (t timedStore) Record(ctx context.Context, id int64) (Entry, []byte, error) {
	defer t.observe("record", time.Now())
	return t.Store.Record(ctx, id)
}

// RegisterPlayer times the store's RegisterPlayer ("register-player").
func (t timedStore) RegisterPlayer(ctx context.Context, p Registered) error {
	defer t.observe("register-player", time.Now())
	return t.Store.RegisterPlayer(ctx, p)
}

// Registered times the store's Registered ("registered").
func (t timedStore) Registered(ctx context.Context, skeleton string) (Registered, error) {
	defer t.observe("registered", time.Now())
	return t.Store.Registered(ctx, skeleton)
}

// RotateToken times the store's RotateToken ("rotate-token").
func (t timedStore) RotateToken(ctx context.Context, skeleton, old, hash string) error {
	defer t.observe("rotate-token", time.Now())
	return t.Store.RotateToken(ctx, skeleton, old, hash)
}

// Ready times the store's Ready ("ready").
func (t timedStore) Ready(ctx context.Context) error {
	defer t.observe("ready", time.Now())
	return t.Store.Ready(ctx)
}
