package judge

import (
	"errors"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/replay"
)

// Result has exactly the shape of lklynet's own replayGame result:
// {"valid":true,"summary":{...}} or {"valid":false,"reason":"invalid_move"}.
type Result struct {
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
func Replay(log *lklynet.Log) (Result, *replay.Report) {
	return replayLog(log, new(memory))
}

// memory is what a Judge reuses from log to log.
type memory struct {
	x       spider.Session
	variant spider.Variant // the lklynet variant, once looked up
	kinds   []spider.Kind
}

// replayLog is Replay on memory m: the engine's replay (Session.ReplayEach),
// each event's action read from the table as it stands (lklynet.Action).
// What is lklynet's own is here: its events, and its verdict's words.
func replayLog(log *lklynet.Log, m *memory) (Result, *replay.Report) {
	if m.variant.Name == "" {
		m.variant = spider.MustVariant(spider.VariantLklynet)
	}
	rep := &replay.Report{Actions: len(log.Events)}
	x := &m.x
	if err := x.Restart(lklynet.Deal(log.Seed), m.variant); err != nil { // cannot happen: lklynet deals are valid
		rep.Verdict, rep.Err = replay.Malformed, err
		return Result{Reason: "invalid_deal"}, rep
	}
	m.kinds = m.kinds[:0]
	for _, e := range log.Events {
		m.kinds = append(m.kinds, kindOf(e))
	}
	last := spider.NoAction
	applied, err := x.ReplayEach(m.kinds, func(i int) (spider.Action, error) {
		a, err := lklynet.Action(x, log.Events[i])
		last = a
		return a, err
	})
	verdict := Result{Valid: true}
	if err != nil {
		rep.Verdict = replay.Illegal
		rep.Illegal = &replay.ActionError{Index: applied, Action: last, Err: err}
		verdict = Result{Reason: "invalid_" + log.Events[applied].Type}
		if errors.Is(err, lklynet.ErrCardIndex) {
			verdict.Reason = "invalid_move"
		}
	}
	p, c := x.Position(), x.Counters()
	rep.Result = replay.Result{Score: x.Score(), Moves: c.Moves, Runs: p.Runs(), RunSuits: p.RunSuits(),
		Outcome: x.Outcome(), Counters: c, Applied: applied}
	if verdict.Valid {
		verdict.Summary = &Summary{
			IsWin: rep.Result.Outcome == spider.Won, HintCount: c.Hints, UndoCount: c.Undos, MoveCount: c.Moves,
			DealCount: c.Deals, FinalScore: rep.Result.Score, FoundationCount: p.Runs(),
		}
	}
	return verdict, rep
}

// kindOf is the kind of an event's action, which the engine's undo
// history needs before the action itself: an undo takes back the newest
// move or deal, and a hint goes on no history (as lklynet's own history
// stack has it).
func kindOf(e lklynet.Event) spider.Kind {
	switch e.Type {
	case "undo":
		return spider.KindUndo
	case "hint":
		return spider.KindHint
	case "deal":
		return spider.KindDeal
	}
	return spider.KindMove
}

// Judgement is what a Judge finds in one line of lklynet logs: lklynet's
// own answer, and the project's. They are separate: lklynet reads JSON as
// JavaScript does, loosely, and judges logs the project refuses as
// malformed (a pile index of 12 is an invalid move to lklynet, a malformed
// event to the project).
type Judgement struct {
	// Result is what lklynet's replayGame returns; nil when it throws or
	// the line is not JSON.
	Result *Result
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
	c   *codec.Codec
	log lklynet.Log
	m   memory
}

// New returns a judge that reads logs as lklynet.ParseLog and
// lklynet.ScanLog do with c: c's limits bound each line, and its lklynet
// program the seed.
func New(c *codec.Codec) *Judge { return &Judge{c: c} }

// Judge judges one line: one lklynet log, {"seed": ..., "events": [...]}.
func (j *Judge) Judge(line []byte) Judgement {
	if lklynet.ScanLog(j.c, &j.log, line) {
		verdict, rep := replayLog(&j.log, &j.m)
		return Judgement{Result: &verdict, Report: rep}
	}
	var out Judgement
	if log, err := lklynet.ParseLog(j.c, line); err != nil {
		out.Err = err
	} else {
		_, out.Report = replayLog(log, &j.m)
	}
	if len(line) > j.c.Limits().MaxBytes {
		return out // too long to read at all
	}
	if val, err := parseJS(line); err == nil {
		verdict, throws := judgeJS(&val)
		if throws != nil {
			out.Throws = throws
		} else {
			out.Result = &verdict
		}
	}
	return out
}
