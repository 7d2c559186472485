package calls

import "testing"

// BenchmarkApplyLegal is what a native game does on every user action:
// apply an action (its answer the new State as JSON) and list the legal
// actions, two calls through Call as the C library runs them.
func BenchmarkApplyLegal(b *testing.B) {
	var api API
	var out []byte
	calls := 0
	for b.Loop() {
		h, err := api.NewGame(NewGameOptions{Code: "SP1-S2C-AAAAAAD", Variant: "unlimited"})
		if err != nil {
			b.Fatal(err)
		}
		seed := uint32(1)
		for i := 0; i < 100; i++ {
			out = api.Call(out[:0], OpLegal, AppendRequest(nil, h), FormJSON)
			legal, _ := api.Legal(h) // the test's own look at them, not timed apart
			if len(legal) <= 1 {
				break
			}
			seed = seed*1103515245 + 12345
			out = api.Call(out[:0], OpApply, AppendRequest(nil, h, legal[int(seed>>8)%(len(legal)-1)].String(), 0), FormJSON)
			calls++
		}
		api.Free(h)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(calls)/1000, "µs/action")
}

// BenchmarkUserAction is what the JavaScript package does on every user
// action: apply, answered by the compact State with the legal actions in
// it, through Call as the export runs it.
func BenchmarkUserAction(b *testing.B) {
	var api API
	var out []byte
	calls := 0
	for b.Loop() {
		h, err := api.NewGame(NewGameOptions{Code: "SP1-S2C-AAAAAAD", Variant: "unlimited"})
		if err != nil {
			b.Fatal(err)
		}
		seed := uint32(1)
		for i := 0; i < 100; i++ {
			s, _ := api.State(h) // the legal actions, resign last (not timed apart)
			legal := s.Legal
			if len(legal) <= 1 {
				break
			}
			seed = seed*1103515245 + 12345
			x := legal[int(seed>>8)%(len(legal)-1)]
			if out = api.Call(out[:0], OpApply, AppendRequest(nil, h, x.String(), 0), FormCompact); out[0] != compactTag {
				b.Fatalf("%s: %s", x, out)
			}
			calls++
		}
		api.Free(h)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(calls)/1000, "µs/call")
}
