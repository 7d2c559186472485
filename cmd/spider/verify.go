package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet/judge"
	"github.com/spiderkit/spider/replay"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "replay records and audit their claims",
		ArgsUsage: "FILE|DIR|- ...",
		UsageText: "spider verify examples/records/won.spider\n" +
			"   spider verify --json records/ > reports.jsonl\n" +
			"   spider verify --min-ms 80 games.spda",
		Description: "Each FILE is a record (.spider, .spdz, .json), an archive (.spda) or JSON\n" +
			"lines of records (.jsonl); a DIR is searched for such files; - reads standard\n" +
			"input. Exit status: 0 when every record verifies, 1 when one does not, 2 for\n" +
			"a usage or I/O error.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "one JSON report a line, then a summary line"},
			&cli.StringSliceFlag{Name: "variant", Usage: "reject records whose rules and scoring are not exactly this variant's (repeatable): " + spider.VariantNames()},
			&cli.BoolFlag{Name: "require-claims", Usage: "reject records that do not claim their score, moves, runs, result and time"},
			&cli.BoolFlag{Name: "require-times", Usage: "reject records without a time for every action"},
			&cli.UintFlag{Name: "min-ms", Usage: "reject records with an action quicker than this many milliseconds (times are the client's word: a speed bump for bots, not a proof of a human)"},
			&cli.IntFlag{Name: "max-actions", Usage: "reject records with more actions"},
			&cli.StringFlag{Name: "deals", Value: "any", Usage: "the deals allowed: codes (game codes), daily (today's daily deal) or any"},
			policyFlag("; each flag above that is given replaces the file's setting"),
			&cli.IntFlag{Name: "workers", Usage: "goroutines verifying at once (default: one per CPU)"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print no record's line: only how many failed each way, and the summary"},
			&cli.Int64Flag{Name: "max-work", Usage: "stop reading an archive once it costs this much work, in actions (a record costs 64 plus its actions; an index-coded action 1, plus 4 a legal action its decoder ranks); by default the budget is 100,064 plus 16 a byte of records read (4,096 a byte of index-coded actions), and at most 100,000,000"},
			&cli.DurationFlag{Name: "max-time", Usage: "stop reading an archive after this long (e.g. 30s; default: no bound)"},
			&cli.StringFlag{Name: "judge", Usage: "lklynet: read JSON lines of lklynet logs ({\"seed\", \"events\"}) and judge each as lklynet does (its own words)"},
		},
		Action: runVerify,
	}
}

// runVerify is the verify command: every record of every argument
// verified under the flags' policy, a report a record (or a JSON line)
// and a summary.
func runVerify(c *cli.Context) (err error) {
	if c.NArg() == 0 {
		return usagef("verify needs at least one FILE, DIR or - (try examples/records/won.spider)")
	}
	switch strings.ToLower(c.String("judge")) {
	case "":
	case "lklynet":
		return verifyLklynet(c)
	default:
		return usagef("--judge %s: only lklynet judges so", spider.Quote(c.String("judge")))
	}
	if err := statArgs(c.Args().Slice()); err != nil {
		return err
	}
	cd, err := verifyCodec(c)
	if err != nil {
		return err
	}
	defer cd.Close()
	policy, err := verifyPolicy(c)
	if err != nil {
		return err
	}
	v := replay.New(replay.Options{Codec: cd, Policy: policy})
	var ioFailed atomic.Bool
	w := bufio.NewWriter(c.App.Writer)
	defer flushOnReturn(w, &err) // the reports before an error
	rw := newReportWriter(w, c.Bool("json"), c.Bool("quiet"))
	var done atomic.Int64
	stop := progress(c.App.ErrWriter, &done)
	start := time.Now()
	sum, err := v.Stream(context.Background(), c.Int("workers"), argInputs(c, cd, &ioFailed), func(r *replay.Report) error {
		done.Add(1)
		return rw.write(r)
	})
	stop()
	if err == nil {
		err = rw.finish()
	}
	if err != nil {
		return ioError{err}
	}
	if err := writeSummary(w, rw.enc, sum, c.Bool("json"), time.Since(start)); err != nil {
		return ioError{err}
	}
	if err := w.Flush(); err != nil {
		return ioError{err}
	}
	switch {
	case ioFailed.Load():
		return ioError{errors.New("some files could not be read (see their reports)")}
	case !sum.OK():
		return cli.Exit("", 1)
	}
	return nil
}

// verifyCodec is the codec of the verify command: its archives read
// within --max-work and --max-time.
func verifyCodec(c *cli.Context) (*codec.Codec, error) {
	l := codec.DefaultLimits()
	if c.IsSet("max-work") {
		if c.Int64("max-work") <= 0 {
			return nil, usagef("--max-work %d: want a positive number of actions", c.Int64("max-work"))
		}
		l.MaxArchiveWork = c.Int64("max-work")
		// The budget given is the budget, whatever the archive's size.
		l.ArchiveWorkPerByte = l.MaxArchiveWork
	}
	if c.IsSet("max-time") {
		if c.Duration("max-time") <= 0 {
			return nil, usagef("--max-time %v: want a positive duration", c.Duration("max-time"))
		}
		l.MaxArchiveTime = c.Duration("max-time")
	}
	return newCodec(codec.WithLimits(l))
}

