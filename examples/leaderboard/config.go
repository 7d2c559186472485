package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/spiderkit/spider/internal/strictjson"
	"github.com/spiderkit/spider/replay"
)

// FileConfig is the configuration file (JSON; boards.example.json is an
// example, the README documents every key). Every key is optional; the
// zero value is the default board alone.
type FileConfig struct {
	// Default names the board of a submission or ranking query that names
	// none; "" means the first board.
	Default string `json:"default"`
	// Origins are the web origins whose pages may call the service
	// (CORS), such as "https://game.example"; "*" allows any.
	Origins []string `json:"origins"`
	// Boards are the rankings, each with its policy.
	Boards []BoardConfig `json:"boards"`
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
}

// Board is a board ready to verify records: its name, title and parsed
// policy. It is not changed after the configuration is loaded.
type Board struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Policy is the policy as the configuration gave it, for GET /boards.
	Policy json.RawMessage `json:"policy"`
	policy replay.Policy
}

// defaultConfig is the configuration without a file: one board, "app",
// with the app's rules and scoring on game codes, every claim and the
// actions' times required.
//
//go:embed default.json
var defaultConfig []byte

// configKeys are the keys of the configuration file, at every depth.
var configKeys = strictjson.Keys(FileConfig{})

var boardName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)

// LoadConfig reads the configuration file at path, or the default
// configuration when path is "".
func LoadConfig(path string) (FileConfig, []*Board, error) {
	data := defaultConfig
	if path != "" {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			return FileConfig{}, nil, err
		}
	}
	cfg, boards, err := ParseConfig(data)
	if err != nil && path != "" {
		err = fmt.Errorf("%s: %w", path, err)
	}
	return cfg, boards, err
}

// ParseConfig reads a configuration file's contents: unknown keys, a key
// given twice or in another case than the file's, a bad board name, a name used twice, a bad policy or a default that names no
// board are refused.
func ParseConfig(data []byte) (FileConfig, []*Board, error) {
	var cfg FileConfig
	// A key twice or in another case than the file's ("Boards") is
	// refused at any depth, as encoding/json would keep the last or fold
	// it; a board's policy is checked again, as a policy, by ParsePolicy.
	if err := strictjson.Check(data, configKeys, nil); err != nil {
		return cfg, nil, fmt.Errorf("config: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		return cfg, nil, fmt.Errorf("config: %v", err)
	}
	if len(cfg.Boards) == 0 {
		def, boards, err := ParseConfig(defaultConfig)
		if err != nil {
			return cfg, nil, err
		}
		cfg.Boards = def.Boards
		if cfg.Default == "" {
			cfg.Default = boards[0].Name
		}
	}
	var boards []*Board
	seen := map[string]bool{}
	for i, bc := range cfg.Boards {
		if !boardName.MatchString(bc.Name) {
			return cfg, nil, fmt.Errorf("config: board %d: name %q is not 1 to 32 lower-case letters, digits and '-'", i+1, bc.Name)
		}
		if seen[bc.Name] {
			return cfg, nil, fmt.Errorf("config: board %q is named twice", bc.Name)
		}
		seen[bc.Name] = true
		raw := bc.Policy
		if len(bytes.TrimSpace(raw)) == 0 {
			raw = json.RawMessage("{}")
		}
		p, err := replay.ParsePolicy(raw)
		if err != nil {
			return cfg, nil, fmt.Errorf("config: board %q: %w", bc.Name, err)
		}
		boards = append(boards, &Board{Name: bc.Name, Title: bc.Title, Policy: raw, policy: p})
	}
	if cfg.Default == "" {
		cfg.Default = boards[0].Name
	}
	cfg.Default = strings.ToLower(cfg.Default)
	if !seen[cfg.Default] {
		return cfg, nil, fmt.Errorf("config: the default board %q is not among the boards", cfg.Default)
	}
	return cfg, boards, nil
}
