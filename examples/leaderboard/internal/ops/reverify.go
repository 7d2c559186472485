package ops

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/replay"
)

// Change is a stored record whose verdict or score differs when it is
// verified again with the current SDK and its board's current policy.
type Change struct {
	ID     int64
	Board  string
	Was    string // status and score when it was accepted
	Now    string // the same today
	Reason string // why, when it no longer verifies
}

// Reverify replays every stored record, page by page, and returns those
// whose verdict or score changed, and how many it checked. A record the
// operator unranked already is counted but not replayed: it stays
// unranked with its reason.
func Reverify(ctx context.Context, st store.Store, boards []*config.Board) ([]Change, int, error) {
	c, err := config.NewCodec()
	if err != nil {
		return nil, 0, err
	}
	defer c.Close()
	byName := map[string]*config.Board{}
	for _, b := range boards {
		byName[b.Name] = b
	}
	var changes []Change
	n := 0
	for last := int64(0); ; {
		page, err := st.Records(ctx, last, 500)
		if err != nil {
			return changes, n, err
		}
		if len(page) == 0 {
			return changes, n, nil
		}
		for _, st := range page {
			last, n = st.ID, n+1
			if st.Unranked != "" {
				continue
			}
			was := fmt.Sprintf("%s %d", st.Status, st.Score)
			ch := Change{ID: st.ID, Board: st.Board, Was: was}
			b := byName[st.Board]
			rec, err := c.DecodeBinary(st.Record)
			switch {
			case b == nil:
				ch.Now, ch.Reason = "no board", "the configuration has no board "+st.Board
			case err != nil:
				ch.Now, ch.Reason = "malformed", err.Error()
			default:
				rep := b.Verify(c, rec)
				switch {
				case rep.Verdict == replay.Rejected:
					ch.Now, ch.Reason = "rejected", string(rep.Rejection.Kind)+": "+rep.Reason()
				case rep.Verdict.String() != st.Status || rep.Result.Score != st.Score:
					ch.Now, ch.Reason = fmt.Sprintf("%s %d", rep.Verdict, rep.Result.Score), rep.Reason()
				default:
					continue
				}
			}
			changes = append(changes, ch)
		}
	}
}

// ReverifyCmd is "leaderboard reverify [-apply]": it prints one line a
// changed record and a summary, and reports whether anything changed. With
// -apply, each record that no longer verifies is unranked (Unverified).
func ReverifyCmd(args []string, out io.Writer) (_ bool, err error) {
	fs := flag.NewFlagSet("leaderboard reverify", flag.ContinueOnError)
	sf := AddStoreFlags(fs)
	apply := fs.Bool("apply", false, "unrank the records that no longer verify, keeping them and why")
	if err := fs.Parse(args); err != nil {
		return false, err
	}
	_, boards, err := config.Load(*sf.Config)
	if err != nil {
		return false, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	st, err := sf.Open(ctx)
	if err != nil {
		return false, err
	}
	defer closeStore(st, &err)
	changes, n, err := Reverify(ctx, st, boards)
	if err == nil && *apply {
		err = applyChanges(ctx, st, changes, out)
	}
	for _, ch := range changes {
		if _, werr := fmt.Fprintf(out, "record %d (board %s): was %s, now %s: %s\n", ch.ID, ch.Board, ch.Was, ch.Now, ch.Reason); werr != nil {
			return len(changes) > 0, errors.Join(err, werr)
		}
	}
	if err != nil {
		return len(changes) > 0, err
	}
	if _, err := fmt.Fprintf(out, "%d records re-verified, %d changed\n", n, len(changes)); err != nil {
		return len(changes) > 0, err
	}
	return len(changes) > 0, nil
}

// Unverified says whether a change is one of a record that no longer
// verifies (rejected, malformed, or its board gone), rather than one of a
// score or verdict that differs.
func (c Change) Unverified() bool {
	return c.Now == "rejected" || c.Now == "malformed" || c.Now == "no board"
}

// applyChanges unranks each record of changes that no longer verifies,
// with "reverify: NOW: REASON" as its reason, and says so on out.
func applyChanges(ctx context.Context, s *store.SQLStore, changes []Change, out io.Writer) error {
	for _, ch := range changes {
		if !ch.Unverified() {
			continue
		}
		if err := s.Unrank(ctx, ch.ID, "reverify: "+ch.Now+": "+ch.Reason); err != nil {
			return err
		}
		if _, err := fmt.Fprintf(out, "record %d unranked\n", ch.ID); err != nil {
			return err
		}
	}
	return nil
}
