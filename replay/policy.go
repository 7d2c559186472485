package replay

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// Policy is what a host requires of a record before its game counts: the
// variants it plays, the deals it allows, the claims and times a record
// must carry, and limits. The host decides the rules, never the record: a
// record whose rules or scoring differ from every allowed variant is
// Rejected, whatever it claims.
//
// The zero Policy requires nothing (a record is replayed under the rules it
// names); each field set adds one requirement. A policy is checked before
// the record is replayed and costs nothing per action but the time checks.
type Policy struct {
	// Variants are the allowed rules and scoring, each exact (variants or
	// custom ones); empty: any. For a game code, a variant's group rule is
	// the code's own (its letter C or R), as in a record's header.
	Variants []spider.Variant
	// Deals are the allowed deals; the zero value allows every deal.
	Deals DealPolicy
	// Claims are the claims a record must make.
	Claims ClaimSet
	// Times requires a time for every action.
	Times bool
	// MinActionMs refuses records with an action timed under this many
	// milliseconds (0: no minimum).
	MinActionMs uint32
	// MaxActions refuses records with more actions (0: the codec's limit).
	MaxActions int
	// MaxBytes refuses records given as more bytes (0: the codec's limit).
	MaxBytes int
	// Outcomes are how a record's game may stand at its last action
	// (0: any); EndedOutcomes takes only games that are over, so that a
	// game still playing is not ranked. A claimed result outside them is
	// rejected before the replay, the replayed outcome after it (a record
	// whose claims are false stays Disputed).
	Outcomes OutcomeSet
}

// DealPolicy says which deals a policy allows. The zero value allows every
// deal; one with any field set allows only what its fields allow.
type DealPolicy struct {
	// Codes allows game codes: all of them, one (Code), or the daily deal.
	Codes CodeRule
	// Code is the one code allowed when Codes is OneCode.
	Code spider.Code
	// Suits, when not empty, lists the suit counts allowed for game codes.
	Suits []int
	// Programs lists the other programs whose games are allowed.
	Programs []ProgramDeal
	// Positions allows explicit positions: none, only starting deals (ten
	// columns of 6, 6, 6, 6, 5, 5, 5, 5, 5, 5 cards with the top one face
	// up, 50 in the stock), or any playable position.
	Positions PositionRule
	// Now is the clock for daily codes; nil: time.Now.
	Now func() time.Time
}

// CodeRule says which game codes a DealPolicy allows.
type CodeRule uint8

const (
	// NoCodes: game codes are not allowed.
	NoCodes CodeRule = iota
	// AllCodes: every game code.
	AllCodes
	// OneCode: only DealPolicy.Code.
	OneCode
	// DailyCodes: only the daily deal (spider.DailyCode) of a date that is
	// today somewhere on Earth (UTC-12 to UTC+14), of any suit count and
	// group rule.
	DailyCodes
)

// ProgramDeal allows another program's games: Program as a record names it
// (such as "pysolfc" or "kpat"), with Suits suits (0: any suit count).
type ProgramDeal struct {
	Program string `json:"program"`
	Suits   int    `json:"suits,omitempty"`
}

// PositionRule says which explicit positions a DealPolicy allows.
type PositionRule uint8

const (
	// NoPositions: explicit positions are not allowed.
	NoPositions PositionRule = iota
	// StartPositions: only starting deals, laid out as dealt.
	StartPositions
	// AnyPositions: any playable position, including ones already half
	// played or won.
	AnyPositions
)

// ClaimSet is a set of claims, for the claims a policy requires.
type ClaimSet uint8

// The claims a record can make (codec.Claims).
const (
	ClaimScore ClaimSet = 1 << iota
	ClaimMoves
	ClaimRuns
	ClaimResult
	ClaimTime
	// AllClaims is every claim.
	AllClaims = ClaimScore | ClaimMoves | ClaimRuns | ClaimResult | ClaimTime
)

// claimNames are the claims' names, in ClaimSet's bit order.
var claimNames = [...]string{"score", "moves", "runs", "result", "time"}

// String lists the claims' names: "score moves result".
func (c ClaimSet) String() string {
	var names []string
	for i, n := range claimNames {
		if c&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, " ")
}

// OutcomeSet is a set of outcomes (spider.Outcome), for the outcomes a
// policy allows.
type OutcomeSet uint8

