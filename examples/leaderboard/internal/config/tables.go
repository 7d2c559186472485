package config

import (
	"fmt"
	"slices"
	"time"

	"github.com/spiderkit/spider"
)

// Tables is the configuration's tables section: the boards whose rules a
// duel table may have and the lobby's bounds. Every bound is optional (0
// or "": its default, Table's).
type Tables struct {
	// Boards name the boards whose rules a table may have, the first the
	// default; none: the service opens no table. Each must take game
	// codes and time every action, and each of its variants must have a
	// clock (a time limit), so that a silent game ends.
	Boards []string `json:"boards"`
	// Seats is how many tables not yet ended one player may sit at (0: 3).
	Seats int `json:"seats"`
	// Open is how many tables not yet ended the service holds in all (0:
	// 10000).
	Open int `json:"open"`
	// InvitesPerMinute is how many invitations one player may send in a
	// minute (0: 10).
	InvitesPerMinute int `json:"invitesPerMinute"`
	// Invites is how many invitations may wait for one player (0: 20).
	Invites int `json:"invites"`
	// Wait is how long a table waits for its second player, and each
	// seated player for the start of their game, from the table's
	// opening: a Go duration ("": 1h). Then a seat not started is left
	// (a resignation) and a table without a second player closes.
	Wait string `json:"wait"`
	// Watchers is how many live streams one player may watch at once (0:
	// 8), and AllWatchers how many the service serves (0: 10000).
	Watchers    int `json:"watchers"`
	AllWatchers int `json:"allWatchers"`
}

// TableLimits are a tables section's bounds with the defaults filled in.
type TableLimits struct {
	Seats, Open, InvitesPerMinute, Invites, Watchers, AllWatchers int
	Wait                                                          time.Duration
}

// Limits are the section's bounds, each 0 replaced by its default.
func (t Tables) Limits() TableLimits {
	or := func(n, def int) int {
		if n <= 0 {
			return def
		}
		return n
	}
	wait, err := time.ParseDuration(t.Wait)
	if err != nil || wait <= 0 {
		wait = time.Hour
	}
	return TableLimits{Seats: or(t.Seats, 3), Open: or(t.Open, 10000), InvitesPerMinute: or(t.InvitesPerMinute, 10),
		Invites: or(t.Invites, 20), Watchers: or(t.Watchers, 8), AllWatchers: or(t.AllWatchers, 10000), Wait: wait}
}

// checkTables refuses a tables section that names a board not among
// boards, or one whose rules a table cannot have.
func checkTables(t Tables, boards []*Board) error {
	if t.Wait != "" {
		if d, err := time.ParseDuration(t.Wait); err != nil || d <= 0 {
			return fmt.Errorf("config: tables: wait %s is not a positive duration such as 1h", spider.Quote(t.Wait))
		}
	}
	for _, n := range []int{t.Seats, t.Open, t.InvitesPerMinute, t.Invites, t.Watchers, t.AllWatchers} {
		if n < 0 {
			return fmt.Errorf("config: tables: a bound is negative (%d): 0 is its default", n)
		}
	}
	for i, name := range t.Boards {
		if slices.Contains(t.Boards[:i], name) {
			return fmt.Errorf("config: tables: board %s is named twice", spider.Quote(name))
		}
		j := slices.IndexFunc(boards, func(b *Board) bool { return b.Name == name })
		if j < 0 {
			return fmt.Errorf("config: tables: board %s is not among the boards", spider.Quote(name))
		}
		if err := boards[j].TableRules(); err != nil {
			return fmt.Errorf("config: tables: board %s: %w", spider.Quote(name), err)
		}
	}
	return nil
}

// TableRules says why a table cannot have this board's rules, or nil: a
// table's deal is a game code the service chooses, every action is timed
// (the service keeps the clock) and every variant has a time limit (a
// silent game ends).
func (b *Board) TableRules() error {
	p := b.policy
	switch {
	case !dealsCodes(p.Deals):
		return fmt.Errorf("a table's deal is a game code the service chooses: the board must take game codes")
	case !p.Times:
		return fmt.Errorf("a table's actions are timed: the board's policy must require times")
	case len(p.Variants) == 0:
		return fmt.Errorf("a table's rules must have a clock: the board's policy must name its variants, each with a time limit")
	}
	for _, v := range p.Variants {
		if v.Rules.TimeLimitMs <= 0 {
			return fmt.Errorf("a table's rules must have a clock: the variant %s has no time limit", spider.Quote(v.Name))
		}
	}
	return nil
}

// TableVariant is the variant of a table on the board: the one named
// (any of the policy's), or the first when name is "".
func (b *Board) TableVariant(name string) (spider.Variant, error) {
	vs := b.policy.Variants
	if name == "" && len(vs) > 0 {
		return vs[0], nil
	}
	for _, v := range vs {
		if v.Name == name {
			return v, nil
		}
	}
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	return spider.Variant{}, fmt.Errorf("the board %s has no variant %s: its variants are %v", spider.Quote(b.Name), spider.Quote(name), names)
}
