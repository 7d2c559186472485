package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/strictjson"
)

// ErrPolicy: a policy's JSON cannot be read (wrapped with the reason).
var ErrPolicy = spider.NewError("bad-policy", "replay: bad policy")

// policyJSON is the JSON form of a Policy (see ParsePolicy).
type policyJSON struct {
	Variants   []json.RawMessage `json:"variants,omitempty"`
	Deals      *dealsJSON        `json:"deals,omitempty"`
	Claims     json.RawMessage   `json:"claims,omitempty"`
	Times      bool              `json:"times,omitempty"`
	MinMs      uint32            `json:"minMs,omitempty"`
	MaxActions int               `json:"maxActions,omitempty"`
	MaxBytes   int               `json:"maxBytes,omitempty"`
	Outcomes   json.RawMessage   `json:"outcomes,omitempty"`
}

type dealsJSON struct {
	Codes     string        `json:"codes,omitempty"`
	Suits     []int         `json:"suits,omitempty"`
	Programs  []ProgramDeal `json:"programs,omitempty"`
	Positions string        `json:"positions,omitempty"`
}

type variantJSON struct {
	Name    string  `json:"name"`
	Variant string  `json:"variant,omitempty"`
	Rules   *string `json:"rules,omitempty"`
	Scoring *string `json:"scoring,omitempty"`
}

// policyKeys are the keys of a policy's JSON, at every depth (variants
// are raw, each read as a variantJSON).
var policyKeys = strictjson.Keys(policyJSON{}, variantJSON{})

var positionNames = map[string]PositionRule{"none": NoPositions, "starts": StartPositions, "any": AnyPositions}

