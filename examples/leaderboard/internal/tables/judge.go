package tables

import (
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// Result is how a table ended: the duel's verdict on its two games
// (replay.Verifier.Duel), or why there was no duel.
type Result struct {
	// Duel: both seats played and the two games were judged; false: the
	// table closed without a second player.
	Duel bool `json:"duel"`
	// Winner is the seat that won, -1 for a tie, no fair duel or no duel.
	Winner int `json:"winner"`
	// Scores are the two games' scores on the duel's scoring.
	Scores [2]int `json:"scores"`
	// Fair: the same deal and rules, both games verified.
	Fair bool `json:"fair"`
	// Why says it in words.
	Why string `json:"why"`
}

// Judge is the duel's verdict on the two seats' ended games, under the
// table's verifier.
func Judge(v *replay.Verifier, seat0, seat1 *codec.Record) Result {
	d := v.Duel(seat0, seat1)
	why := d.Why
	// The duel's words are of "the first" and "the second" record: the
	// seats, in order.
	return Result{Duel: true, Winner: d.Winner, Scores: d.Scores, Fair: d.Fair(), Why: why}
}

// Closed is the end of a table that closed without a duel.
func Closed(why string) Result { return Result{Winner: -1, Why: why} }
