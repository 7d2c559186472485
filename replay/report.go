package replay

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
)

// Verdict is the verifier's verdict on one record (not how the game
// stands: that is spider.Outcome). The zero value Verified means every
// action is legal, every claim is true and no policy fails.
type Verdict uint8

const (
	// Verified: legal, honest, within policy.
	Verified Verdict = iota
	// Disputed: every action is legal, but a claim is false or a policy
	// fails (actions after the end, a claimed time shorter than the actions').
	Disputed
	// Illegal: an action is illegal; Report.Illegal says which and why.
	Illegal
	// Malformed: the record could not be read, or its deal not built.
	Malformed
	// Rejected: the record fails the host's Policy (its variant, deal,
	// claims, times, size or outcome); Report.Rejection says which
	// requirement. It is not replayed, but for the outcome
	// (Policy.Outcomes), which only the replay tells: a record verified
	// but for it is Rejected then, with its Result.
	Rejected
)

// String returns the verdict in lower case.
func (s Verdict) String() string {
	switch s {
	case Verified:
		return "verified"
	case Disputed:
		return "disputed"
	case Illegal:
		return "illegal"
	case Malformed:
		return "malformed"
	case Rejected:
		return "rejected"
	}
	return "unknown"
}

// MarshalText writes the verdict as its word, for JSON reports.
func (s Verdict) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// ActionError is an illegal action: its index in the record (from 0), the
// action, and the rules engine's reason, which errors.Is matches
// (spider.ErrMixedSuits, spider.ErrStockEmpty, ...).
type ActionError struct {
	Index  int
	Action spider.Action
	Err    error
}

// Error names the action, its place in the record and the reason.
func (e *ActionError) Error() string {
	return fmt.Sprintf("action %d (%s): %v", e.Index+1, e.Action, e.Err)
}

// Unwrap returns the rules engine's reason.
func (e *ActionError) Unwrap() error { return e.Err }

// Result is what the verifier recomputed by replaying the record.
type Result struct {
	Score    int           `json:"score"`
	Moves    int           `json:"moves"`
	Runs     int           `json:"runs"`
	RunSuits []spider.Suit `json:"-"`
	// Outcome is how the game stands after the last action replayed.
	Outcome spider.Outcome `json:"outcome"`
	// TimeMs is the sum of the actions' times, when the record has times.
	TimeMs   int64           `json:"timeMs"`
	Counters spider.Counters `json:"counters"`
	// Applied counts the actions replayed (all of them for a legal record).
	Applied int `json:"applied"`
}

// Mismatch is a claim that differs from the recomputation.
type Mismatch struct {
	Field   string `json:"field"`
	Claimed string `json:"claimed"`
	Actual  string `json:"actual"`
}

// FindingKind names a policy check.
type FindingKind string

// The policy checks. Failures make a record Disputed; the others are notices.
const (
	// ActionsAfterEnd: actions after the game was won or resigned (failure).
	ActionsAfterEnd FindingKind = "actions-after-end"
	// TimeTooShort: the claimed time is shorter than the sum of the actions'
	// times (failure).
	TimeTooShort FindingKind = "time-too-short"
	// UndoUsed and HintUsed: the player took back actions or asked for hints,
	// with what the scoring charged for them (notice).
	UndoUsed FindingKind = "undo-used"
	HintUsed FindingKind = "hint-used"
)

// Finding is the outcome of one policy check that has something to say.
type Finding struct {
	Kind FindingKind `json:"kind"`
	// Failure findings dispute the record; the others only inform.
	Failure bool `json:"failure"`
	// Index is the first action concerned (from 0), or -1.
	Index   int    `json:"index"`
	Message string `json:"message"`
}

// Report is what the verifier found about one record.
type Report struct {
	// Name says where the record came from (a file, an archive's record).
	Name    string  `json:"name,omitempty"`
	Verdict Verdict `json:"verdict"`
	// Err is why a Malformed record could not be read or dealt.
	Err error `json:"-"`
	// Illegal is the first illegal action of an Illegal record.
	Illegal *ActionError `json:"-"`
	// Rejection is the requirement of the host's policy that a Rejected
	// record fails.
	Rejection *Rejection `json:"rejection,omitempty"`
	// Actions is how many actions the record holds.
	Actions    int        `json:"actions"`
	Result     Result     `json:"result"`
	Mismatches []Mismatch `json:"mismatches,omitempty"`
	Findings   []Finding  `json:"findings,omitempty"`
}

