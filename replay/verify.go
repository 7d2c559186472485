package replay

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// Options configure a Verifier. The zero value checks everything the rules
// and claims say; a host's limits (the fastest action, the most actions)
// are its Policy's.
type Options struct {
	// Codec decodes records given as bytes, and deals a record that names
	// another program's game with its programs (codec.WithPrograms); nil:
	// the standard codec (NewCodec: every form and program the SDK knows,
	// lklynet's log and seeds included), built on first use.
	Codec *codec.Codec
	// Policy is what the host requires of every record; a record that fails
	// it is Rejected before it is replayed. The zero Policy requires nothing.
	Policy Policy
}

// Verifier replays records and audits their claims. Its zero value is
// ready to use; it is safe for concurrent use.
type Verifier struct {
	Options
}

// ErrNoDeal: the record's deal cannot be built (wrapped in Report.Err).
var ErrNoDeal = spider.NewError("no-deal", "the deal cannot be built")

// New returns a Verifier with the given options.
func New(opts Options) *Verifier { return &Verifier{Options: opts} }

// start builds a record's starting position under its rules; another
// program's game is dealt by the Verifier's codec.
func (v *Verifier) start(d codec.DealSource, r spider.Rules) (spider.Position, error) {
	var p spider.Position
	var err error
	switch d.Kind {
	case codec.DealCode:
		p, err = d.Code.Position(r) // the shortcut: no Deal in between
	case codec.DealProgram:
		var c *codec.Codec
		var deal spider.Deal
		if c, err = v.codecFor(); err == nil {
			if deal, err = c.Deal(d); err == nil {
				p, err = spider.NewPosition(deal, r)
			}
		}
	default:
		var deal spider.Deal
		if deal, err = d.Deal(); err == nil {
			p, err = spider.NewPosition(deal, r)
		}
	}
	if err != nil && !errors.Is(err, ErrNoDeal) {
		err = fmt.Errorf("%w: %w", ErrNoDeal, err)
	}
	return p, err
}

// Verify replays record r and returns the report.
func (v *Verifier) Verify(r *codec.Record) *Report { return v.verify(r, new(worker)) }

// worker is the memory one goroutine reuses from record to record: the
// session it replays on and the record binary forms are decoded into.
type worker struct {
	x spider.Session
	r codec.Record
}

// verify replays r on session x, whose memory it reuses.
func (v *Verifier) verify(r *codec.Record, w *worker) *Report {
	x := &w.x
	rep := &Report{Actions: len(r.Actions)}
	if rej := v.Policy.Check(r); rej != nil {
		rep.Verdict, rep.Rejection = Rejected, rej
		return rep
	}
	p, err := v.start(r.Deal, r.Rules)
	if err != nil {
		rep.Verdict, rep.Err = Malformed, err
		return rep
	}
	x.Start(p, r.Scoring)
	undos, hints := 0, 0
	for _, a := range r.Actions {
		switch a {
		case spider.Undo:
			undos++
		case spider.Hint:
			hints++
		}
	}
	if undos == 0 {
		x.ForgetHistory()
	}
	var i int
	if r.Times != nil {
		i, err = x.ReplayAt(r.Actions, r.Times) // the engine's clock judges the times
	} else {
		i, err = x.Replay(r.Actions)
	}
	rep.Result.Applied = i
	switch {
	case err == nil:
	case errors.Is(err, spider.ErrGameOver):
		rep.Findings = append(rep.Findings, Finding{Kind: ActionsAfterEnd, Failure: true, Index: i,
			Message: fmt.Sprintf("%d actions after the game was %s, from action %d", len(r.Actions)-i, x.Outcome(), i+1)})
	default:
		rep.Illegal = &ActionError{Index: i, Action: r.Actions[i], Err: err}
	}
	p = x.Position()
	res := &rep.Result
	res.Score, res.Counters, res.Outcome = x.Score(), x.Counters(), x.Outcome()
	res.Moves, res.Runs, res.RunSuits = res.Counters.Moves, p.Runs(), p.RunSuits()
	for _, t := range r.Times {
		res.TimeMs += int64(t)
	}
	if rep.Illegal != nil {
		rep.Verdict = Illegal
		return rep
	}
	v.audit(r, rep, undos, hints)
	rep.Verdict = Verified
	for _, f := range rep.Findings {
		if f.Failure {
			rep.Verdict = Disputed
		}
	}
	if len(rep.Mismatches) > 0 {
		rep.Verdict = Disputed
	}
	if rej := v.Policy.CheckOutcome(res.Outcome, false); rej != nil && rep.Verdict == Verified {
		rep.Verdict, rep.Rejection = Rejected, rej // the one requirement the replay tells
	}
	return rep
}

