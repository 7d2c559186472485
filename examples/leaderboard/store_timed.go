package main

import (
	"context"
	"time"
)

// timedStore is a Store whose calls the server makes are timed into the
// metrics' database histogram, by operation. Calls it does not time go to
// the Store underneath as they are.
type timedStore struct {
	Store
	m *metrics
}

// Add times the store's Add ("add").
func (t timedStore) Add(ctx context.Context, s *Submission) (Entry, error) {
	defer t.m.observeDB("add", time.Now())
	return t.Store.Add(ctx, s)
}

// Ranking times the store's Ranking ("ranking").
func (t timedStore) Ranking(ctx context.Context, board, key string, after Cursor, limit int) ([]Entry, error) {
	defer t.m.observeDB("ranking", time.Now())
	return t.Store.Ranking(ctx, board, key, after, limit)
}

// ResolveKey times the store's ResolveKey ("resolve-key").
func (t timedStore) ResolveKey(ctx context.Context, board, key string) (string, error) {
	defer t.m.observeDB("resolve-key", time.Now())
	return t.Store.ResolveKey(ctx, board, key)
}

// Player times the store's Player ("player").
func (t timedStore) Player(ctx context.Context, key string, before int64, limit int) ([]Entry, error) {
	defer t.m.observeDB("player", time.Now())
	return t.Store.Player(ctx, key, before, limit)
}

// Record times the store's Record ("record").
func (t timedStore) Record(ctx context.Context, id int64) (Entry, []byte, error) {
	defer t.m.observeDB("record", time.Now())
	return t.Store.Record(ctx, id)
}

// RegisterPlayer times the store's RegisterPlayer ("register-player").
func (t timedStore) RegisterPlayer(ctx context.Context, p Registered) error {
	defer t.m.observeDB("register-player", time.Now())
	return t.Store.RegisterPlayer(ctx, p)
}

// Registered times the store's Registered ("registered").
func (t timedStore) Registered(ctx context.Context, skeleton string) (Registered, error) {
	defer t.m.observeDB("registered", time.Now())
	return t.Store.Registered(ctx, skeleton)
}

// RotateToken times the store's RotateToken ("rotate-token").
func (t timedStore) RotateToken(ctx context.Context, skeleton, old, hash string) error {
	defer t.m.observeDB("rotate-token", time.Now())
	return t.Store.RotateToken(ctx, skeleton, old, hash)
}

// Ping times the store's Ping ("ping").
func (t timedStore) Ping(ctx context.Context) error {
	defer t.m.observeDB("ping", time.Now())
	return t.Store.Ping(ctx)
}
