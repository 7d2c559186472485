package calls

import "testing"

// BenchmarkApplyLegal is what a page does on every user action: apply an
// action (getting the new state as JSON) and list the legal actions.
func BenchmarkApplyLegal(b *testing.B) {
	var api API
	for b.Loop() {
		h, err := api.NewGame(NewGameOptions{Code: "SP1-S2C-AAAAAAD", Variant: "unlimited"})
		if err != nil {
			b.Fatal(err)
		}
		seed := uint32(1)
		for i := 0; i < 100; i++ {
			legalJSON, _ := api.LegalJSON(h)
			legal, _ := api.Legal(h)
			if len(legal) <= 1 || len(legalJSON) == 0 {
				break
			}
			seed = seed*1103515245 + 12345
			if _, err := api.ApplyJSON(h, legal[int(seed>>8)%(len(legal)-1)], At(0)); err != nil {
				b.Fatal(err)
			}
		}
		api.Free(h)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*100)/1000, "µs/call")
}

// BenchmarkUserAction is what the JavaScript package does on every user
// action now: apply, answered by the compact State with the legal actions
// in it, through Call as the export runs it.
func BenchmarkUserAction(b *testing.B) {
	var api API
	calls := 0
	for b.Loop() {
		h, err := api.NewGame(NewGameOptions{Code: "SP1-S2C-AAAAAAD", Variant: "unlimited"})
		if err != nil {
			b.Fatal(err)
		}
		api.Call(OpStateCompact, AppendRequest(nil, h))
		seed := uint32(1)
		for i := 0; i < 100; i++ {
			legal := api.acts // the legal actions of the last compact State, resign last
			if len(legal) <= 1 {
				break
			}
			seed = seed*1103515245 + 12345
			x := legal[int(seed>>8)%(len(legal)-1)]
			if out := api.Call(OpApplyCompact, AppendRequest(nil, h, x.String(), 0)); out[0] != compactTag {
				b.Fatalf("%s: %s", x, out)
			}
			calls++
		}
		api.Free(h)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(calls)/1000, "µs/call")
}