// EndedOutcomes is every outcome of a game that is over: won, resigned,
// blocked, lost and time-up.
const EndedOutcomes = OutcomeSet(1<<spider.Won | 1<<spider.Resigned | 1<<spider.Blocked | 1<<spider.Lost | 1<<spider.TimeUp)

// Outcomes returns the set of the outcomes given.
func Outcomes(outcomes ...spider.Outcome) OutcomeSet {
	var s OutcomeSet
	for _, o := range outcomes {
		s |= 1 << o
	}
	return s
}

// Has reports whether o is in the set.
func (s OutcomeSet) Has(o spider.Outcome) bool { return o.Valid() && s&(1<<o) != 0 }

// List returns the outcomes of the set in spider.Outcome's order.
func (s OutcomeSet) List() []spider.Outcome {
	var list []spider.Outcome
	for o := spider.Playing; o.Valid(); o++ {
		if s.Has(o) {
			list = append(list, o)
		}
	}
	return list
}

// String lists the outcomes' words: "won resigned lost".
func (s OutcomeSet) String() string {
	var words []string
	for _, o := range s.List() {
		words = append(words, o.String())
	}
	return strings.Join(words, " ")
}

// RejectionKind names the requirement of a Policy that a record fails.
type RejectionKind string

// The kinds of rejection.
const (
	// RejectVariant: the rules or scoring are none of the allowed variants.
	RejectVariant RejectionKind = "variant"
	// RejectDeal: the deal is of a kind, code, program or suit count the
	// policy does not allow.
	RejectDeal RejectionKind = "deal"
	// RejectPosition: an explicit position that the policy does not allow
	// (positions are refused, or this one is not a starting deal).
	RejectPosition RejectionKind = "position"
	// RejectClaims: a required claim is missing.
	RejectClaims RejectionKind = "claims"
	// RejectTimes: the record has no per-action times, which are required.
	RejectTimes RejectionKind = "times"
	// RejectTooFast: an action is timed under the policy's minimum.
	RejectTooFast RejectionKind = "too-fast"
	// RejectTooManyActions: more actions than the policy allows.
	RejectTooManyActions RejectionKind = "too-many-actions"
	// RejectTooLarge: the record's bytes are over the policy's size.
	RejectTooLarge RejectionKind = "too-large"
	// RejectOutcome: the game stands (or claims to stand) in an outcome
	// the policy does not take: still playing where it takes ended games.
	RejectOutcome RejectionKind = "outcome"
)

// Rejection says which requirement of the host's Policy a record fails, in
// a sentence an operator can act on. Index is the first action concerned
// (from 0), or -1.
type Rejection struct {
	Kind    RejectionKind `json:"kind"`
	Index   int           `json:"index"`
	Message string        `json:"message"`
}

// Error returns the message: a Rejection can be handed on as an error.
func (r *Rejection) Error() string { return r.Message }

// Code returns the rejection's kind as a stable code ("variant",
// "too-fast", ...), so that spider.CodeOf reads it as it reads the SDK's
// errors.
func (r *Rejection) Code() string { return string(r.Kind) }

func reject(kind RejectionKind, index int, format string, args ...any) *Rejection {
	return &Rejection{Kind: kind, Index: index, Message: fmt.Sprintf(format, args...)}
}

// CheckSize is the policy's bound on a record's bytes, asked before they
// are decoded: a Rejection (RejectTooLarge) when n is over MaxBytes, or
// nil. Verifier.VerifyBytes asks it; so does a host that decodes the
// bytes itself.
func (p *Policy) CheckSize(n int) *Rejection {
	if p.MaxBytes > 0 && n > p.MaxBytes {
		return reject(RejectTooLarge, -1, "the record takes %d bytes, more than the %d this host allows", n, p.MaxBytes)
	}
	return nil
}