// audit compares the claims with the result and runs the policy checks.
func (v *Verifier) audit(r *codec.Record, rep *Report, undos, hints int) {
	res, c := &rep.Result, r.Claims
	claim := func(field string, claimed *int, actual int) {
		if claimed != nil && *claimed != actual {
			rep.Mismatches = append(rep.Mismatches, Mismatch{field, strconv.Itoa(*claimed), strconv.Itoa(actual)})
		}
	}
	claim("score", c.Score, res.Score)
	claim("moves", c.Moves, res.Moves)
	claim("runs", c.Runs, res.Runs)
	if c.Result != nil && *c.Result != res.Outcome {
		rep.Mismatches = append(rep.Mismatches, Mismatch{"result", c.Result.String(), res.Outcome.String()})
	}
	if c.Time != nil && r.Times != nil && *c.Time < res.TimeMs {
		rep.Findings = append(rep.Findings, Finding{Kind: TimeTooShort, Failure: true, Index: -1,
			Message: fmt.Sprintf("claims %d ms in all, shorter than the %d ms its actions took", *c.Time, res.TimeMs)})
	}
	if undos > 0 {
		rep.Findings = append(rep.Findings, Finding{Kind: UndoUsed, Index: index(r.Actions, spider.Undo),
			Message: fmt.Sprintf("%s, each scored %d", count(undos, "undo"), r.Scoring.Undo)})
	}
	if hints > 0 {
		rep.Findings = append(rep.Findings, Finding{Kind: HintUsed, Index: index(r.Actions, spider.Hint),
			Message: fmt.Sprintf("%s, each scored %d", count(hints, "hint"), r.Scoring.Hint)})
	}
}

// count writes n things: "1 hint", "3 hints".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func index(actions []spider.Action, a spider.Action) int {
	for i, b := range actions {
		if a == b {
			return i
		}
	}
	return -1
}

// codecFor returns the codec for bytes, building the default on first use.
func (v *Verifier) codecFor() (*codec.Codec, error) {
	if v.Codec != nil {
		return v.Codec, nil
	}
	return defaultCodec()
}

// VerifyBytes decodes a record in any form its codec knows (codec.Codec.Decode) and verifies it; a record that
// cannot be decoded is reported Malformed with the decoder's positioned
// error.
func (v *Verifier) VerifyBytes(name string, b []byte) *Report {
	rep := v.verifyBytes(b, new(worker))
	rep.Name = name
	return rep
}

func (v *Verifier) verifyBytes(b []byte, w *worker) *Report {
	r := &w.r // the report keeps nothing of r
	if rep := v.decodeInto(r, b); rep != nil {
		return rep
	}
	return v.verify(r, w)
}

// decodeInto reads the bytes of one record into r with the verifier's
// codec (codec.Codec.DecodeInto), once the policy allows their size
// (Policy.CheckSize): nil, or the report of a record that cannot be read,
// Rejected for its size or Malformed with the decoder's positioned error.
func (v *Verifier) decodeInto(r *codec.Record, b []byte) *Report {
	c, err := v.codecFor()
	if err != nil {
		return &Report{Verdict: Malformed, Err: err}
	}
	if rej := v.Policy.CheckSize(len(b)); rej != nil {
		return &Report{Verdict: Rejected, Rejection: rej}
	}
	if err := c.DecodeInto(r, b); err != nil {
		return &Report{Verdict: Malformed, Err: err}
	}
	return nil
}