// Replayed reports whether the verifier replayed the record, so that
// Result holds what it recomputed: false for a Malformed record (it could
// not be read or dealt) and a Rejected one (the policy refused it first).
func (r *Report) Replayed() bool { return r.Verdict != Malformed && r.Verdict != Rejected }

// OK reports whether the record verified.
func (r *Report) OK() bool { return r.Verdict == Verified }

// Reason says in a sentence why a record did not verify, in words a
// leaderboard operator can act on; "" for a verified record.
func (r *Report) Reason() string {
	switch r.Verdict {
	case Malformed:
		return "the record cannot be read: " + r.Err.Error()
	case Rejected:
		return r.Rejection.Message
	case Illegal:
		return fmt.Sprintf("action %d (%s) is illegal: %v", r.Illegal.Index+1, r.Illegal.Action, r.Illegal.Err)
	case Disputed:
		var parts []string
		for _, m := range r.Mismatches {
			parts = append(parts, fmt.Sprintf("claims %s %s but the game gives %s", m.Field, m.Claimed, m.Actual))
		}
		for _, f := range r.Findings {
			if f.Failure {
				parts = append(parts, f.Message)
			}
		}
		return strings.Join(parts, "; ")
	}
	return ""
}

// Code is the stable code of the report's reason (spider.CodeOf): the
// rules engine's for an illegal action ("rank", "face-down", ...), the
// decoder's or the deal's for a malformed record ("syntax", "no-deal",
// ...), the policy's for a rejection ("variant", "times", ...), "disputed"
// for a false claim or a failed check, "" for a verified record.
func (r *Report) Code() string {
	switch r.Verdict {
	case Malformed:
		return spider.CodeOf(r.Err)
	case Rejected:
		return spider.CodeOf(r.Rejection)
	case Illegal:
		return spider.CodeOf(r.Illegal)
	case Disputed:
		return "disputed"
	}
	return ""
}

// String is one line for people: the name, the verdict and its reason, or
// the recomputed result.
func (r *Report) String() string {
	name := r.Name
	if name == "" {
		name = "record"
	}
	if r.Verdict == Verified {
		return fmt.Sprintf("%s: verified: score %d, %d moves, %d runs, %s", name, r.Result.Score, r.Result.Moves, r.Result.Runs, r.Result.Outcome)
	}
	return fmt.Sprintf("%s: %s: %s", name, strings.ToUpper(r.Verdict.String()), r.Reason())
}

// MarshalJSON writes the report with its reason, the illegal action
// (index from 0, action, reason) and the decoding error as plain fields.
// A record that was not replayed (Malformed, Rejected) has no result and
// no outcome: its report leaves them out rather than show zeros.
func (r *Report) MarshalJSON() ([]byte, error) {
	type plain Report // without this method
	out := struct {
		*plain
		Result  *Result `json:"result,omitempty"`
		Code    string  `json:"code,omitempty"`
		Reason  string  `json:"reason,omitempty"`
		Illegal *struct {
			Index  int    `json:"index"`
			Action string `json:"action"`
			Reason string `json:"reason"`
		} `json:"illegal,omitempty"`
		Error string `json:"error,omitempty"`
	}{plain: (*plain)(r), Code: r.Code(), Reason: r.Reason()}
	if r.Replayed() {
		out.Result = &r.Result
	}
	if r.Illegal != nil {
		out.Illegal = &struct {
			Index  int    `json:"index"`
			Action string `json:"action"`
			Reason string `json:"reason"`
		}{r.Illegal.Index, r.Illegal.Action.String(), r.Illegal.Err.Error()}
	}
	if r.Err != nil {
		out.Error = r.Err.Error()
	}
	return json.Marshal(out)
}
