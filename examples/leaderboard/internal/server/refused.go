package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// newRefusedID returns an opaque, unguessable submission id: "r-" and 24
// hex digits.
func newRefusedID() (string, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return "r-" + hex.EncodeToString(b[:]), nil
}

// keepRefused keeps a submission that accept refused (a 4xx answer) on a
// board that keeps them, and returns the answer with its submission id;
// any other answer it returns as it is. A store that fails to keep it is
// logged, and the answer goes out without an id.
func (s *Server) keepRefused(ctx context.Context, b *config.Board, code int, answer any, body []byte) any {
	e, isErr := answer.(map[string]apiError)
	if b.KeepRefusedFor() <= 0 || !isErr || code < 400 || code >= 500 {
		return answer
	}
	id, err := newRefusedID()
	if err == nil {
		now := s.cfg.Now()
		err = s.store.KeepRefused(ctx, store.Refused{ID: id, Board: b.Name, Reason: e["error"].Kind + ": " + e["error"].Message,
			Body: body, RefusedMs: now.UnixMilli(), ExpiresMs: now.Add(b.KeepRefusedFor()).UnixMilli()})
	}
	if err != nil {
		s.cfg.Log.Error("keeping a refused submission", "err", err.Error())
		return answer
	}
	return map[string]any{"error": e["error"], "submission": id}
}
