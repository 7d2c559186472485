// Command figures measures the WebAssembly package's browser targets in
// headless Chromium: it loads examples/web's bench.html in fresh pages and
// prints the medians of instantiate + first deal (with and without the
// .wasm's fetch) and of apply + legal a call.
//
//	go run ./cmd/wasmbuild
//	cd examples/web/browsertest && go run ./figures -runs 7
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider/examples/web/browsertest"
)

type figures struct {
	StartMs      float64 `json:"startMs"`
	WithFetchMs  float64 `json:"withFetchMs"`
	ApplyLegalUs float64 `json:"applyLegalUs"`
	LegalUs      float64 `json:"legalUs"`
}

func main() {
	runs := flag.Int("runs", 5, "fresh page loads to take the medians of")
	flag.Parse()
	if err := run(*runs); err != nil {
		fmt.Fprintln(os.Stderr, "figures:", err)
		os.Exit(1)
	}
}

func run(runs int) error {
	root, err := browsertest.Root()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "spider-figures-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	srv, err := browsertest.StartServers(root, dir)
	if err != nil {
		return err
	}
	defer srv.Close()
	ctx, cancel, err := browsertest.NewBrowser(filepath.Join(dir, "profile"), func(string, ...any) {})
	if err != nil {
		return err
	}
	defer cancel()
	var start, fetched, call, legal []float64
	for i := 0; i < runs; i++ {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.Page+"bench.html")); err != nil {
			return err
		}
		f, err := chromedp.Run(ctx, chromedp.Poll[figures]("window.figures"))
		if err != nil {
			return fmt.Errorf("bench.html: %w", err)
		}
		start, fetched, call = append(start, f.StartMs), append(fetched, f.WithFetchMs), append(call, f.ApplyLegalUs)
		legal = append(legal, f.LegalUs)
		fmt.Printf("run %d: instantiate + first deal %.1f ms (%.1f ms with the fetch), apply + legal %.1f µs a call (legal alone %.1f)\n", i+1, f.StartMs, f.WithFetchMs, f.ApplyLegalUs, f.LegalUs)
	}
	ua, _ := chromedp.Run(ctx, chromedp.Evaluate[string]("navigator.userAgent"))
	fmt.Printf("medians of %d page loads: instantiate + first deal %.1f ms (%.1f ms with the fetch), apply + legal %.1f µs a call (legal alone %.1f)\n%s\n",
		runs, median(start), median(fetched), median(call), median(legal), ua)
	return nil
}

func median(xs []float64) float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return xs[len(xs)/2]
}
