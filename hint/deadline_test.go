package hint

import (
	"context"
	"testing"
	"time"

	"github.com/spiderkit/spider"
)

// lateCtx is a context past its deadline whose timer never fired, as in a
// call from JavaScript into a WebAssembly export: Err is nil, Done never
// closes, only Deadline tells.
type lateCtx struct{ context.Context }

func (lateCtx) Deadline() (time.Time, bool) { return time.Now().Add(-time.Millisecond), true }
func (lateCtx) Err() error                  { return nil }
func (lateCtx) Done() <-chan struct{}       { return nil }

// TestDeadlineWithoutTimer: past a deadline its context never reports
// (Err nil), the advice still answers an action, from the lookahead,
// instead of weighing to its positions budget.
func TestDeadlineWithoutTimer(t *testing.T) {
	ctx := lateCtx{context.Background()}
	if !expired(ctx) || expired(context.Background()) {
		t.Error("expired does not read the deadline")
	}
	// The first call on a 4-suit deal weighs several options.
	q, _ := spider.NumberPosition(3000, 4, spider.Rules{})
	start := time.Now()
	a := Advise(ctx, q, Options{})
	if took := time.Since(start); took > 2*time.Second || a.Action == spider.NoAction {
		t.Errorf("past its deadline, the advice took %v and answers %v", took, a.Action)
	}
}
