package replay

import (
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
	Reports [2]*Report `json:"reports"`
}

// Duel verifies the two records of a duel and says who won.
func (v *Verifier) Duel(a, b *codec.Record) Duel {
	d := Duel{Winner: -1}
	d.SameDeal = a.Deal.Kind == b.Deal.Kind && sameDeal(a.Deal, b.Deal)
	d.SameRules = a.Rules == b.Rules
	ok := true
	for i, r := range []*codec.Record{a, b} {
		d.Reports[i] = v.Verify(r)
		duel := *r
		duel.Scoring = spider.ScoringDuel()
		duel.Claims = codec.Claims{}
		rep := v.Verify(&duel)
		d.Scores[i] = rep.Result.Score
		ok = ok && d.Reports[i].OK()
	}
	if ok && d.SameDeal && d.SameRules && d.Scores[0] != d.Scores[1] {
		d.Winner = 0
		if d.Scores[1] > d.Scores[0] {
			d.Winner = 1
		}
	}
	return d
}

func sameDeal(a, b codec.DealSource) bool {
	switch a.Kind {
	case codec.DealCode:
		return a.Code.Suits == b.Code.Suits && a.Code.Number == b.Code.Number
	case codec.DealProgram:
		return a.Program == b.Program && a.Game == b.Game && a.Suits == b.Suits
	case codec.DealPosition:
		pa, pb := a.Position, b.Position
		if pa.FaceDown != pb.FaceDown || len(pa.Stock) != len(pb.Stock) {
			return false
		}
		for c := range pa.Tableau {
			if !sameCards(pa.Tableau[c], pb.Tableau[c]) {
				return false
			}
		}
		return sameCards(pa.Stock, pb.Stock)
	}
	return false
}

func sameCards(a, b []spider.Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Face() != b[i].Face() {
			return false
		}
	}
	return true
}
