package codec

import (
	"fmt"
	"time"
)

// workBudget is what reading an archive may still cost: work in actions
// (each record costs RecordWork, and one an action), in proportion to the
// bytes the archive holds (its records as they are stored, decompressed)
// and within a cap, and wall time. It belongs to one ArchiveReader, and is
// not safe for concurrent use.
type workBudget struct {
	used     int64
	limit    int64     // Limits.MaxArchiveWork
	perByte  int64     // Limits.ArchiveWorkPerByte
	held     *int64    // the bytes of records read so far; nil: only the cap
	deadline time.Time // zero: no bound on time
}

// newWorkBudget is the budget of an archive read under l, held counting
// the bytes of its records read so far (nil: no allowance in proportion
// to bytes, only the cap).
func newWorkBudget(l Limits, held *int64) *workBudget {
	l = l.withDefaults()
	b := &workBudget{limit: l.MaxArchiveWork, perByte: l.ArchiveWorkPerByte, held: held}
	if l.MaxArchiveTime > 0 {
		b.deadline = time.Now().Add(l.MaxArchiveTime)
	}
	return b
}

// allowed is the most work reading may have cost by now.
func (b *workBudget) allowed() int64 {
	if b.held == nil || b.perByte <= 0 || *b.held >= (b.limit-ArchiveWorkBase)/b.perByte {
		return b.limit // and no product to overflow
	}
	return min(b.limit, ArchiveWorkBase+b.perByte**b.held)
}

// spend takes cost units of work from the budget, or reports false
// (taking nothing) when less than that is left.
func (b *workBudget) spend(cost int64) bool {
	if b.used+cost > b.allowed() {
		return false
	}
	b.used += cost
	return true
}

// charge takes the cost of a record's n actions from the budget, or fails
// with ErrOverBudget.
func (b *workBudget) charge(n int) error {
	if !b.spend(int64(n)) {
		return &FormatError{Msg: b.spent(fmt.Sprintf("%d more actions", n)), Err: ErrOverBudget}
	}
	return nil
}

// spent says why the budget cannot pay for what.
func (b *workBudget) spent(what string) string {
	if b.held == nil || b.perByte >= b.limit {
		return fmt.Sprintf("%s would take the archive's work over its budget of %d actions", what, b.limit)
	}
	return fmt.Sprintf("%s would take the archive's work over its budget of %d (%d actions, plus %d a byte of records read, at most %d)",
		what, b.allowed(), ArchiveWorkBase, b.perByte, b.limit)
}

// late reports whether the budget's time is spent.
func (b *workBudget) late() bool { return !b.deadline.IsZero() && time.Now().After(b.deadline) }
