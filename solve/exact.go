package solve

import (
	"unsafe"

	"github.com/spiderkit/spider"
)

// exact runs a depth-first search over every legal action, remembering each
// position exactly (the whole Position value is the key, so no two
// positions are ever confused). It returns Winnable with a line, Unwinnable
// when every reachable position was searched, or Unknown when the budget ran
// out first. There is no depth limit: the set of positions is finite and
// each is expanded once.
func (s *search) exact(p spider.Position, budget int) Result {
	type frame struct {
		pos     spider.Position
		actions []spider.Action
		next    int
	}
	seen := map[spider.Position]bool{p: true}
	stack := []frame{{pos: p, actions: p.AppendLegal(nil)}}
	count := 0
	for len(stack) > 0 {
		if count >= budget || s.stopped() {
			return Result{Winnability: Unknown}
		}
		if count%1024 == 0 {
			// A map entry: the position, its flag and about as much again
			// for the map's own structure; a frame and its actions.
			entry := 2 * int64(unsafe.Sizeof(spider.Position{})+1)
			frame := int64(unsafe.Sizeof(frame{})) + 64*int64(unsafe.Sizeof(spider.Action(0)))
			if s.holds(int64(len(seen))*entry + int64(len(stack))*frame) {
				return Result{Winnability: Unknown}
			}
		}
		top := &stack[len(stack)-1]
		if top.next == len(top.actions) {
			stack = stack[:len(stack)-1]
			continue
		}
		a := top.actions[top.next]
		top.next++
		q, err := top.pos.Apply(a)
		if err != nil {
			continue
		}
		s.generated++
		count++
		if q.Won() {
			line := make([]spider.Action, 0, len(stack))
			for _, f := range stack {
				line = append(line, f.actions[f.next-1])
			}
			return Result{Winnability: Winnable, Actions: line}
		}
		if seen[q] {
			continue
		}
		seen[q] = true
		stack = append(stack, frame{pos: q, actions: q.AppendLegal(nil)})
	}
	return Result{Winnability: Unwinnable, Proof: ProofSearch}
}
