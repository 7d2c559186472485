package wasm

import "testing"

// BenchmarkApplyLegal is what a page does on every user action: apply an
// action (getting the new state as JSON) and list the legal actions.
func BenchmarkApplyLegal(b *testing.B) {
	var api API
	for b.Loop() {
		h, err := api.NewGame(NewGameOptions{Code: "SP1-S2C-AAAAAAD", Preset: "unlimited"})
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
			if _, err := api.ApplyJSON(h, legal[int(seed>>8)%(len(legal)-1)], 0); err != nil {
				b.Fatal(err)
			}
		}
		api.Free(h)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*100)/1000, "µs/call")
}
