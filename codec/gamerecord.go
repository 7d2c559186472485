package codec

import "github.com/spiderkit/spider"

// GameRecord returns the record of game g, ready to save or submit: its
// deal (the game code it was dealt from by Code.NewGame, another
// program's name for it (Game.WithDealName), otherwise its starting
// position), its rules and scoring (named after the variant it
// was started under, or another variant that plays exactly so, when one
// does), every action of its log (undos, hints
// and a resignation included) with their times when each was applied with
// a time, the free tags given, and every claim the game can make: score,
// moves, runs, result, and the total time when the actions are timed. It
// verifies with every claim true. The error wraps ErrInvalid when the
// record is over the default limits.
func GameRecord(g spider.Game, tags ...Tag) (*Record, error) {
	r := &Record{Rules: g.Rules(), Scoring: g.Scoring(), Tags: tags, Actions: g.Log(), Times: g.LogTimes()}
	if code, ok := g.Code(); ok {
		r.Deal = DealSource{Kind: DealCode, Code: code}
	} else if n, ok := g.DealName(); ok {
		r.Deal = DealSource{Kind: DealProgram, Program: n.Program, Game: n.Game, Suits: n.Suits}
	} else {
		r.Deal = DealSource{Kind: DealPosition, Position: g.StartDeal()}
	}
	// The variant's name when it is a variant that plays so (with a code's
	// group rule), else the first variant that does.
	if name := g.Variant().Name; name != "" {
		if v, err := spider.ParseVariant(name); err == nil {
			if r.Deal.Kind == DealCode {
				v.Rules.Group = r.Deal.Code.Group
			}
			if v.Rules == r.Rules && v.Scoring == r.Scoring {
				r.Variant = v.Name
			}
		}
	}
	if name, ok := variantOf(r); ok && r.Variant == "" {
		r.Variant = name
	}
	score, moves, runs, outcome := g.Score(), g.Moves(), g.Position().Runs(), g.Outcome()
	r.Claims = Claims{Score: &score, Moves: &moves, Runs: &runs, Result: &outcome}
	if r.Times != nil {
		var total int64
		for _, t := range r.Times {
			total += int64(t)
		}
		r.Claims.Time = &total
	}
	if err := r.Validate(DefaultLimits()); err != nil {
		return nil, invalid(err)
	}
	return r, nil
}
