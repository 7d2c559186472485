package replay

import (
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// Duel is the verdict on two records of a duel (the duel game): both players
// get the same deal, and the higher score on the duel scheme wins.
type Duel struct {
	// SameDeal and SameRules say whether the two records are a fair pair.
	SameDeal  bool `json:"sameDeal"`
	SameRules bool `json:"sameRules"`
	// Scores are the recomputed scores on the duel scheme (spider.ScoringDuel),
	// whatever scheme the records name.
	Scores [2]int `json:"scores"`
	// Winner is 0 or 1 for the first or second record, -1 for a tie or when
	// the pair is not fair or a record does not verify.
	Winner int `json:"winner"`
	// Reports are the two records' own reports (under their own scoring).
	Reports [2]*Report `json:"reports,omitzero"`
	// Why says the verdict in words: who scored what, or why there is no
	// winner (a record that does not verify, another deal or other rules,
	// a tie).
	Why string `json:"why"`
}

// Fair reports whether the two records are a fair duel, whoever won: the
// same deal and rules, both records verified (false for a Duel whose
// reports were dropped).
func (d Duel) Fair() bool {
	return d.SameDeal && d.SameRules && d.Reports[0] != nil && d.Reports[1] != nil && d.Reports[0].OK() && d.Reports[1].OK()
}

// Duel verifies the two records of a duel and says who won, and why.
// Both are judged under one policy, the Verifier's, and both must meet it;
// under rules with a clock (the duel variant's 15 minutes) each must also
// time every action, since the clock cannot judge an untimed record, which
// would otherwise play on past the time that stopped the other. The deals
// are the same when they lay out the same cards (codec.Codec.CardsKey:
// "kpat 0123" and "kpat 123", a game code and the position it deals, are
// one deal).
func (v *Verifier) Duel(a, b *codec.Record) Duel {
	d := Duel{Winner: -1}
	c, err := v.codecFor()
	if err != nil {
		d.Why = err.Error()
		return d
	}
	d.SameDeal = c.CardsKey(a) == c.CardsKey(b)
	d.SameRules = a.Rules == b.Rules
	plain := New(Options{Codec: c}) // the duel's scoring is no policy's business
	for i, r := range []*codec.Record{a, b} {
		d.Reports[i] = v.Verify(r)
		if rej := untimedUnderClock(r); rej != nil && d.Reports[i].Verdict != Rejected {
			d.Reports[i] = &Report{Actions: len(r.Actions), Verdict: Rejected, Rejection: rej}
		}
		duel := *r
		duel.Scoring = spider.ScoringDuel()
		duel.Claims = codec.Claims{}
		d.Scores[i] = plain.Verify(&duel).Result.Score
	}
	switch {
	case !d.Reports[0].OK():
		d.Why = "the first record does not verify: " + d.Reports[0].Reason()
	case !d.Reports[1].OK():
		d.Why = "the second record does not verify: " + d.Reports[1].Reason()
	case !d.SameDeal:
		d.Why = "not the same deal: " + c.DealKey(a.Deal) + " and " + c.DealKey(b.Deal)
	case !d.SameRules:
		d.Why = "not the same rules: " + codec.FormatRules(a.Rules) + " and " + codec.FormatRules(b.Rules)
	case d.Scores[0] == d.Scores[1]:
		d.Why = fmt.Sprintf("a tie at %d on the duel's scoring", d.Scores[0])
	default:
		d.Winner = 0
		if d.Scores[1] > d.Scores[0] {
			d.Winner = 1
		}
		d.Why = fmt.Sprintf("%s scores %d on the duel's scoring, %s %d", [2]string{"the first", "the second"}[d.Winner], d.Scores[d.Winner],
			[2]string{"the first", "the second"}[1-d.Winner], d.Scores[1-d.Winner])
	}
	return d
}

// untimedUnderClock is the rejection of a record whose rules have a clock
// but whose actions have no times, which no duel can judge; nil for any
// other record.
func untimedUnderClock(r *codec.Record) *Rejection {
	if r.Rules.TimeLimitMs <= 0 || r.Times != nil || len(r.Actions) == 0 {
		return nil
	}
	return reject(RejectTimes, 0, "action 1 has no time (the record's actions have none); a duel under rules with a clock (time-limit=%d) needs a time for every action", r.Rules.TimeLimitMs)
}
