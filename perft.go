package spider

// PerftCount is one first action of a perft divide and the leaves under it.
type PerftCount struct {
	// Action is the first action.
	Action Action
	// Nodes is perft(depth-1) of the position after it.
	Nodes uint64
}

// Perft returns perft(depth) of p: the number of leaves of the tree of
// legal table actions depth deep, as chess engines count theirs to check
// their move generators; 0 for a negative depth. The last ply is counted in
// bulk: the actions of a position one ply from the leaves are counted, not
// played.
//
// Precisely: perft(0) = 1; perft(n) of a won position (the
// eighth run has left) is 0 for n > 0; otherwise perft(n) is the sum, over
// every legal table action a of the position, of perft(n-1) of the
// position after a. The table actions are:
//
//   - every legal move of a group: each source column, each group size from
//     1 to the number of cards that move together there (Position.Movable),
//     and each target column that takes the group (a card one rank higher,
//     an empty column, or under manual flipping a column showing only
//     face-down cards), each size and target separately, empty targets
//     included; a run completed by the move leaves, and a card left face
//     down on top turns over (under automatic flipping), as part of the
//     move;
//   - the deal, when the rules allow it (runs it completes leave as part of
//     it);
//   - under manual flipping, the flip of each column whose top card is
//     face down.
//
// Undo, hints and resigning are never counted. The rules are the
// position's own (Position.Rules). PerftDivide gives the count under each first action, to find where two
// engines disagree. testdata/perft holds a published table of positions
// and counts.
func Perft(p Position, depth int) uint64 {
	if depth < 0 {
		return 0
	}
	return perft(&p, depth)
}

func perft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if p.runs == 8 {
		return 0
	}
	var buf [256]Action
	legal := p.AppendLegal(buf[:0])
	if depth == 1 {
		return uint64(len(legal))
	}
	var n uint64
	for _, a := range legal {
		q := *p
		var e Effects
		if q.apply(a, &e) == nil {
			n += perft(&q, depth-1)
		}
	}
	return n
}

// PerftDivide returns each legal table action of p, in AppendLegal's
// order, with perft(depth-1) of the position after it; their sum is
// perft(depth). It is empty for a depth below 1 and for a won position.
func PerftDivide(p Position, depth int) []PerftCount {
	if depth < 1 || p.runs == 8 {
		return nil
	}
	var out []PerftCount
	for _, a := range p.AppendLegal(nil) {
		q := p
		var e Effects
		if q.apply(a, &e) == nil {
			out = append(out, PerftCount{a, perft(&q, depth-1)})
		}
	}
	return out
}
