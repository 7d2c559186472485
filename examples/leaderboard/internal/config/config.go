// Package config is the leaderboard's configuration file and its boards:
// each board's policy (what replay.ParsePolicy reads), when it closes and
// what it asks of a record besides; a record is verified under its
// board's policy with the service's codec (NewCodec). A loaded Board is
// never changed: a reload makes new ones.
package config

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/strictjson"
	"github.com/spiderkit/spider/replay"
)

// File is the configuration file (JSON; boards.example.json is an
// example, the README documents every key). Every key is optional; the
// zero value is the default board alone.
type File struct {
	// Default names the board of a submission or ranking query that names
	// none; "" means the first board.
	Default string `json:"default"`
	// Origins are the web origins whose pages may call the service
	// (CORS), such as "https://game.example"; "*" allows any.
	Origins []string `json:"origins"`
	// Boards are the rankings, each with its policy.
	Boards []BoardConfig `json:"boards"`
	// TicketKey is the secret that signs tickets (at least 16 bytes); the
	// environment's SPIDER_TICKET_KEY replaces it. Every instance of one
	// service needs the same key.
	TicketKey string `json:"ticketKey"`
	// Tables are the duel tables: the boards whose rules a table may
	// have, and the lobby's bounds. Without it (or with no boards) the
	// service opens no table.
	Tables Tables `json:"tables"`
}

// BoardConfig is one board of the configuration file.
type BoardConfig struct {
	// Name identifies the board in URLs: lower-case letters, digits and '-'.
	Name string `json:"name"`
	// Title is a line for people.
	Title string `json:"title"`
	// Policy is what the board requires of a record, in the form
	// replay.ParsePolicy reads; {} accepts any record that verifies under
	// its own rules.
	Policy json.RawMessage `json:"policy"`
	// Withhold keeps the board's records (GET /records/{id}: the actions)
	// from everyone until the board closes, so that a line cannot be
	// copied from the board while it is open.
	Withhold bool `json:"withhold"`
	// Closes is when the board closes (RFC 3339, "2027-01-01T00:00:00Z"):
	// from then on it takes no submission and shows its withheld records.
	// "" is never, but on a board of daily codes, where each day's deal
	// closes when that day has ended everywhere (see Board.ClosesAt).
	Closes string `json:"closes"`
	// Tickets requires a ticket (POST /games) on every record.
	Tickets bool `json:"tickets"`
	// Anonymous accepts names that are not registered, ranked as
	// unverified; without it only registered players may post.
	Anonymous bool `json:"anonymous"`
	// KeepRefused keeps each refused submission, with its reason, for this
	// long (a Go duration, "720h"), so that a dispute can quote its id;
	// "" keeps none.
	KeepRefused string `json:"keepRefused"`
	// Rank is how the board orders its rankings, as its game ranks: "score"
	// (RankScore, and "") or "wins" (RankWins).
	Rank Rank `json:"rank"`
}

// Rank is the order of a board's rankings, best first.
type Rank string

const (
	// RankScore is the highest score first, then the fewest moves, then
	// the first accepted (a shorter time is the cheapest thing to claim:
	// it breaks no tie).
	RankScore Rank = "score"
	// RankWins puts won games before the others, then ranks as RankScore:
	// the free site's best score "goes to who wins with the fewest coups",
	// where a win scores 1300 less its coups (moves, deals, undos and
	// hints), and a game not won, however few its coups, comes after
	// every win.
	RankWins Rank = "wins"
)

// Board is a board ready to verify records: its name, title and parsed
// policy. It is not changed after the configuration is loaded.
type Board struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Policy is the policy as the configuration gave it, for GET /boards.
	Policy json.RawMessage `json:"policy"`
	// Withhold and Closes are the configuration's (BoardConfig).
	Withhold bool   `json:"withhold"`
	Closes   string `json:"closes,omitempty"`
	// Tickets and Anonymous are the configuration's.
	Tickets   bool `json:"tickets"`
	Anonymous bool `json:"anonymous"`
	// Rank is the configuration's, RankScore when it gave none.
	Rank Rank `json:"rank"`
	// KeepRefused is the configuration's; keepRefused the same, parsed
	// (0: refused submissions are not kept).
	KeepRefused string `json:"keepRefused,omitempty"`
	keepRefused time.Duration
	policy      replay.Policy
	closes      time.Time // zero: never
}

// defaultConfig is the configuration without a file: a board for each
// variant, named after it ("app" the default), each with its variant's
// rules and scoring on game codes, every claim and the actions' times
// required, ranked as its game ranks; and "duels", the duel tables'
// games (the tables have its rules), dealt by the server to registered
// players.
//
//go:embed default.json
var defaultConfig []byte

// DefaultJSON is the configuration without a file (default.json).
func DefaultJSON() []byte { return bytes.Clone(defaultConfig) }

// configKeys are the keys of the configuration file, at every depth.
var configKeys = strictjson.Keys(File{})

var boardName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)

// MaxBytes is the largest configuration file Load reads; a
// larger one is refused before it is parsed (a file of many boards takes
// a few kilobytes).
const MaxBytes = 1 << 20

// Load reads the configuration file at path, or the default
// configuration when path is "". A file over MaxBytes is refused
// unread.
func Load(path string) (File, []*Board, error) {
	data := defaultConfig
	if path != "" {
		f, err := os.Open(path)
		if err != nil {
			return File{}, nil, err
		}
		defer f.Close()
		if data, err = io.ReadAll(io.LimitReader(f, MaxBytes+1)); err != nil {
			return File{}, nil, err
		}
		if len(data) > MaxBytes {
			return File{}, nil, fmt.Errorf("%s: over %d bytes: a configuration is at most 1 MiB", path, MaxBytes)
		}
	}
	cfg, boards, err := Parse(data)
	if err != nil && path != "" {
		err = fmt.Errorf("%s: %w", path, err)
	}
	return cfg, boards, err
}

