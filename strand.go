package spider

// Stranded reports whether p can never deal again although its stock holds
// rows: under the strict deal rule a deal needs a card in every column, and
// fewer than ten cards are left on the table (cards only ever leave it, as
// runs). Such a game can never be won. Suggest and Tap never lead into
// one, nor does the advisor (package advisor); under DealAnytime a game is
// never stranded.
func (p Position) Stranded() bool {
	return p.strandsAfter(0)
}

// strandsAfter reports whether p would be stranded once gone more cards
// leave its table: gone = 13 asks whether completing a run strands it.
func (p *Position) strandsAfter(gone int) bool {
	if p.dealt >= p.rows || p.rules.Deal != DealStrict {
		return false
	}
	n := 0
	for c := 0; c < 10; c++ {
		n += int(p.size[c])
	}
	return n-gone < 10
}