// Check returns the first requirement of the policy that r fails, or nil.
// The Verifier calls it before replaying; it does not replay the game.
func (p *Policy) Check(r *codec.Record) *Rejection {
	if rej := p.checkVariant(r); rej != nil {
		return rej
	}
	if rej := p.Deals.check(r.Deal); rej != nil {
		return rej
	}
	// Missing times come first: a record without them cannot claim its
	// time either, and the times are what is missing.
	if len(r.Actions) > 0 {
		if rej := p.checkAction(0, r.Times != nil, 0, true); rej != nil && rej.Kind == RejectTimes {
			return rej
		}
	}
	c := r.Claims
	var have ClaimSet
	for bit, set := range [...]bool{c.Score != nil, c.Moves != nil, c.Runs != nil, c.Result != nil, c.Time != nil} {
		if set {
			have |= 1 << bit
		}
	}
	if missing := p.Claims &^ have; missing != 0 {
		return reject(RejectClaims, -1, "the record does not claim its %s, which this host requires", joinWords(missing.String(), "and"))
	}
	if p.MaxActions > 0 && len(r.Actions) > p.MaxActions {
		return reject(RejectTooManyActions, p.MaxActions, "%d actions, more than the %d this host allows", len(r.Actions), p.MaxActions)
	}
	if p.MinActionMs > 0 {
		for i, t := range r.Times {
			if rej := p.checkAction(i, true, t, false); rej != nil {
				return rej
			}
		}
	}
	if c.Result != nil {
		return p.CheckOutcome(*c.Result, true)
	}
	return nil
}

// checkAction is the policy's rule for action i (from 0) alone: timed,
// ms milliseconds after the one before; with whole, the record's actions
// are counted elsewhere (Check), else action i must be within MaxActions
// (a game verified live, Live).
func (p *Policy) checkAction(i int, timed bool, ms uint32, whole bool) *Rejection {
	switch {
	case (p.Times || p.MinActionMs > 0 || p.Claims&ClaimTime != 0) && !timed:
		if whole {
			return reject(RejectTimes, i, "action %d has no time (the record's actions have none); this host requires a time for every action", i+1)
		}
		return reject(RejectTimes, i, "action %d has no time; this host requires a time for every action", i+1)
	case !whole && p.MaxActions > 0 && i >= p.MaxActions:
		return reject(RejectTooManyActions, i, "action %d is more than the %d this host allows", i+1, p.MaxActions)
	case timed && ms < p.MinActionMs:
		return reject(RejectTooFast, i, "action %d took %d ms, less than the %d ms this host requires of every action", i+1, ms, p.MinActionMs)
	}
	return nil
}

// CheckOutcome is the policy's requirement on how a game stands (Outcomes):
// a Rejection (RejectOutcome) when o is not one it takes, or nil. claimed
// says that o is the record's claim, not the replay's.
func (p *Policy) CheckOutcome(o spider.Outcome, claimed bool) *Rejection {
	if p.Outcomes == 0 || p.Outcomes.Has(o) {
		return nil
	}
	what := "the game is " + o.String()
	if claimed {
		what = "the record claims its game is " + o.String()
	}
	takes := "games that are " + joinWords(p.Outcomes.String(), "or")
	if p.Outcomes == EndedOutcomes {
		takes = "games that are over (won, resigned, blocked, lost or out of time)"
	}
	return reject(RejectOutcome, -1, "%s; this host takes only %s", what, takes)
}

// joinWords writes "a b c" as "a, b and c" with conj "and".
func joinWords(s, conj string) string {
	w := strings.Fields(s)
	if len(w) < 2 {
		return s
	}
	return strings.Join(w[:len(w)-1], ", ") + " " + conj + " " + w[len(w)-1]
}

// checkVariant matches the record's rules and scoring against the allowed
// variants; the reason for a mismatch names the differences from the
// closest one.
func (p *Policy) checkVariant(r *codec.Record) *Rejection {
	if len(p.Variants) == 0 {
		return nil
	}
	if r.Deal.Kind == codec.DealCode && r.Rules.Group != r.Deal.Code.Group {
		return reject(RejectVariant, -1, "rules group=%s differ from the game code %s's group=%s", r.Rules.Group, r.Deal.Code, r.Deal.Code.Group)
	}
	var best []string
	var bestName string
	var bestCount int
	for _, v := range p.Variants {
		want := v.Rules
		if r.Deal.Kind == codec.DealCode {
			want.Group = r.Deal.Code.Group
		}
		rd, sd := codec.DiffRules(r.Rules, want), codec.DiffScoring(r.Scoring, v.Scoring)
		if len(rd)+len(sd) == 0 {
			return nil
		}
		var diffs []string
		if len(rd) > 0 {
			diffs = append(diffs, "rules "+differ(rd, "differ from the "+variantName(v)+" rules'"))
		}
		if len(sd) > 0 {
			diffs = append(diffs, "scoring "+differ(sd, "differs from the "+variantName(v)+" scheme's"))
		}
		if best == nil || len(rd)+len(sd) < bestCount {
			best, bestName, bestCount = diffs, variantName(v), len(rd)+len(sd)
		}
	}
	if len(p.Variants) > 1 {
		best = append(best, fmt.Sprintf("(closest of the %d variants this host allows: %s)", len(p.Variants), bestName))
	}
	return reject(RejectVariant, -1, "%s", strings.Join(best, "; "))
}