// statArgs checks that every argument but "-" exists, before anything is
// verified.
func statArgs(args []string) error {
	for _, arg := range args {
		if arg == "-" {
			continue
		}
		if _, err := os.Stat(arg); err != nil {
			return ioError{err}
		}
	}
	return nil
}

// argInputs yields the records of every argument in turn, noting in
// ioFailed a file that could not be read.
func argInputs(c *cli.Context, cd *codec.Codec, ioFailed *atomic.Bool) iter.Seq[replay.Input] {
	return func(yield func(replay.Input) bool) {
		for _, arg := range c.Args().Slice() {
			for in := range readInputs(cd, arg, c.App.Reader) {
				if in.Err != nil && errors.As(in.Err, new(*fs.PathError)) {
					ioFailed.Store(true)
				}
				if !yield(in) {
					return
				}
			}
		}
	}
}

// writeSummary writes the summary line: as JSON, or the counts of each
// verdict with the actions and the time they took.
func writeSummary(w io.Writer, enc *json.Encoder, sum replay.Summary, asJSON bool, took time.Duration) error {
	if asJSON {
		return enc.Encode(struct {
			Summary replay.Summary `json:"summary"`
		}{sum})
	}
	_, err := fmt.Fprintf(w, "%s: %d verified, %d disputed, %d illegal, %d malformed, %d rejected (%d actions in %.2f s)\n",
		plural(sum.Records, "record"), sum.Verified, sum.Disputed, sum.Illegal, sum.Malformed, sum.Rejected, sum.Actions, took.Seconds())
	return err
}

// policyFlag is the --policy flag of verify and duel, its usage ending
// with more.
func policyFlag(more string) *cli.StringFlag {
	return &cli.StringFlag{Name: "policy", Usage: "a host policy as a JSON file (replay.ParsePolicy, as the leaderboard's boards hold it; see the README)" + more}
}

// readPolicy is the policy of the --policy file; the zero policy (none
// required) without one.
func readPolicy(c *cli.Context) (replay.Policy, error) {
	var p replay.Policy
	f := c.String("policy")
	if f == "" {
		return p, nil
	}
	data, err := os.ReadFile(f)
	if err != nil {
		return p, ioError{err}
	}
	if p, err = replay.ParsePolicy(data); err != nil {
		return p, usagef("--policy %s: %v", f, err)
	}
	return p, nil
}

// verifyPolicy is the host policy of the verify command: the --policy
// file, with what the other flags add.
func verifyPolicy(c *cli.Context) (replay.Policy, error) {
	p, err := readPolicy(c)
	if err != nil {
		return p, err
	}
	if names := c.StringSlice("variant"); len(names) > 0 {
		p.Variants = nil // the flags replace the file's list: never a wider policy
		for _, name := range names {
			v, err := spider.ParseVariant(name)
			if err != nil {
				return p, usagef("--variant %s: %v", name, err)
			}
			p.Variants = append(p.Variants, v)
		}
	}
	if c.Bool("require-claims") {
		p.Claims = replay.AllClaims
	}
	if c.Bool("require-times") {
		p.Times = true
	}
	if c.IsSet("min-ms") {
		p.MinActionMs = uint32(c.Uint("min-ms"))
	}
	if c.IsSet("max-actions") {
		p.MaxActions = c.Int("max-actions")
	}
	switch strings.ToLower(c.String("deals")) {
	case "any":
		if c.IsSet("deals") {
			p.Deals = replay.DealPolicy{}
		}
	case "codes":
		p.Deals = replay.DealPolicy{Codes: replay.AllCodes}
	case "daily":
		p.Deals = replay.DealPolicy{Codes: replay.DailyCodes}
	default:
		return p, usagef("--deals %s: want codes, daily or any", spider.Quote(c.String("deals")))
	}
	return p, nil
}

// progress shows a count of verified records on a terminal, not when the
// output is piped; the returned function stops it.
func progress(w io.Writer, done *atomic.Int64) func() {
	f, ok := w.(*os.File)
	if !ok {
		return func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return func() {}
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		shown := false
		for {
			select {
			case <-t.C:
				if _, err := fmt.Fprintf(f, "\rverified %d records…", done.Load()); err != nil {
					return // the terminal takes no more: the count is only a courtesy
				}
				shown = true
			case <-quit:
				if shown {
					// Best effort: a count left on the terminal is all a
					// failure could cost, and the reports go elsewhere.
					_, _ = fmt.Fprint(f, "\r\033[K")
				}
				return
			}
		}
	}()
	return func() { close(quit); <-finished }
}

