package lklynet

import (
	"errors"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// Verdict has exactly the shape of lklynet's own replayGame result:
// {"valid":true,"summary":{...}} or {"valid":false,"reason":"invalid_move"}.
type Verdict struct {
	Valid   bool     `json:"valid"`
	Summary *Summary `json:"summary,omitempty"`
	Reason  string   `json:"reason,omitempty"`
}

// Summary is lklynet's summary of a valid game, in its key order.
type Summary struct {
	IsWin           bool `json:"isWin"`
	HintCount       int  `json:"hintCount"`
	UndoCount       int  `json:"undoCount"`
	MoveCount       int  `json:"moveCount"`
	DealCount       int  `json:"dealCount"`
	FinalScore      int  `json:"finalScore"`
	FoundationCount int  `json:"foundationCount"`
}

// Replay replays a log under lklynet's rules (spider.VariantLklynet) and
// returns lklynet's verdict, as its replayGame would give it, and the
// project's own report: for an invalid log, Report.Illegal names the first
// rejected event (its index in the log) and why.
func Replay(log *Log) (Verdict, *replay.Report) {
	return replayLog(log, new(memory))
}

// memory is what a Judge reuses from log to log.
type memory struct {
	x       spider.Session
	variant spider.Variant // the lklynet preset, once looked up
	undone  []bool
	stack   []int
}

// replayLog is Replay on memory m.
func replayLog(log *Log, m *memory) (Verdict, *replay.Report) {
	if m.variant.Name == "" {
		m.variant = spider.MustVariant(spider.VariantLklynet)
	}
	rep := &replay.Report{Actions: len(log.Events)}
	x := &m.x
	if err := x.Restart(Deal(log.Seed), m.variant); err != nil { // cannot happen: lklynet deals are valid
		rep.Verdict, rep.Err = replay.Malformed, err
		return Verdict{Reason: "invalid_deal"}, rep
	}
	undone := m.undoneBy(log.Events)
	verdict := Verdict{Valid: true}
	for i, e := range log.Events {
		a, err := Action(x, e)
		switch {
		case err != nil:
		case undone[i] || a == spider.Undo:
			err = x.Apply(a)
		default:
			err = x.ApplyFinal(a)
		}
		if err != nil {
			rep.Verdict = replay.Illegal
			rep.Illegal = &replay.ActionError{Index: i, Action: a, Err: err}
			verdict = Verdict{Reason: "invalid_" + e.Type}
			if errors.Is(err, ErrCardIndex) {
				verdict.Reason = "invalid_move"
			}
			break
		}
		rep.Result.Applied++
	}
	p, c := x.Position(), x.Counters()
	rep.Result = replay.Result{Score: x.Score(), Moves: c.Moves, Runs: p.Runs(), RunSuits: p.RunSuits(),
		Outcome: x.Outcome(), Counters: c, Applied: rep.Result.Applied}
	if verdict.Valid {
		verdict.Summary = &Summary{
			IsWin: rep.Result.Outcome == spider.Won, HintCount: c.Hints, UndoCount: c.Undos, MoveCount: c.Moves,
			DealCount: c.Deals, FinalScore: rep.Result.Score, FoundationCount: p.Runs(),
		}
	}
	return verdict, rep
}

// undoneBy marks the events an undo of the log takes back, following the
// history stack as lklynet does (it stops at the first invalid event, so
// later marks never matter): only those need undo history.
func (m *memory) undoneBy(events []Event) []bool {
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

// Judgement is what a Judge finds in one line of lklynet logs: lklynet's
// own answer, and the project's. They are separate: lklynet reads JSON as
// JavaScript does, loosely, and judges logs the project refuses as
// malformed (a pile index of 12 is an invalid move to lklynet, a malformed
// event to the project).
type Judgement struct {
	// Verdict is what lklynet's replayGame returns; nil when it throws or
	// the line is not JSON.
	Verdict *Verdict
	// Throws is the exception replayGame throws instead; nil otherwise.
	Throws *Throw
	// Report is the project's report on a log it can read; nil when Err
	// says why it cannot.
	Report *replay.Report
	// Err is why the project finds the log malformed (an error that
	// matches codec.ErrFormat or codec.ErrTooLarge), or nil.
	Err error
}

// Judge judges lklynet logs, one JSON line at a time, reusing its memory
// from line to line. Logs in the plain shape lklynet writes take a fast
// path (ScanLog and the rules engine); any other JSON is read as
// JavaScript reads it and judged by a model of lklynet's own replay
// engine, which throws where lklynet throws. A Judge is for one goroutine
// at a time.
type Judge struct {
	c       *codec.Codec
	limits  codec.Limits
	maxSeed int
	log     Log
	m       memory
}

// NewJudge returns a judge that reads logs as ParseLog and ScanLog do with
// c: c's limits bound each line, and its lklynet program the seed.
func NewJudge(c *codec.Codec) *Judge {
	return &Judge{c: c, limits: c.Limits(), maxSeed: maxSeed(c)}
}

// Judge judges one line: one lklynet log, {"seed": ..., "events": [...]}.
func (j *Judge) Judge(line []byte) Judgement {
	if scanLog(&j.log, line, j.limits, j.maxSeed) {
		verdict, rep := replayLog(&j.log, &j.m)
		return Judgement{Verdict: &verdict, Report: rep}
	}
	var out Judgement
	if log, err := ParseLog(j.c, line); err != nil {
		out.Err = err
	} else {
		_, out.Report = replayLog(log, &j.m)
	}
	if len(line) > j.limits.MaxBytes {
		return out // too long to read at all
	}
	if val, err := parseJS(line); err == nil {
		verdict, throws := judgeJS(&val)
		if throws != nil {
			out.Throws = throws
		} else {
			out.Verdict = &verdict
		}
	}
	return out
}