// differ writes settings that differ side by side, "start=0 run=26
// differs from the app scheme's start=500 run=100", the first few of them.
func differ(d []codec.SettingDiff, verb string) string {
	const shown = 5
	var got, want []string
	for _, x := range d[:min(len(d), shown)] {
		got, want = append(got, x.Got), append(want, x.Want)
	}
	s := strings.Join(got, " ") + " " + verb + " " + strings.Join(want, " ")
	if len(d) > shown {
		s += fmt.Sprintf(" (and %d more settings)", len(d)-shown)
	}
	return s
}

func variantName(v spider.Variant) string {
	if v.Name == "" {
		return "host's"
	}
	return v.Name
}

// check returns why the policy refuses deal d, or nil.
func (dp *DealPolicy) check(d codec.DealSource) *Rejection {
	if dp.any() {
		return nil
	}
	switch d.Kind {
	case codec.DealCode:
		c := d.Code
		switch dp.Codes {
		case NoCodes:
			return reject(RejectDeal, -1, "game codes such as %s are not allowed on this host", c)
		case OneCode:
			if c != dp.Code {
				return reject(RejectDeal, -1, "game code %s is not this host's deal %s", c, dp.Code)
			}
		case DailyCodes:
			if !dp.daily(c) {
				return reject(RejectDeal, -1, "game code %s is not today's daily deal", c)
			}
		}
		if len(dp.Suits) > 0 && !slices.Contains(dp.Suits, c.Suits) {
			return reject(RejectDeal, -1, "%d-suit games are not allowed on this host (allowed: %s suits)", c.Suits, joinInts(dp.Suits))
		}
	case codec.DealProgram:
		for _, pd := range dp.Programs {
			if pd.Program == d.Program && (pd.Suits == 0 || pd.Suits == d.Suits) {
				return nil
			}
		}
		what := d.Program
		if d.Suits > 0 {
			what = fmt.Sprintf("%s with %d suits", d.Program, d.Suits)
		}
		return reject(RejectDeal, -1, "games of %s are not allowed on this host", what)
	case codec.DealPosition:
		switch dp.Positions {
		case NoPositions:
			return reject(RejectPosition, -1, "explicit positions are not allowed on this host; name the deal by a game code")
		case StartPositions:
			if why := notStart(d.Position); why != "" {
				return reject(RejectPosition, -1, "the position is not a starting deal: %s", why)
			}
		}
	}
	return nil
}

// any reports whether dp is the zero value, which allows every deal.
func (dp *DealPolicy) any() bool {
	return dp.Codes == NoCodes && dp.Code == (spider.Code{}) && dp.Suits == nil && dp.Programs == nil && dp.Positions == NoPositions
}

// daily reports whether c is the daily code of a date that is today
// somewhere: the dates at UTC-12 and UTC+14.
func (dp *DealPolicy) daily(c spider.Code) bool {
	now := time.Now
	if dp.Now != nil {
		now = dp.Now
	}
	t := now().UTC()
	// The dates of every time zone now, UTC-12 to UTC+14: the first, the
	// UTC date and the last (26 hours apart, they may be three dates).
	for _, at := range []time.Time{t.Add(-12 * time.Hour), t, t.Add(14 * time.Hour)} {
		if want, err := spider.DailyCode(at, c.Suits, c.Group); err == nil && want == c {
			return true
		}
	}
	return false
}

// startSizes are the columns' sizes in a starting deal.
var startSizes = [10]int{6, 6, 6, 6, 5, 5, 5, 5, 5, 5}

// notStart says why d is not laid out as a starting deal, or "".
func notStart(d spider.Deal) string {
	for c, col := range d.Tableau {
		if len(col) != startSizes[c] || d.FaceDown[c] != len(col)-1 {
			return fmt.Sprintf("column %c holds %d cards with %d face down, not %d with %d face down",
				'a'+c, len(col), d.FaceDown[c], startSizes[c], startSizes[c]-1)
		}
	}
	if len(d.Stock) != 50 {
		return fmt.Sprintf("the stock holds %d cards, not 50", len(d.Stock))
	}
	return ""
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = fmt.Sprint(n)
	}
	return joinWords(strings.Join(s, " "), "and")
}
