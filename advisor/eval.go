package advisor

import (
	"github.com/spiderkit/spider"
)

// evaluation rates a table as the search sees it: each empty column, each
// column the search turned a card over in (less so the more cards were
// face down in it: short columns first), each link between face-up cards
// (of one suit, or of rank only) and each run removed. docs/advisor.md says
// how each weight was measured.
type evaluation struct {
	empty, turn, down, suited, rank, run int
}

// standardEvaluation is the evaluation of every level that searches:
// empty columns dominate, then cards turned over, then links of one suit;
// a link of rank only is worth nothing (a run of mixed suits is no
// progress in itself).
func standardEvaluation() evaluation {
	return evaluation{empty: 1000, turn: 20, down: 1, suited: 2, rank: 0, run: 24}
}

// rate rates table p with the columns blocked (see searcher) from the seen
// cards only.
func (s *searcher) rate(p *spider.Position, blocked uint16) int {
	v := s.ev.run * p.Runs()
	for c := 0; c < 10; c++ {
		n := p.Len(c)
		switch {
		case n == 0:
			v += s.ev.empty
		case blocked&(1<<c) != 0:
			v += s.ev.turn - s.ev.down*s.rootDown[c]
		default:
			f := p.AppendFaces(s.rbuf[:0], c)
			for i := p.FaceDown(c) + 1; i < n; i++ {
				switch link(f[i-1], f[i]) {
				case linkSuited:
					v += s.ev.suited
				case linkRank:
					v += s.ev.rank
				}
			}
		}
	}
	return v
}
