package replay

import (
	"errors"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/deals"
)

// LklynetVerdict has exactly the shape of lklynet's own replayGame result:
// {"valid":true,"summary":{...}} or {"valid":false,"reason":"invalid_move"}.
type LklynetVerdict struct {
	Valid   bool            `json:"valid"`
	Summary *LklynetSummary `json:"summary,omitempty"`
	Reason  string          `json:"reason,omitempty"`
}

// LklynetSummary is lklynet's summary of a valid game, in its key order.
type LklynetSummary struct {
	IsWin           bool `json:"isWin"`
	HintCount       int  `json:"hintCount"`
	UndoCount       int  `json:"undoCount"`
	MoveCount       int  `json:"moveCount"`
	DealCount       int  `json:"dealCount"`
	FinalScore      int  `json:"finalScore"`
	FoundationCount int  `json:"foundationCount"`
}

// Lklynet replays an lklynet log under lklynet's rules (spider.PresetLklynet)
// and returns lklynet's verdict, as its replayGame would give it, and the
// project's own report: for an invalid log, Report.Illegal names the first
// rejected event (its index in the log) and why.
func (v *Verifier) Lklynet(log *codec.LklynetLog) (LklynetVerdict, *Report) {
	return v.lklynet(log, new(lklynetMemory))
}

// lklynetMemory is what lklynet reuses from log to log.
type lklynetMemory struct {
	x       spider.Session
	variant spider.Variant // the lklynet preset, once looked up
	undone  []bool
	stack   []int
}

// lklynet is Lklynet on memory m.
func (v *Verifier) lklynet(log *codec.LklynetLog, m *lklynetMemory) (LklynetVerdict, *Report) {
	if m.variant.Name == "" {
		m.variant = spider.MustPreset(spider.PresetLklynet)
	}
	rep := &Report{Actions: len(log.Events)}
	x := &m.x
	if err := x.Restart(deals.LklynetDeal(log.Seed), m.variant); err != nil { // cannot happen: lklynet deals are valid
		rep.Verdict, rep.Err = Malformed, err
		return LklynetVerdict{Reason: "invalid_deal"}, rep
	}
	undone := m.undoneBy(log.Events)
	verdict := LklynetVerdict{Valid: true}
	for i, e := range log.Events {
		a, err := codec.LklynetAction(x, e)
		switch {
		case err != nil:
		case undone[i] || a == spider.Undo:
			err = x.Apply(a)
		default:
			err = x.ApplyFinal(a)
		}
		if err != nil {
			rep.Verdict = Illegal
			rep.Illegal = &ActionError{Index: i, Action: a, Err: err}
			verdict = LklynetVerdict{Reason: "invalid_" + e.Type}
			if errors.Is(err, codec.ErrCardIndex) {
				verdict.Reason = "invalid_move"
			}
			break
		}
		rep.Result.Applied++
	}
	p, c := x.Position(), x.Counters()
	rep.Result = Result{Score: x.Score(), Moves: c.Moves, Runs: p.Runs(), RunSuits: p.RunSuits(),
		Outcome: x.Outcome(), Counters: c, Applied: rep.Result.Applied}
	if verdict.Valid {
		verdict.Summary = &LklynetSummary{
			IsWin: rep.Result.Outcome == spider.Won, HintCount: c.Hints, UndoCount: c.Undos, MoveCount: c.Moves,
			DealCount: c.Deals, FinalScore: rep.Result.Score, FoundationCount: p.Runs(),
		}
	}
	return verdict, rep
}

// undoneBy marks the events an undo of the log takes back, following the
// history stack as lklynet does (it stops at the first invalid event, so
// later marks never matter): only those need undo history.
func (m *lklynetMemory) undoneBy(events []codec.LklynetEvent) []bool {
	undone := append(m.undone[:0], make([]bool, len(events))...)
	stack := m.stack[:0]
	for i, e := range events {
		switch e.Type {
		case "undo":
			if len(stack) > 0 {
				undone[stack[len(stack)-1]] = true
				stack = stack[:len(stack)-1]
			}
		case "move", "deal":
			stack = append(stack, i)
		}
	}
	m.undone, m.stack = undone, stack
	return undone
}

// LklynetJudgement is what a LklynetJudge finds in one line of lklynet
// logs: lklynet's own answer, and the project's. They are separate: lklynet
// reads JSON as JavaScript does, loosely, and judges logs the project
// refuses as malformed (a pile index of 12 is an invalid move to lklynet,
// a malformed event to the project).
type LklynetJudgement struct {
	// Verdict is what lklynet's replayGame returns; nil when it throws or
	// the line is not JSON.
	Verdict *LklynetVerdict
	// Throws is the exception replayGame throws instead; nil otherwise.
	Throws *LklynetThrow
	// Report is the project's report on a log it can read; nil when Err
	// says why it cannot.
	Report *Report
	// Err is why the project finds the log malformed (a codec error that
	// matches codec.ErrFormat or codec.ErrTooLarge), or nil.
	Err error
}

// LklynetJudge judges lklynet logs, one JSON line at a time, reusing its
// memory from line to line. Logs in the plain shape lklynet writes take a
// fast path (codec.ScanLklynetLog and the rules engine); any other JSON is
// read as JavaScript reads it and judged by a model of lklynet's own
// replay engine, which throws where lklynet throws. A LklynetJudge is for
// one goroutine at a time.
type LklynetJudge struct {
	v   *Verifier
	c   *codec.Codec
	log codec.LklynetLog
	m   lklynetMemory
}

// NewLklynetJudge returns a judge that uses v's codec (and its limits).
func (v *Verifier) NewLklynetJudge() (*LklynetJudge, error) {
	c, err := v.codecFor()
	if err != nil {
		return nil, err
	}
	return &LklynetJudge{v: v, c: c}, nil
}

// Judge judges one line: one lklynet log, {"seed": ..., "events": [...]}.
func (j *LklynetJudge) Judge(line []byte) LklynetJudgement {
	if j.c.ScanLklynetLog(&j.log, line) {
		verdict, rep := j.v.lklynet(&j.log, &j.m)
		return LklynetJudgement{Verdict: &verdict, Report: rep}
	}
	var out LklynetJudgement
	if log, err := j.c.ParseLklynetLog(line); err != nil {
		out.Err = err
	} else {
		_, out.Report = j.v.lklynet(log, &j.m)
	}
	if len(line) > j.c.Limits().MaxBytes {
		return out // too long to read at all
	}
	if val, err := parseJS(line); err == nil {
		verdict, throws := lklynetJS(&val)
		if throws != nil {
			out.Throws = throws
		} else {
			out.Verdict = &verdict
		}
	}
	return out
}
