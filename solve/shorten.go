package solve

import (
	"context"

	"github.com/spiderkit/spider"
)

// shortcutDepth is how many actions a shortcut may take.
const shortcutDepth = 2

// shorten removes detours from a winning line from p: loops back to a
// position, and, from each position on the line, it tries every sequence of up to shortcutDepth actions and,
// when one reaches a position further down the line than the line itself
// would in as many actions, takes the farthest such shortcut. Positions
// are compared whole (exactly), so the shortened line reaches the same
// positions, in fewer actions, and wins as the line did (Solve replays it
// anyway). When ctx expires, the rest of the line is kept as it is.
func shorten(ctx context.Context, p spider.Position, line []spider.Action) []spider.Action {
	at := make(map[spider.Position]int, len(line)+1)
	pos := make([]spider.Position, 0, len(line)+1)
	q := p
	at[q], pos = 0, append(pos, q)
	for i, a := range line {
		var err error
		if q, err = q.Apply(a); err != nil {
			return line
		}
		at[q], pos = i+1, append(pos, q) // the last time the line is there
	}
	out := make([]spider.Action, 0, len(line))
	var l1, l2 []spider.Action
	for i := 0; i < len(line); {
		if expired(ctx) {
			return append(out, line[i:]...) // out reaches pos[i]
		}
		if j := at[pos[i]]; j > i {
			i = j // the line comes back here: a loop
			continue
		}
		// The action on the line saves nothing; a shortcut to position j
		// in d actions saves j-i-d.
		best, save := i+1, 0
		jump := []spider.Action{line[i]}
		l1 = pos[i].AppendLegal(l1[:0])
		for _, a := range l1 {
			q1, err := pos[i].Apply(a)
			if err != nil {
				continue
			}
			if j, ok := at[q1]; ok && j-i-1 > save {
				best, save, jump = j, j-i-1, []spider.Action{a}
			}
			if shortcutDepth < 2 || q1.Won() {
				continue
			}
			l2 = q1.AppendLegal(l2[:0])
			for _, b := range l2 {
				q2, err := q1.Apply(b)
				if err != nil {
					continue
				}
				if j, ok := at[q2]; ok && j-i-2 > save {
					best, save, jump = j, j-i-2, []spider.Action{a, b}
				}
			}
		}
		out = append(out, jump...)
		i = best
	}
	return out
}

// prune removes detours that shortcuts cannot see because other actions
// come between: an action the line does without, and a group moved twice
// (a to b, later b to c), which can go from a to c at the second move (or
// stay, when c is a). Each edit is kept only when the edited line still
// wins when replayed, so prune never returns a line that does not win.
// When ctx expires, it stops there.
func prune(ctx context.Context, p spider.Position, line []spider.Action) []spider.Action {
	try := make([]spider.Action, 0, len(line))
	wins := func(l []spider.Action) bool { return check(p, l) == nil }
	for i := 0; i < len(line) && !expired(ctx); i++ {
		// Without action i.
		try = append(append(try[:0], line[:i]...), line[i+1:]...)
		if wins(try) {
			line = append(line[:0], try...)
			i--
			continue
		}
		a := line[i]
		if a.Kind() != spider.KindMove {
			continue
		}
		for j := i + 1; j < len(line); j++ {
			b := line[j]
			if b.Kind() != spider.KindMove || b.From() != a.To() || b.Count() != a.Count() {
				continue
			}
			try = append(try[:0], line[:i]...)
			try = append(try, line[i+1:j]...)
			if b.To() != a.From() {
				try = append(try, spider.Move(a.From(), b.To(), a.Count()))
			}
			try = append(try, line[j+1:]...)
			if wins(try) {
				line = append(line[:0], try...)
				i--
				break
			}
		}
	}
	return line
}
