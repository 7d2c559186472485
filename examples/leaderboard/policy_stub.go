package main

// STUB(issue 13): this file stands in for replay.Policy, replay.ParsePolicy,
// Options.Policy, replay.Rejected, codec.Identity and codec.RankingKey until
// they land on main. It reads the same JSON (the subset the service needs)
// and checks the same things before the replay. When main has them, delete
// this file and let policy.go call the real API.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// policy is what a board requires of a record (STUB for replay.Policy).
type policy struct {
	Variants    []spider.Variant
	Codes       string // "", "all", "daily" or one code
	Suits       []int
	Programs    []programDeal
	Positions   string // "", "none", "starts", "any"
	Claims      []string
	Times       bool
	MinActionMs uint32
	MaxActions  int
	MaxBytes    int
}

// programDeal is another program's games a board accepts.
type programDeal struct {
	Program string `json:"program"`
	Suits   int    `json:"suits"`
}

// parsePolicy reads a board's policy as JSON (STUB for replay.ParsePolicy).
func parsePolicy(data []byte) (policy, error) {
	var raw struct {
		Variants []json.RawMessage `json:"variants"`
		Deals    *struct {
			Codes     string        `json:"codes"`
			Suits     []int         `json:"suits"`
			Programs  []programDeal `json:"programs"`
			Positions string        `json:"positions"`
		} `json:"deals"`
		Claims     json.RawMessage `json:"claims"`
		Times      bool            `json:"times"`
		MinMs      uint32          `json:"minMs"`
		MaxActions int             `json:"maxActions"`
		MaxBytes   int             `json:"maxBytes"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return policy{}, fmt.Errorf("policy: %v", err)
	}
	p := policy{Times: raw.Times, MinActionMs: raw.MinMs, MaxActions: raw.MaxActions, MaxBytes: raw.MaxBytes}
	for _, v := range raw.Variants {
		var name string
		if json.Unmarshal(v, &name) == nil {
			preset, err := spider.Preset(name)
			if err != nil {
				return policy{}, fmt.Errorf("policy: %v", err)
			}
			p.Variants = append(p.Variants, preset)
			continue
		}
		var custom struct{ Name, Rules, Scoring string }
		if err := json.Unmarshal(v, &custom); err != nil {
			return policy{}, fmt.Errorf("policy: variant %s: %v", v, err)
		}
		rules, err := codec.ParseRules(custom.Rules)
		if err != nil {
			return policy{}, fmt.Errorf("policy: variant %s: %v", custom.Name, err)
		}
		scoring, err := codec.ParseScoring(custom.Scoring)
		if err != nil {
			return policy{}, fmt.Errorf("policy: variant %s: %v", custom.Name, err)
		}
		p.Variants = append(p.Variants, spider.Variant{Name: custom.Name, Rules: rules, Scoring: scoring})
	}
	if d := raw.Deals; d != nil {
		p.Codes, p.Suits, p.Programs, p.Positions = d.Codes, d.Suits, d.Programs, d.Positions
	}
	switch {
	case len(raw.Claims) == 0:
	case string(raw.Claims) == `"all"`:
		p.Claims = []string{"score", "moves", "runs", "result", "time"}
	default:
		if err := json.Unmarshal(raw.Claims, &p.Claims); err != nil {
			return policy{}, fmt.Errorf("policy: claims: %v", err)
		}
	}
	return p, nil
}

// verifyUnder checks rec against p, then replays it (STUB for a Verifier
// with Options.Policy): a record p refuses gets a rejection and no replay.
func verifyUnder(v *replay.Verifier, p policy, rec *codec.Record) (*replay.Report, *rejection) {
	if kind, msg := p.check(rec); kind != "" {
		return &replay.Report{Status: replay.Disputed, Actions: len(rec.Actions)}, &rejection{Kind: kind, Message: msg}
	}
	return v.Verify(rec), nil
}

// check returns the kind and reason of the first rule of p that rec breaks.
func (p policy) check(r *codec.Record) (kind, msg string) {
	if len(p.Variants) > 0 {
		ok := false
		for _, v := range p.Variants {
			rules := v.Rules
			if r.Deal.Kind == codec.DealCode {
				rules.Group = r.Deal.Code.Group
			}
			ok = ok || rules == r.Rules && v.Scoring == r.Scoring
		}
		if !ok {
			return "variant", fmt.Sprintf("rules %q and scoring %q are not those of an allowed variant", r.Rules, fmt.Sprint(r.Scoring))
		}
	}
	switch r.Deal.Kind {
	case codec.DealCode:
		c := r.Deal.Code
		switch p.Codes {
		case "", "all":
		case "daily":
			if d, err := spider.DailyCode(time.Now().UTC(), c.Suits, c.Group); err != nil || d != c {
				return "deal", fmt.Sprintf("%s is not today's daily deal", c)
			}
		default:
			if want, err := spider.ParseCode(p.Codes); err != nil || want != c {
				return "deal", fmt.Sprintf("only %s is allowed, not %s", p.Codes, c)
			}
		}
		if len(p.Suits) > 0 && !contains(p.Suits, c.Suits) {
			return "deal", fmt.Sprintf("%d suits is not allowed", c.Suits)
		}
	case codec.DealProgram:
		ok := p.Codes == "" && len(p.Programs) == 0
		for _, g := range p.Programs {
			ok = ok || g.Program == r.Deal.Program && g.Suits == r.Deal.Suits
		}
		if !ok {
			return "deal", fmt.Sprintf("%s games with %d suits are not allowed", r.Deal.Program, r.Deal.Suits)
		}
	case codec.DealPosition:
		if p.Positions != "any" && (p.Positions != "" || p.Codes != "" || len(p.Programs) > 0) {
			return "position", "explicit positions are not allowed"
		}
	}
	for _, c := range p.Claims {
		missing := c == "score" && r.Claims.Score == nil || c == "moves" && r.Claims.Moves == nil ||
			c == "runs" && r.Claims.Runs == nil || c == "result" && r.Claims.Result == "" || c == "time" && r.Claims.Time == nil
		if missing {
			return "claims", "the record does not claim its " + c
		}
	}
	if p.Times && r.Times == nil && len(r.Actions) > 0 {
		return "times", "the record has no per-action times"
	}
	for i, t := range r.Times {
		if t < p.MinActionMs {
			return "too-fast", fmt.Sprintf("action %d took %d ms, under %d", i+1, t, p.MinActionMs)
		}
	}
	if p.MaxActions > 0 && len(r.Actions) > p.MaxActions {
		return "too-many-actions", fmt.Sprintf("%d actions, over %d", len(r.Actions), p.MaxActions)
	}
	return "", ""
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// identityKey is the key of "the same game" (STUB for codec.Identity): the
// SHA-256 of the text form without tags, claims and times.
func identityKey(r *codec.Record) string {
	bare := *r
	bare.Tags, bare.Claims, bare.Times = nil, codec.Claims{}, nil
	text, err := codec.AppendText(nil, &bare)
	if err != nil {
		text = []byte(err.Error())
	}
	sum := sha256.Sum256(text)
	return hex.EncodeToString(sum[:])
}

// rankingKey is the deal and the variant (STUB for codec.RankingKey).
func rankingKey(r *codec.Record) string {
	variant := r.Variant
	if variant == "" {
		variant = "custom"
	}
	switch r.Deal.Kind {
	case codec.DealCode:
		return r.Deal.Code.String() + " " + variant
	case codec.DealProgram:
		return strings.Join([]string{r.Deal.Program, r.Deal.Game, fmt.Sprintf("suits=%d", r.Deal.Suits), variant}, " ")
	}
	return "position " + identityKey(&codec.Record{Deal: r.Deal, Rules: r.Rules}) + " " + variant
}
