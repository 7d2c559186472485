package codec

import (
	"fmt"
	"time"
)

// workBudget is what reading an archive may still cost: work in actions
// (each record costs RecordWork, an explicit action one, an index-coded
// action one and RankWork a legal action its decoder ranks), in
// proportion to the bytes the archive holds (its records as they are
// stored, decompressed, but for the bytes of index-coded actions, which
// count as their decoder reads them, IndexByteWeight times) and within a
// cap, and wall time. It belongs to one ArchiveReader, and is not safe for
// concurrent use.
type workBudget struct {
	used     int64
	limit    int64     // Limits.MaxArchiveWork
	perByte  int64     // Limits.ArchiveWorkPerByte
	held     int64     // the bytes read so far, as the allowance counts them
	deadline time.Time // zero: no bound on time
}

// newWorkBudget is the budget of an archive read under l, nothing read
// yet.
func newWorkBudget(l Limits) *workBudget {
	l = l.withDefaults()
	b := &workBudget{limit: l.MaxArchiveWork, perByte: l.ArchiveWorkPerByte}
	if l.MaxArchiveTime > 0 {
		b.deadline = time.Now().Add(l.MaxArchiveTime)
	}
	return b
}

// hold counts n more bytes read (fewer when n is negative: bytes counted
// before that count otherwise, an index-coded body's).
func (b *workBudget) hold(n int64) { b.held += n }

// allowed is the most work reading may have cost by now.
func (b *workBudget) allowed() int64 {
	if b.perByte <= 0 || b.held >= (b.limit-ArchiveWorkBase)/b.perByte {
		return b.limit // and no product to overflow
	}
	return min(b.limit, ArchiveWorkBase+b.perByte*b.held)
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

// over is the error of a budget that cannot pay for what: ErrOverBudget.
func (b *workBudget) over(what string) error {
	return &FormatError{Msg: b.spent(what), Err: ErrOverBudget}
}

// spent says why the budget cannot pay for what.
func (b *workBudget) spent(what string) string {
	if b.perByte >= b.limit {
		return fmt.Sprintf("%s would take the archive's work over its budget of %d actions", what, b.limit)
	}
	return fmt.Sprintf("%s would take the archive's work over its budget of %d (%d actions, plus %d a byte of records read, a byte of index-coded actions counting %d times, at most %d)",
		what, b.allowed(), ArchiveWorkBase, b.perByte, IndexByteWeight, b.limit)
}

// late reports whether the budget's time is spent.
func (b *workBudget) late() bool { return !b.deadline.IsZero() && time.Now().After(b.deadline) }
