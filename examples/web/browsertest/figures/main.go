// Command figures measures the WebAssembly package's browser targets in
// headless Chromium: it loads examples/web's bench.html in a newly started
// browser and then again in the same tab, several times, and prints the
// medians of instantiate + first
// deal (with its phases, and with the .wasm's fetch) and of apply + legal
// a call.
//
//	go run ./cmd/wasmbuild
//	cd examples/web/browsertest && go run ./figures -runs 7
//	go run ./figures -runs 7 -page benchload.html   # load() as the game calls it
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider/examples/web/browsertest"
)

// figures are what bench.html measures, in milliseconds and microseconds.
type figures struct {
	StartMs       float64 `json:"startMs"`
	WithFetchMs   float64 `json:"withFetchMs"`
	CompileMs     float64 `json:"compileMs"`
	InstantiateMs float64 `json:"instantiateMs"`
	RunMs         float64 `json:"runMs"`
	DealMs        float64 `json:"dealMs"`
	ApplyLegalUs  float64 `json:"applyLegalUs"`
	LegalUs       float64 `json:"legalUs"`
	ApplyOneUs    float64 `json:"applyOneUs"`
	LoadMs        float64 `json:"loadMs"` // benchload.html: load() from the fetch to the first deal
}

func main() {
	runs := flag.Int("runs", 5, "fresh browsers to take the medians of")
	page := flag.String("page", "bench.html", "the page that measures, from the web game's root: one that sets window.figures")
	flag.Parse()
	if err := run(*runs, *page); err != nil {
		fmt.Fprintln(os.Stderr, "figures:", err)
		os.Exit(1)
	}
}

func run(runs int, page string) (err error) {
	root, err := browsertest.Root()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "spider-figures-")
	if err != nil {
		return err
	}
	defer func() {
		// The browsers' profiles are left behind if this fails: say so.
		if rerr := os.RemoveAll(dir); rerr != nil {
			err = errors.Join(err, rerr)
		}
	}()
	srv, err := browsertest.StartServers(root, dir)
	if err != nil {
		return err
	}
	defer srv.Close()
	var ua string
	var cold, again []figures
	for i := 0; i < runs; i++ {
		f, g, agent, err := measure(srv.Page+page, filepath.Join(dir, fmt.Sprint("profile", i)))
		if err != nil {
			return err
		}
		ua = agent
		cold, again = append(cold, f), append(again, g)
		fmt.Printf("run %d, a fresh browser: %s\n", i+1, f)
		fmt.Printf("run %d, the page again:  %s\n", i+1, g)
	}
	fmt.Printf("medians of %d fresh browsers: %s\n", runs, medians(cold))
	fmt.Printf("medians of %d loads again:    %s\n", runs, medians(again))
	fmt.Println(ua)
	return nil
}

// medians are the median of each figure.
func medians(all []figures) figures {
	m := figures{}
	for _, f := range []struct {
		dst *float64
		get func(figures) float64
	}{
		{&m.StartMs, func(f figures) float64 { return f.StartMs }},
		{&m.WithFetchMs, func(f figures) float64 { return f.WithFetchMs }},
		{&m.CompileMs, func(f figures) float64 { return f.CompileMs }},
		{&m.InstantiateMs, func(f figures) float64 { return f.InstantiateMs }},
		{&m.RunMs, func(f figures) float64 { return f.RunMs }},
		{&m.DealMs, func(f figures) float64 { return f.DealMs }},
		{&m.ApplyLegalUs, func(f figures) float64 { return f.ApplyLegalUs }},
		{&m.LegalUs, func(f figures) float64 { return f.LegalUs }},
		{&m.ApplyOneUs, func(f figures) float64 { return f.ApplyOneUs }},
		{&m.LoadMs, func(f figures) float64 { return f.LoadMs }},
	} {
		var xs []float64
		for _, x := range all {
			xs = append(xs, f.get(x))
		}
		*f.dst = median(xs)
	}
	return m
}

func (f figures) String() string {
	if f.LoadMs != 0 {
		return fmt.Sprintf("load() from the fetch to the first deal %.1f ms", f.LoadMs)
	}
	return fmt.Sprintf("instantiate + first deal %.1f ms (compile %.1f, instantiate %.1f, Go's start %.1f, deal %.1f; %.1f ms with the fetch), apply with the legal actions in its answer %.1f µs a user action, apply + legal() %.1f µs (legal alone %.1f)",
		f.StartMs, f.CompileMs, f.InstantiateMs, f.RunMs, f.DealMs, f.WithFetchMs, f.ApplyOneUs, f.ApplyLegalUs, f.LegalUs)
}

// measure loads the bench page in a browser of its own, with a fresh
// profile (a player's first visit), then loads it again in the same tab (a
// renderer that has compiled the .wasm once reuses the code).
func measure(page, profile string) (first, again figures, ua string, err error) {
	ctx, cancel, err := browsertest.NewBrowser(profile, func(string, ...any) {})
	if err != nil {
		return first, again, "", err
	}
	defer cancel()
	for _, f := range []*figures{&first, &again} {
		if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
			return first, again, "", err
		}
		if *f, err = chromedp.Run(ctx, chromedp.Poll[figures]("window.figures")); err != nil {
			return first, again, "", fmt.Errorf("%s: %w", page, err)
		}
	}
	ua, err = chromedp.Run(ctx, chromedp.Evaluate[string]("navigator.userAgent"))
	return first, again, ua, err
}

func median(xs []float64) float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return xs[len(xs)/2]
}
