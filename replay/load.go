package replay

import (
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// Resume turns a record back into the game it records: a Board at the
// record's last action, with the same position, score, counters, undo
// history and times as the game that wrote it, under the record's variant
// (its name included) and deal source (a game code stays a game code,
// another program's game keeps its name), so that its own record
// (codec.GameRecord) is the same record again. Every action is on the
// board's log, so Pop walks back through them.
//
// The report is the record's verification under the verifier's options.
// When the record cannot be replayed (Malformed, Rejected), the board is
// nil; when an action is illegal, the board stops before it (the report
// says which and why); a Disputed record (a claim that is false) resumes
// in full. Check rep.OK() before trusting the game.
func (v *Verifier) Resume(r *codec.Record) (*spider.Board, *Report) {
	rep := v.Verify(r)
	if !rep.Replayed() {
		return nil, rep
	}
	g, err := v.startGame(r)
	if err != nil { // Verify built the same deal: only a bug gets here
		return nil, &Report{Verdict: Malformed, Err: err, Actions: len(r.Actions)}
	}
	b := spider.NewBoard(g)
	for i, a := range r.Actions[:rep.Result.Applied] {
		if r.Times != nil {
			err = b.PushAt(a, r.Times[i])
		} else {
			err = b.Push(a)
		}
		if err != nil { // Verify replayed these: only a bug gets here
			return b, &Report{Verdict: Illegal, Illegal: &ActionError{Index: i, Action: a, Err: err}, Actions: len(r.Actions)}
		}
	}
	return b, rep
}

// ResumeBytes is Resume for a record in any form its codec knows, read
// as VerifyBytes reads it (the policy's size bound first, then
// codec.Codec.Decode): a record that cannot be read gives a nil board and
// its report, Rejected for its size or Malformed with the decoder's
// positioned error.
func (v *Verifier) ResumeBytes(name string, b []byte) (*spider.Board, *Report) {
	r := new(codec.Record)
	if rep := v.decodeInto(r, b); rep != nil {
		rep.Name = name
		return nil, rep
	}
	board, rep := v.Resume(r)
	rep.Name = name
	return board, rep
}

// startGame is the game a record starts from, with its variant's name and
// its deal's source.
func (v *Verifier) startGame(r *codec.Record) (spider.Game, error) {
	variant := spider.Variant{Name: r.Variant, Rules: r.Rules, Scoring: r.Scoring}
	if r.Deal.Kind == codec.DealCode {
		return r.Deal.Code.NewGame(variant)
	}
	c, err := v.codecFor()
	if err != nil {
		return spider.Game{}, err
	}
	deal, err := c.Deal(r.Deal) // another program's game, by the codec's programs
	if err != nil {
		return spider.Game{}, err
	}
	g, err := spider.NewGame(deal, variant)
	if err == nil && r.Deal.Kind == codec.DealProgram {
		g = g.WithDealName(spider.DealName{Program: r.Deal.Program, Game: r.Deal.Game, Suits: r.Deal.Suits})
	}
	return g, err
}