// readInputs yields the records of one argument: a file, a directory, or
// standard input ("-"), reading lazily so that memory stays bounded.
func readInputs(cd *codec.Codec, arg string, stdin io.Reader) iter.Seq[replay.Input] {
	return func(yield func(replay.Input) bool) {
		if arg == "-" {
			readStream(cd, "-", stdin, yield)
			return
		}
		st, err := os.Stat(arg)
		if err != nil {
			yield(replay.Input{Name: arg, Err: err})
			return
		}
		if !st.IsDir() {
			readFile(cd, arg, yield)
			return
		}
		// The function gives the errors of the walk to yield, and returns
		// nil or SkipAll (which WalkDir takes as nil), so WalkDir has no
		// error of its own to return; were it to, it would be yielded too.
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if !yield(replay.Input{Name: path, Err: err}) {
					return filepath.SkipAll
				}
				return nil
			}
			if d.IsDir() || !recordFile(path) {
				return nil
			}
			if !readFile(cd, path, yield) {
				return filepath.SkipAll
			}
			return nil
		})
		if err != nil {
			yield(replay.Input{Name: arg, Err: err})
		}
	}
}

// recordFile reports whether a file in a directory holds records: its
// extension is a form's (codec.FormOfFile).
func recordFile(path string) bool {
	_, ok := codec.FormOfFile(path)
	return ok
}

func readFile(cd *codec.Codec, path string, yield func(replay.Input) bool) bool {
	f, err := os.Open(path)
	if err != nil {
		return yield(replay.Input{Name: path, Err: err})
	}
	defer closeRead(f)
	return readStream(cd, path, f, yield)
}

// readStream yields the records of a stream (codec.Codec.Records): an
// archive's, JSON lines', or one record.
func readStream(cd *codec.Codec, name string, r io.Reader, yield func(replay.Input) bool) bool {
	for in := range cd.Records(name, r) {
		if !yield(in) {
			return false
		}
	}
	return true
}

// verifyLklynet reads JSON lines of lklynet logs and prints, for each line
// in order, lklynet's own verdict (or the exception it would throw) and the
// project's report (or why the log is malformed).
func verifyLklynet(c *cli.Context) (err error) {
	cd, err := newCodec()
	if err != nil {
		return err
	}
	defer cd.Close()
	j := judge.New(cd)
	w := bufio.NewWriter(c.App.Writer)
	defer flushOnReturn(w, &err) // the lines before an error
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	total, valid := 0, 0
	for _, arg := range c.Args().Slice() {
		var r io.Reader = c.App.Reader
		if arg != "-" {
			f, err := os.Open(arg)
			if err != nil {
				return ioError{err}
			}
			defer closeRead(f)
			r = f
		}
		for in := range cd.Lines(arg, r) {
			if in.Err != nil {
				return ioError{fmt.Errorf("%s: %w", arg, in.Err)}
			}
			total++
			got := j.Judge(in.Data)
			out := struct {
				Name          string         `json:"name"`
				Lklynet       *judge.Result  `json:"lklynet"`
				LklynetThrows *judge.Throw   `json:"lklynetThrows,omitempty"`
				Report        *replay.Report `json:"report,omitempty"`
				Error         string         `json:"error,omitempty"`
			}{Name: in.Name, Lklynet: got.Result, LklynetThrows: got.Throws, Report: got.Report}
			if got.Err != nil {
				out.Error = got.Err.Error()
			}
			if got.Report != nil {
				got.Report.Name = in.Name
			}
			if got.Result != nil && got.Result.Valid && got.Err == nil {
				valid++
			}
			if c.Bool("json") {
				if err := enc.Encode(out); err != nil {
					return ioError{err}
				}
				continue
			}
			if _, err := fmt.Fprintf(w, "%s: %s\n", in.Name, lklynetLine(got)); err != nil {
				return ioError{err}
			}
		}
	}
	if !c.Bool("json") {
		if _, err := fmt.Fprintf(w, "%d logs: %d valid, %d not\n", total, valid, total-valid); err != nil {
			return ioError{err}
		}
	}
	if err := w.Flush(); err != nil {
		return ioError{err}
	}
	if valid != total {
		return cli.Exit("", 1)
	}
	return nil
}

// lklynetLine says in words what lklynet and the project find in a log.
func lklynetLine(got judge.Judgement) string {
	var b strings.Builder
	switch v := got.Result; {
	case got.Throws != nil:
		fmt.Fprintf(&b, "lklynet throws %v", got.Throws)
		if got.Throws.Event >= 0 {
			fmt.Fprintf(&b, " at event %d", got.Throws.Event)
		}
	case v == nil:
	case v.Valid:
		s := v.Summary
		fmt.Fprintf(&b, "valid: score %d, %d moves, %d runs, win %v", s.FinalScore, s.MoveCount, s.FoundationCount, s.IsWin)
	default:
		b.WriteString(v.Reason)
		if got.Report != nil && got.Report.Illegal != nil {
			fmt.Fprintf(&b, ": event %d: %v", got.Report.Illegal.Index, got.Report.Illegal.Err)
		}
	}
	if got.Err != nil {
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "MALFORMED: %v", got.Err)
	}
	return b.String()
}
