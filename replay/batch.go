package replay

import (
	"context"
	"iter"
	"runtime"
	"sync"

	"github.com/spiderkit/spider/codec"
)

// Input is one record to verify in a batch: its bytes in any form, or a
// record already decoded, or the error that kept it from being read, as
// codec.Codec.Records yields them.
type Input = codec.Entry

// Summary counts the verdicts of a batch.
type Summary struct {
	Records   int `json:"records"`
	Verified  int `json:"verified"`
	Disputed  int `json:"disputed"`
	Illegal   int `json:"illegal"`
	Malformed int `json:"malformed"`
	Rejected  int `json:"rejected"`
	// RejectedBy counts rejected records by the policy's requirement.
	RejectedBy map[RejectionKind]int `json:"rejectedBy,omitempty"`
	// IllegalBy counts illegal records by the rules engine's reason.
	IllegalBy map[string]int `json:"illegalBy,omitempty"`
	// Actions counts the actions replayed.
	Actions int `json:"actions"`
}

// Add counts one report.
func (s *Summary) Add(r *Report) {
	s.Records++
	s.Actions += r.Result.Applied
	switch r.Verdict {
	case Verified:
		s.Verified++
	case Disputed:
		s.Disputed++
	case Illegal:
		s.Illegal++
		if s.IllegalBy == nil {
			s.IllegalBy = map[string]int{}
		}
		s.IllegalBy[r.Illegal.Err.Error()]++
	case Malformed:
		s.Malformed++
	case Rejected:
		s.Rejected++
		if s.RejectedBy == nil {
			s.RejectedBy = map[RejectionKind]int{}
		}
		s.RejectedBy[r.Rejection.Kind]++
	}
}

// OK reports whether every record verified.
func (s *Summary) OK() bool { return s.Verified == s.Records }

// batchSize is how many inputs go to a worker at once: enough to make the
// hand-over cheap against the replay, few enough to keep memory small.
const batchSize = 16

// Stream verifies the inputs on workers goroutines (0: one per CPU) and
// hands each report to emit in input order. At most a few batches of
// records per worker are in memory at once, whatever the number of inputs.
// It stops at the first error emit returns, or when ctx is done, and
// returns that error with the summary of the reports emitted.
func (v *Verifier) Stream(ctx context.Context, workers int, inputs iter.Seq[Input], emit func(*Report) error) (Summary, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	pending := make(chan chan []*Report, 2*workers) // bounds what is in flight
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v.work(jobs)
		}()
	}
	go feed(ctx, inputs, jobs, pending)
	sum, err := collect(ctx, pending, emit, cancel)
	cancel()
	wg.Wait()
	if err == nil {
		err = parent.Err()
	}
	return sum, err
}

// job is one batch of inputs and where its reports go.
type job struct {
	in  []Input
	out chan []*Report
}

// work verifies the batches of jobs until it is closed, with one worker's
// memory reused across its records.
func (v *Verifier) work(jobs <-chan job) {
	x := new(worker)
	for j := range jobs {
		reps := make([]*Report, len(j.in))
		for i, in := range j.in {
			reps[i] = v.verifyInput(in, x)
		}
		j.out <- reps
	}
}

// feed cuts the inputs into batches for the workers, each batch's answer
// channel queued in pending first so that reports come out in input order;
// it closes both channels when the inputs end or ctx is done.
func feed(ctx context.Context, inputs iter.Seq[Input], jobs chan<- job, pending chan<- chan []*Report) {
	defer close(pending)
	defer close(jobs)
	send := func(batch []Input) bool {
		out := make(chan []*Report, 1)
		select {
		case pending <- out:
		case <-ctx.Done():
			return false
		}
		select {
		case jobs <- job{batch, out}:
			return true
		case <-ctx.Done():
			return false
		}
	}
	var batch []Input
	for in := range inputs {
		batch = append(batch, in)
		if len(batch) == batchSize {
			if !send(batch) {
				return
			}
			batch = nil
		}
	}
	if len(batch) > 0 {
		send(batch)
	}
}

// collect hands the reports to emit in input order and sums them up; at
// emit's first error it cancels the stream and drains what is left, so
// that the feeder can finish.
func collect(ctx context.Context, pending <-chan chan []*Report, emit func(*Report) error, cancel func()) (Summary, error) {
	var sum Summary
	var err error
	for out := range pending {
		var reps []*Report
		select {
		case reps = <-out:
		case <-ctx.Done():
		}
		for _, rep := range reps {
			if err != nil {
				break
			}
			sum.Add(rep)
			if err = emit(rep); err != nil {
				cancel()
			}
		}
	}
	return sum, err
}

// verifyInput verifies one batch input, with the worker's session.
func (v *Verifier) verifyInput(in Input, x *worker) *Report {
	var rep *Report
	switch {
	case in.Err != nil:
		rep = &Report{Verdict: Malformed, Err: in.Err}
	case in.Record != nil:
		rep = v.verify(in.Record, x)
	default:
		rep = v.verifyBytes(in.Data, x)
	}
	rep.Name = in.Name
	return rep
}
