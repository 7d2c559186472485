package config

import (
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// daily reports whether the board takes only daily codes.
func (b *Board) daily() bool { return b.policy.Deals.Codes == replay.DailyCodes }

// ClosesAt is when the board closes for a record accepted at submitted:
// the board's closes time; on a board of daily codes without one, the end
// of the record's day everywhere (its date at UTC-12, the last place
// where the verifier still takes that day's code), which is noon UTC the
// day after. ok is false when it never closes.
func (b *Board) ClosesAt(rec *codec.Record, submitted time.Time) (at time.Time, ok bool) {
	if !b.closes.IsZero() {
		return b.closes, true
	}
	if !b.daily() || rec.Deal.Kind != codec.DealCode {
		return time.Time{}, false
	}
	c := rec.Deal.Code
	day := submitted.UTC()
	for _, shift := range []int{0, -1, 1} {
		d := day.AddDate(0, 0, shift)
		if want, err := spider.DailyCode(d, c.Suits, c.Group); err == nil && want == c {
			y, m, dd := d.Date()
			return time.Date(y, m, dd+1, 12, 0, 0, 0, time.UTC), true
		}
	}
	return time.Time{}, false
}

// Closed reports whether the board's closes time has passed at now (a
// board of daily codes closes day by day and so is never closed as a
// whole).
func (b *Board) Closed(now time.Time) bool { return !b.closes.IsZero() && !now.Before(b.closes) }

// ReplayPolicy is the board's policy, parsed.
func (b *Board) ReplayPolicy() replay.Policy { return b.policy }

// KeepRefusedFor is how long the board keeps a refused submission (its
// keepRefused, parsed; 0: none kept).
func (b *Board) KeepRefusedFor() time.Duration { return b.keepRefused }

// TakesAnyDeal reports whether the board's deal policy is the zero one:
// every deal, so that a player may choose it.
func (b *Board) TakesAnyDeal() bool { return anyDeal(b.policy.Deals) }
