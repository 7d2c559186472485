package solve

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

// TestDeadlineWithoutTimer: a search stops at its context's deadline even
// when the context never says so (Err nil), within one clock reading's
// worth of positions, instead of running to its positions budget.
func TestDeadlineWithoutTimer(t *testing.T) {
	ctx := lateCtx{context.Background()}
	p, _ := spider.NumberPosition(1615, 4, spider.Rules{}) // no beam wins it in 5 M positions
	b := DefaultBudget()
	b.Positions = 5_000_000
	res := Solve(ctx, p, b)
	if res.Winnability != Unknown || res.Positions > 100_000 {
		t.Errorf("past its deadline, Solve answers %v after %d positions", res.Winnability, res.Positions)
	}
	if !expired(ctx) || expired(context.Background()) {
		t.Error("expired does not read the deadline")
	}
}
