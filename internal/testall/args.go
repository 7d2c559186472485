package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spiderkit/spider"
)

// config is what the command line asks for.
type config struct {
	verbose bool     // -v: stream every part's output as it runs
	strict  bool     // -strict: a skipped part is a failure
	parts   []string // the parts to run, in the table's order
	goArgs  []string // the arguments after --, given to every go test
	jobs    int      // -j: how many parts run at once (1 with -v)
}

// defaultJobs is how many parts run at once without -j: two where there
// are two cores or more (the SDK's tests beside the others, most of which
// wait on a browser, a database or npm as much as they compute), else one.
func defaultJobs() int { return min(runtime.NumCPU(), 2) }

// parseArgs reads the command line (without the program's name). On an
// error, or flag.ErrHelp for -h, it has already written why and the usage
// to w.
func parseArgs(args []string, w io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("testall", flag.ContinueOnError)
	fs.SetOutput(w)
	fs.BoolVar(&c.verbose, "v", false, "stream every part's output as it runs")
	fs.BoolVar(&c.strict, "strict", false, "a skipped part is a failure (as in CI)")
	fs.IntVar(&c.jobs, "j", defaultJobs(), "how many parts run at once (-v runs one at a time)")
	only := fs.String("run", "", "only these parts, comma-separated: "+strings.Join(partNames(), ","))
	// The usage and the error go to standard error, best effort: the
	// returned error makes the exit status 2 whether or not they show.
	fs.Usage = func() {
		_, _ = fmt.Fprintln(w, "usage: go run ./internal/testall [-v] [-strict] [-j N] [-run part,...] [-- go test flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	err := c.setRest(args, fs.Args())
	if err == nil {
		c.parts, err = selectParts(*only)
	}
	if err == nil && c.jobs < 1 {
		err = fmt.Errorf("-j %d: at least one part runs at a time", c.jobs)
	}
	if c.verbose {
		c.jobs = 1 // the parts' output streams as it comes: one at a time
	}
	if err != nil {
		_, _ = fmt.Fprintln(w, "testall:", err)
		fs.Usage()
	}
	return c, err
}

// setRest keeps what follows the flags as go test's arguments, if a -- came
// before it: without one it is a mistake (a part's name, say).
func (c *config) setRest(args, rest []string) error {
	if len(rest) == 0 {
		return nil
	}
	if n := len(args) - len(rest); n == 0 || args[n-1] != "--" {
		return fmt.Errorf("unexpected argument %s (parts go in -run, go test's flags after --)", spider.Quote(rest[0]))
	}
	c.goArgs = rest
	return nil
}

// selectParts turns -run's comma-separated names into the parts to run, in
// the order of the table, with the parts they need (and those need); none
// means all.
func selectParts(list string) ([]string, error) {
	want := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		p, ok := findPart(name)
		if !ok {
			return nil, fmt.Errorf("no part %s (the parts: %s)", spider.Quote(name), strings.Join(partNames(), ", "))
		}
		want[name] = true
		for p.needs != "" { // and what those need
			want[p.needs] = true
			p, _ = findPart(p.needs)
		}
	}
	var names []string
	for _, p := range parts {
		if len(want) == 0 || want[p.name] {
			names = append(names, p.name)
		}
	}
	return names, nil
}