// Parse reads a configuration file's contents: unknown keys, a key
// given twice or in another case than the file's, a bad board name, a
// name used twice, a bad policy or a default that names no board are
// refused.
func Parse(data []byte) (File, []*Board, error) {
	var cfg File
	// A key twice or in another case than the file's ("Boards") is
	// refused at any depth, as encoding/json would keep the last or fold
	// it; a board's policy is checked again, as a policy, by ParsePolicy.
	if err := strictjson.Check(data, configKeys, nil); err != nil {
		return cfg, nil, fmt.Errorf("config: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := strictjson.Tidy(dec.Decode(&cfg)); err != nil {
		return cfg, nil, fmt.Errorf("config: %v", err)
	}
	if err := strictjson.Rest(data, dec.InputOffset(), nil); err != nil {
		return cfg, nil, fmt.Errorf("config: %w", err)
	}
	if len(cfg.Boards) == 0 {
		def, boards, err := Parse(defaultConfig)
		if err != nil {
			return cfg, nil, err
		}
		cfg.Boards = def.Boards
		if len(cfg.Tables.Boards) == 0 {
			cfg.Tables.Boards = def.Tables.Boards
		}
		if cfg.Default == "" {
			cfg.Default = boards[0].Name
		}
	}
	var boards []*Board
	seen := map[string]bool{}
	for i, bc := range cfg.Boards {
		if !boardName.MatchString(bc.Name) {
			return cfg, nil, fmt.Errorf("config: board %d: name %s is not 1 to 32 lower-case letters, digits and '-'", i+1, spider.Quote(bc.Name))
		}
		if seen[bc.Name] {
			return cfg, nil, fmt.Errorf("config: board %s is named twice", spider.Quote(bc.Name))
		}
		seen[bc.Name] = true
		b, err := parseBoard(bc)
		if err != nil {
			return cfg, nil, err
		}
		boards = append(boards, b)
	}
	if cfg.Default == "" {
		cfg.Default = boards[0].Name
	}
	cfg.Default = strings.ToLower(cfg.Default)
	if !seen[cfg.Default] {
		return cfg, nil, fmt.Errorf("config: the default board %s is not among the boards", spider.Quote(cfg.Default))
	}
	if err := checkTables(cfg.Tables, boards); err != nil {
		return cfg, nil, err
	}
	return cfg, boards, nil
}

// parseBoard reads one board of a configuration file, its name already
// checked: its policy, tickets, rank, closing time and refusals' keeping.
func parseBoard(bc BoardConfig) (*Board, error) {
	raw := bc.Policy
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = json.RawMessage("{}")
	}
	p, err := replay.ParsePolicy(raw)
	if err != nil {
		return nil, fmt.Errorf("config: board %s: %w", spider.Quote(bc.Name), err)
	}
	if bc.Tickets && !dealsCodes(p.Deals) {
		return nil, fmt.Errorf("config: board %s: tickets need a board that allows game codes", spider.Quote(bc.Name))
	}
	b := &Board{Name: bc.Name, Title: bc.Title, Policy: raw, Withhold: bc.Withhold, Closes: bc.Closes, Tickets: bc.Tickets, Anonymous: bc.Anonymous, Rank: bc.Rank, policy: p}
	switch b.Rank {
	case "":
		b.Rank = RankScore
	case RankScore, RankWins:
	default:
		return nil, fmt.Errorf("config: board %s: rank %s is not %q or %q", spider.Quote(bc.Name), spider.Quote(string(bc.Rank)), RankScore, RankWins)
	}
	if bc.Closes != "" {
		if b.closes, err = time.Parse(time.RFC3339, bc.Closes); err != nil {
			return nil, fmt.Errorf("config: board %s: closes %s is not an RFC 3339 time such as 2027-01-01T00:00:00Z", spider.Quote(bc.Name), spider.Quote(bc.Closes))
		}
	}
	if b.KeepRefused = bc.KeepRefused; bc.KeepRefused != "" {
		if b.keepRefused, err = time.ParseDuration(bc.KeepRefused); err != nil || b.keepRefused <= 0 {
			return nil, fmt.Errorf("config: board %s: keepRefused %s is not a positive duration such as 720h", spider.Quote(bc.Name), spider.Quote(bc.KeepRefused))
		}
	}
	return b, nil
}

// SamePolicy reports whether boards a and b require the same of a
// record: their policies written out are the same (replay.Policy's JSON,
// each variant in full, so that the configuration's spelling of a policy
// does not count).
func SamePolicy(a, b *Board) bool {
	if a == b {
		return true
	}
	pa, errA := json.Marshal(a.policy)
	pb, errB := json.Marshal(b.policy)
	return errA == nil && errB == nil && bytes.Equal(pa, pb)
}

// anyDeal reports whether a deal policy is the zero one: every deal.
func anyDeal(d replay.DealPolicy) bool {
	return d.Codes == replay.NoCodes && len(d.Suits) == 0 && len(d.Programs) == 0 && d.Positions == replay.NoPositions
}

// dealsCodes reports whether a deal policy allows game codes.
func dealsCodes(d replay.DealPolicy) bool { return d.Codes != replay.NoCodes || anyDeal(d) }
