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
	variant, _ := spider.Preset(spider.PresetLklynet)
	rep := &Report{Actions: len(log.Events)}
	x, err := spider.NewSession(deals.LklynetDeal(log.Seed), variant)
	if err != nil { // cannot happen: lklynet deals are valid
		rep.Status, rep.Err = Malformed, err
		return LklynetVerdict{Reason: "invalid_deal"}, rep
	}
	verdict := LklynetVerdict{Valid: true}
	for i, e := range log.Events {
		a, err := codec.LklynetAction(x.Position(), e)
		if err == nil {
			err = x.Apply(a)
		}
		if err != nil {
			rep.Status = Illegal
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
		Outcome: x.Outcome(), Won: x.Outcome() == spider.Won, Counters: c, Applied: rep.Result.Applied}
	if verdict.Valid {
		verdict.Summary = &LklynetSummary{
			IsWin: rep.Result.Won, HintCount: c.Hints, UndoCount: c.Undos, MoveCount: c.Moves,
			DealCount: c.Deals, FinalScore: rep.Result.Score, FoundationCount: p.Runs(),
		}
	}
	return verdict, rep
}
