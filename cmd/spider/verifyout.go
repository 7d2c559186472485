package main

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"

	"github.com/spiderkit/spider/replay"
)

// maxLike is how many reports of records that fail alike verify prints
// before it only counts them.
const maxLike = 3

// numbers are the runs of digits a failure's reason varies by from record
// to record (record numbers, offsets, indexes, counts).
var numbers = regexp.MustCompile(`[0-9]+`)

// reportWriter writes verify's reports: every verified record (none when
// quiet) and the first few records that fail alike, whose further copies
// it only counts; quiet, no record's line at all. JSON lines are written
// whole. It is not safe for concurrent use.
type reportWriter struct {
	w      io.Writer
	enc    *json.Encoder
	asJSON bool
	quiet  bool
	like   map[string]*alike
	order  []string // the keys of like, first seen first
}

// alike counts the records that failed one way.
type alike struct {
	verdict string
	example string // the first one's reason
	more    int    // those not printed
	seen    int
}

// newReportWriter writes reports to w, as JSON lines or as text.
func newReportWriter(w io.Writer, asJSON, quiet bool) *reportWriter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &reportWriter{w: w, enc: enc, asJSON: asJSON, quiet: quiet, like: map[string]*alike{}}
}

// write writes one report, or counts it.
func (rw *reportWriter) write(r *replay.Report) error {
	if rw.asJSON {
		return rw.enc.Encode(r)
	}
	if r.OK() {
		if rw.quiet {
			return nil
		}
		return writeReportText(rw.w, r)
	}
	reason := r.Reason()
	key := r.Verdict.String() + "\x00" + r.Code() + "\x00" + numbers.ReplaceAllString(reason, "#")
	a := rw.like[key]
	if a == nil {
		a = &alike{verdict: r.Verdict.String(), example: reason}
		rw.like[key] = a
		rw.order = append(rw.order, key)
	}
	a.seen++
	if rw.quiet || a.seen > maxLike {
		a.more++
		return nil
	}
	return writeReportText(rw.w, r)
}

// finish writes, for each way records failed, how many more failed alike
// than were printed (quiet: how many failed that way, and the first one's
// reason).
func (rw *reportWriter) finish() error {
	for _, key := range rw.order {
		a := rw.like[key]
		records := "records"
		if a.more == 1 {
			records = "record"
		}
		var err error
		switch {
		case a.more == 0:
		case a.more == a.seen:
			_, err = fmt.Fprintf(rw.w, "%s %s %s like: %s\n", thousands(a.more), a.verdict, records, a.example)
		default:
			_, err = fmt.Fprintf(rw.w, "... and %s more %s %s like it\n", thousands(a.more), a.verdict, records)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// writeReportText writes a report's sentence and its notes.
func writeReportText(w io.Writer, r *replay.Report) error {
	if _, err := fmt.Fprintln(w, r); err != nil {
		return err
	}
	for _, f := range r.Findings {
		if !f.Failure {
			if _, err := fmt.Fprintf(w, "  note: %s\n", f.Message); err != nil {
				return err
			}
		}
	}
	return nil
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
