package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/cputime"
)

func TestConfig(t *testing.T) {
	example, err := os.ReadFile(filepath.Join("..", "..", "boards.example.json"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, boards, err := Parse(example)
	if err != nil {
		t.Fatalf("boards.example.json: %v", err)
	}
	if cfg.Default != "app" || len(boards) != 5 || len(cfg.Origins) != 2 {
		t.Errorf("example: default %q, %d boards, origins %v", cfg.Default, len(boards), cfg.Origins)
	}
	// No file: a board for each variant (the web game posts a game to the
	// board named after its variant), app the default, each its variant's
	// rules, claims and times required, ranked as its game ranks: the free
	// site's wins first; and the duel tables' board, whose rules the
	// tables have.
	cfg, boards, err = Load("")
	if err != nil || cfg.Default != "app" || len(boards) != len(spider.Variants())+1 || !slices.Equal(cfg.Tables.Boards, []string{"duels"}) {
		t.Fatalf("default configuration: %+v %+v %v", cfg, boards, err)
	}
	byName := map[string]*Board{}
	for _, b := range boards {
		byName[b.Name] = b
	}
	for _, v := range spider.Variants() {
		b := byName[v.Name]
		if b == nil {
			t.Errorf("no default board for variant %s", v.Name)
			continue
		}
		if p := b.ReplayPolicy(); len(p.Variants) != 1 || p.Variants[0].Name != v.Name || !b.policy.Times ||
			b.policy.MinActionMs != 80 || b.policy.MaxActions != 5000 {
			t.Errorf("default board %s: %+v", v.Name, b)
		}
		if want := map[bool]Rank{true: RankWins, false: RankScore}[v.Name == spider.VariantGratuit]; b.Rank != want {
			t.Errorf("default board %s ranks by %q, want %q", v.Name, b.Rank, want)
		}
	}
	for _, tc := range []struct{ desc, in, wantErr string }{
		{"unknown key", `{"bords": []}`, "unknown field"},
		{"bad board name", `{"boards": [{"name": "Has Space"}]}`, "not 1 to 32"},
		{"name twice", `{"boards": [{"name": "a"}, {"name": "a"}]}`, "named twice"},
		{"default names no board", `{"default": "b", "boards": [{"name": "a"}]}`, "not among the boards"},
		{"bad policy", `{"boards": [{"name": "a", "policy": {"variants": ["nope"]}}]}`, `board "a"`},
		{"unknown policy key", `{"boards": [{"name": "a", "policy": {"fastest": 5}}]}`, `board "a"`},
		{"closes is no time", `{"boards": [{"name": "a", "closes": "tomorrow"}]}`, "not an RFC 3339 time"},
		{"unknown rank", `{"boards": [{"name": "a", "rank": "fastest"}]}`, `rank "fastest" is not "score" or "wins"`},
		{"tickets without game codes", `{"boards": [{"name": "a", "tickets": true, "policy": {"deals": {"programs": [{"program": "kpat"}]}}}]}`, "tickets need"},
	} {
		if _, _, err := Parse([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: %v, want an error with %q", tc.desc, err, tc.wantErr)
		}
	}
	// A board without a policy accepts what verifies under its own rules.
	if _, boards, err := Parse([]byte(`{"boards": [{"name": "any"}]}`)); err != nil || string(boards[0].Policy) != "{}" || boards[0].Rank != RankScore {
		t.Errorf("board without a policy or a rank: %v %v", boards, err)
	}
}

// A configuration file over MaxBytes is refused before it is parsed:
// a 51 MB file sent by SIGHUP once took 5.4 GB and 52 s to be refused.
func TestConfigTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	big := `{"boards": [{"name": "a", "title": "` + strings.Repeat("x", MaxBytes) + `"}]}`
	if err := os.WriteFile(path, []byte(big), 0o600); err != nil {
		t.Fatal(err)
	}
	start, _ := cputime.Process()
	_, _, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), "over 1048576 bytes") {
		t.Errorf("a configuration of %d bytes: %v", len(big), err)
	}
	if took, ok := cputime.Since(start); ok && took > 200*time.Millisecond {
		t.Errorf("refusing it took %v of CPU", took)
	}
	if err := os.WriteFile(path, []byte(`{"boards": [{"name": "a"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, boards, err := Load(path); err != nil || len(boards) != 1 {
		t.Errorf("a small configuration: %v, %d boards", err, len(boards))
	}
}

// TestKeepRefusedConfig: keepRefused is a positive Go duration.
func TestKeepRefusedConfig(t *testing.T) {
	for _, tc := range []struct {
		keep string
		ok   bool
	}{{"720h", true}, {"", true}, {"30d", false}, {"-1h", false}, {"0s", false}} {
		_, boards, err := Parse([]byte(`{"boards": [{"name": "b", "policy": {}, "keepRefused": "` + tc.keep + `"}]}`))
		if (err == nil) != tc.ok {
			t.Errorf("keepRefused %q: %v", tc.keep, err)
		}
		if err == nil && boards[0].KeepRefused != tc.keep {
			t.Errorf("keepRefused %q: the board shows %q", tc.keep, boards[0].KeepRefused)
		}
	}
}

// TestSamePolicy: two boards have the same policy when they require the
// same, however the configuration spells it.
func TestSamePolicy(t *testing.T) {
	for _, tc := range []struct {
		desc string
		a, b string
		same bool
	}{
		{"the same words", `{"variants": ["duel"], "times": true}`, `{"variants": ["duel"], "times": true}`, true},
		{"keys in another order", `{"variants": ["duel"], "times": true}`, `{"times": true, "variants": ["duel"]}`, true},
		{"a variant named or spelled out", `{"variants": ["duel"]}`,
			`{"variants": [{"name": "duel", "variant": "duel"}]}`, true},
		{"nothing and the empty policy", `{}`, ``, true},
		{"times or none", `{"variants": ["duel"], "times": true}`, `{"variants": ["duel"]}`, false},
		{"another variant", `{"variants": ["duel"]}`, `{"variants": ["app"]}`, false},
		{"a minimum time", `{"times": true}`, `{"times": true, "minMs": 80}`, false},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			policy := func(p string) string {
				if p == "" {
					return ""
				}
				return `, "policy": ` + p
			}
			_, boards, err := Parse([]byte(`{"boards": [{"name": "a"` + policy(tc.a) + `}, {"name": "b"` + policy(tc.b) + `}]}`))
			if err != nil {
				t.Fatal(err)
			}
			if got := SamePolicy(boards[0], boards[1]); got != tc.same {
				t.Errorf("same: %v, want %v", got, tc.same)
			}
			if !SamePolicy(boards[0], boards[0]) {
				t.Error("a board's policy is not its own")
			}
		})
	}
}