// ParsePolicy reads a policy written as JSON, every key optional and
// unknown keys refused:
//
//	{
//	  "variants": ["app", {"name": "mine", "variant": "app", "scoring": "start=500 move=-1 run=100"}],
//	  "deals": {"codes": "all", "suits": [4], "programs": [{"program": "kpat", "suits": 4}], "positions": "starts"},
//	  "claims": ["score", "moves", "result", "time"],
//	  "times": true, "minMs": 80, "maxActions": 5000, "maxBytes": 65536,
//	  "outcomes": ["won", "resigned", "lost", "time-up"]
//	}
//
// A variant is a variant's name (spider.Variants), or an object with a
// name, the variant it starts from ("variant") and the rules and scoring as settings texts
// (codec.ParseRules, codec.ParseScoring), each complete when given and
// otherwise that variant's. "codes" is "none", "all",
// "daily" or one game code; "positions" is "none", "starts" (starting deals
// only) or "any"; "claims" is a list of score, moves, runs, result and time,
// or "all"; "outcomes" is a list of playing, won, resigned, blocked, lost
// and time-up, or "ended" (every one but playing: EndedOutcomes). A key
// given twice in one object, or in another case than the form's ("MinMs"
// for "minMs"), is refused at any depth, with its line and column: such errors also match codec.ErrDuplicateKey or
// codec.ErrUnknownKey. Errors wrap ErrPolicy.
func ParsePolicy(data []byte) (Policy, error) {
	var p Policy
	var j policyJSON
	if err := strictjson.Check(data, policyKeys, nil); err != nil {
		return p, fmt.Errorf("%w: %w", ErrPolicy, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := strictjson.Tidy(dec.Decode(&j)); err != nil {
		return p, fmt.Errorf("%w: %w", ErrPolicy, err)
	}
	if err := strictjson.Rest(data, dec.InputOffset(), ErrPolicy); err != nil {
		return p, err
	}
	for i, raw := range j.Variants {
		v, err := parseVariant(raw)
		if err != nil {
			return p, fmt.Errorf("%w: variant %d: %w", ErrPolicy, i+1, err)
		}
		p.Variants = append(p.Variants, v)
	}
	if d := j.Deals; d != nil {
		switch strings.ToLower(d.Codes) {
		case "", "none":
		case "all":
			p.Deals.Codes = AllCodes
		case "daily":
			p.Deals.Codes = DailyCodes
		default:
			c, err := spider.ParseCode(d.Codes)
			if err != nil {
				return p, fmt.Errorf("%w: deals codes %s is none, all, daily or a game code: %v", ErrPolicy, spider.Quote(d.Codes), err)
			}
			p.Deals.Codes, p.Deals.Code = OneCode, c
		}
		for _, s := range d.Suits {
			if s != 1 && s != 2 && s != 4 {
				return p, fmt.Errorf("%w: deals suits %d is not 1, 2 or 4", ErrPolicy, s)
			}
		}
		p.Deals.Suits = d.Suits
		for _, pd := range d.Programs {
			if pd.Program == "" || pd.Suits < 0 || pd.Suits > 4 {
				return p, fmt.Errorf("%w: deals program %s with %d suits: want a program name and 0 (any) to 4 suits", ErrPolicy, spider.Quote(pd.Program), pd.Suits)
			}
		}
		p.Deals.Programs = d.Programs
		if d.Positions != "" {
			r, ok := positionNames[strings.ToLower(d.Positions)]
			if !ok {
				return p, fmt.Errorf("%w: deals positions %s is none, starts or any", ErrPolicy, spider.Quote(d.Positions))
			}
			p.Deals.Positions = r
		}
		if p.Deals.Codes == NoCodes && len(p.Deals.Programs) == 0 && p.Deals.Positions == NoPositions {
			return p, fmt.Errorf("%w: \"deals\" allows no deal (name codes, programs or positions); leave it out to allow every deal", ErrPolicy)
		}
	}
	if len(j.Claims) > 0 {
		c, err := parseClaims(j.Claims)
		if err != nil {
			return p, fmt.Errorf("%w: claims: %w", ErrPolicy, err)
		}
		p.Claims = c
	}
	if len(j.Outcomes) > 0 {
		o, err := parseOutcomes(j.Outcomes)
		if err != nil {
			return p, fmt.Errorf("%w: outcomes: %w", ErrPolicy, err)
		}
		p.Outcomes = o
	}
	if j.MaxActions < 0 || j.MaxBytes < 0 {
		return p, fmt.Errorf("%w: maxActions and maxBytes cannot be negative", ErrPolicy)
	}
	p.Times, p.MinActionMs, p.MaxActions, p.MaxBytes = j.Times, j.MinMs, j.MaxActions, j.MaxBytes
	return p, nil
}

func parseVariant(raw json.RawMessage) (spider.Variant, error) {
	var name string
	if json.Unmarshal(raw, &name) == nil {
		return spider.ParseVariant(name)
	}
	var j variantJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := strictjson.Tidy(dec.Decode(&j)); err != nil {
		return spider.Variant{}, fmt.Errorf("want a variant's name or {\"name\", \"variant\", \"rules\", \"scoring\"}: %w", err)
	}
	if j.Name == "" {
		return spider.Variant{}, errors.New("a custom variant needs a name")
	}
	var v spider.Variant
	if from := j.Variant; from != "" {
		var err error
		if v, err = spider.ParseVariant(from); err != nil {
			return v, err
		}
	} else if j.Rules == nil || j.Scoring == nil {
		return v, errors.New(`a custom variant needs both rules and scoring, or the "variant" it starts from`)
	}
	v.Name, v.Source = j.Name, "" // the host's own variant, whatever it starts from
	var err error
	if j.Rules != nil {
		if v.Rules, err = codec.ParseRules(*j.Rules); err != nil {
			return v, fmt.Errorf("rules: %w", err)
		}
	}
	if j.Scoring != nil {
		if v.Scoring, err = codec.ParseScoring(*j.Scoring); err != nil {
			return v, fmt.Errorf("scoring: %w", err)
		}
	}
	return v, nil
}

func parseClaims(raw json.RawMessage) (ClaimSet, error) {
	var all string
	if json.Unmarshal(raw, &all) == nil {
		if all != "all" {
			return 0, fmt.Errorf("%s: want \"all\" or a list of %s", spider.Quote(all), strings.Join(claimNames[:], ", "))
		}
		return AllClaims, nil
	}
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil {
		return 0, fmt.Errorf("want \"all\" or a list of names: %w", err)
	}
	var c ClaimSet
	for _, n := range names {
		i := indexOf(claimNames[:], strings.ToLower(n))
		if i < 0 {
			return 0, fmt.Errorf("%s is not one of %s", spider.Quote(n), strings.Join(claimNames[:], ", "))
		}
		c |= 1 << i
	}
	return c, nil
}

// parseOutcomes reads "ended" or a list of outcomes' words.
func parseOutcomes(raw json.RawMessage) (OutcomeSet, error) {
	var ended string
	if json.Unmarshal(raw, &ended) == nil {
		if ended != "ended" {
			return 0, fmt.Errorf("%s: want \"ended\" or a list of %s", spider.Quote(ended), spider.OutcomeWords())
		}
		return EndedOutcomes, nil
	}
	var words []string
	if err := json.Unmarshal(raw, &words); err != nil {
		return 0, fmt.Errorf("want \"ended\" or a list of outcomes: %w", err)
	}
	if len(words) == 0 {
		return 0, errors.New("an empty list takes no game: leave the key out to take any")
	}
	var s OutcomeSet
	for _, w := range words {
		o, err := spider.ParseOutcome(strings.ToLower(w))
		if err != nil || w == "open" {
			return 0, fmt.Errorf("%s is not one of %s", spider.Quote(w), spider.OutcomeWords())
		}
		s |= Outcomes(o)
	}
	return s, nil
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// MarshalJSON writes the policy in the form ParsePolicy reads, each
// variant in full (name, rules and scoring). The clock is not written.
func (p Policy) MarshalJSON() ([]byte, error) {
	j := policyJSON{Times: p.Times, MinMs: p.MinActionMs, MaxActions: p.MaxActions, MaxBytes: p.MaxBytes}
	for _, v := range p.Variants {
		r, s := codec.FormatRules(v.Rules), codec.FormatScoring(v.Scoring)
		b, err := json.Marshal(variantJSON{Name: v.Name, Rules: &r, Scoring: &s})
		if err != nil {
			return nil, err
		}
		j.Variants = append(j.Variants, b)
	}
	if !p.Deals.any() {
		d := &dealsJSON{Suits: p.Deals.Suits, Programs: p.Deals.Programs}
		switch p.Deals.Codes {
		case AllCodes:
			d.Codes = "all"
		case OneCode:
			d.Codes = p.Deals.Code.String()
		case DailyCodes:
			d.Codes = "daily"
		}
		for name, r := range positionNames {
			if r == p.Deals.Positions && r != NoPositions {
				d.Positions = name
			}
		}
		j.Deals = d
	}
	if p.Claims != 0 {
		b, err := json.Marshal(strings.Fields(p.Claims.String()))
		if err != nil {
			return nil, err
		}
		j.Claims = b
	}
	if p.Outcomes != 0 {
		var v any = "ended"
		if p.Outcomes != EndedOutcomes {
			v = strings.Fields(p.Outcomes.String())
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		j.Outcomes = b
	}
	return json.Marshal(j)
}
