package calls

import (
	"slices"
	"strconv"
	"strings"
)

//go:generate go run ./internal/gen

// Op numbers a call of the API. The numbers are the interface's, the same
// in JavaScript and C: a call keeps its number, and a new call takes the
// next one.
type Op int

// The calls; the table below (Calls) says what each takes and answers.
const (
	OpNewGame Op = iota + 1
	OpFree
	OpState
	OpLegal
	OpApply
	OpTap
	OpSegments
	OpSuggest
	OpAdvise
	OpRecord
	OpVerify
	OpVariants
	OpDailyCode
	OpStateCompact
	OpApplyCompact
	OpResume
	OpHistory
	OpTakeBack
	OpDuel
	OpTimeLeft
	OpFinishable
	OpWinnableCode
	OpElapsed
	OpBotStep
	opEnd // one past the last call; new calls go above it
)

// OpPresets is OpVariants.
//
// Deprecated: a preset is a variant: use OpVariants.
const OpPresets = OpVariants

// Arg is one argument of a call: an int32 or a string (Request has the
// layout).
type Arg struct {
	Name string
	// String: the argument is a string; otherwise an int32.
	String bool
	// Optional: the argument may be left off (and every one after it).
	Optional bool
	// Note says more than the name: "JSON", "0 or 1".
	Note string
}

// Spec is one call of the API: its number, its name, what it takes and
// what it answers.
type Spec struct {
	Op Op
	// Name is the call's name in JavaScript (js/ops.js); in C it is
	// SPIDER_OP_ and its words in capitals (newGame: SPIDER_OP_NEW_GAME).
	Name string
	Args []Arg
	// Answer says what the call answers, in words.
	Answer string
	// OnGame: a call on an open game, its handle the first argument.
	OnGame bool
	// Opens: the call opens a game and answers its handle.
	Opens bool
	// Compact: the call answers a compact State (compact.go), or a JSON
	// error.
	Compact bool
	// Deprecated is the call's former name, which C keeps as an alias for
	// one release ("" for none).
	Deprecated string
}

// The arguments many calls share.
var (
	handle = Arg{Name: "handle"}
	action = Arg{Name: "action", String: true, Note: "the record notation"}
	// ms is an action's time, in milliseconds since the action before
	// (the bits of a uint32); left off, the action has none (NoTime).
	ms = Arg{Name: "ms", Optional: true, Note: "milliseconds since the last action; none in a game that keeps no times"}
)

// calls is the table, in the order of the Ops.
var calls = []Spec{
	{Op: OpNewGame, Name: "newGame", Args: []Arg{{Name: "options", String: true, Note: "JSON: an object, or a game code as a string"}}, Answer: "handle", Opens: true},
	{Op: OpFree, Name: "free", Args: []Arg{handle}, Answer: "true", OnGame: true},
	{Op: OpState, Name: "state", Args: []Arg{handle}, Answer: "State", OnGame: true},
	{Op: OpLegal, Name: "legal", Args: []Arg{handle}, Answer: "actions", OnGame: true},
	{Op: OpApply, Name: "apply", Args: []Arg{handle, action, ms}, Answer: "State", OnGame: true},
	{Op: OpTap, Name: "tap", Args: []Arg{handle, {Name: "column"}, {Name: "index"}, {Name: "order", String: true, Note: "complete or suit"}},
		Answer: "action", OnGame: true},
	{Op: OpSegments, Name: "segments", Args: []Arg{handle, {Name: "column"}}, Answer: "segments", OnGame: true},
	{Op: OpSuggest, Name: "suggest", Args: []Arg{handle, {Name: "order", String: true, Note: "reveal, complete or solver"}}, Answer: "Suggestion", OnGame: true},
	{Op: OpAdvise, Name: "advise", Args: []Arg{handle, {Name: "ms", Note: "0: no bound"}, {Name: "level", String: true, Optional: true}},
		Answer: "Suggestion", OnGame: true},
	{Op: OpRecord, Name: "record", Args: []Arg{handle, {Name: "form", String: true, Note: "text or json"}}, Answer: "record", OnGame: true},
	{Op: OpVerify, Name: "verify", Args: []Arg{{Name: "record", String: true}, {Name: "policy", String: true, Note: `JSON, "" for none`}}, Answer: "report"},
	{Op: OpVariants, Name: "variants", Answer: "names", Deprecated: "presets"},
	{Op: OpDailyCode, Name: "dailyCode", Args: []Arg{{Name: "date", String: true, Note: "YYYY-MM-DD"}, {Name: "suits"}, {Name: "group", String: true},
		{Name: "winnable", Optional: true, Note: "0 or 1: the day's winnable deal"}}, Answer: "code"},
	{Op: OpStateCompact, Name: "stateCompact", Args: []Arg{handle}, Answer: "State", OnGame: true, Compact: true},
	{Op: OpApplyCompact, Name: "applyCompact", Args: []Arg{handle, action, ms}, Answer: "State", OnGame: true, Compact: true},
	{Op: OpResume, Name: "resume", Args: []Arg{{Name: "record", String: true, Note: "text or JSON"}}, Answer: "handle", Opens: true},
	{Op: OpHistory, Name: "history", Args: []Arg{handle, {Name: "verbose", Note: "0 or 1"}}, Answer: "actions, or Steps", OnGame: true},
	{Op: OpTakeBack, Name: "takeBack", Args: []Arg{handle, {Name: "count", Optional: true, Note: "how many actions, 1 by default"}}, Answer: "State", OnGame: true, Compact: true},
	{Op: OpDuel, Name: "duel", Args: []Arg{{Name: "a", String: true, Note: "a record"}, {Name: "b", String: true, Note: "a record"},
		{Name: "policy", String: true, Optional: true, Note: `JSON, "" for none; both records must meet it`}}, Answer: "Duel"},
	{Op: OpTimeLeft, Name: "timeLeft", Args: []Arg{handle}, Answer: "milliseconds, or -1 without a limit", OnGame: true},
	{Op: OpFinishable, Name: "finishable", Args: []Arg{handle, {Name: "positions", Optional: true, Note: "0: the default, " + strconv.Itoa(FinishablePositions) + "; at most " + strconv.Itoa(MaxFinishablePositions)}},
		Answer: "Finishable", OnGame: true},
	{Op: OpWinnableCode, Name: "winnableCode", Args: []Arg{{Name: "suits"}, {Name: "group", String: true}, {Name: "start", String: true, Note: "a deal number in decimal"}},
		Answer: "code"},
	{Op: OpElapsed, Name: "elapsed", Args: []Arg{handle}, Answer: "milliseconds", OnGame: true},
	{Op: OpBotStep, Name: "botStep", Args: []Arg{handle, {Name: "level", String: true, Note: `"" for standard`},
		{Name: "pace", Optional: true, Note: "each action's milliseconds; 0: the time the bot thinks"}}, Answer: "BotMove", OnGame: true},
}

// Calls returns the table of the calls, in the order of their Ops: the
// one list of them, from which go generate writes spider.h's enum and
// js/ops.js.
func Calls() []Spec {
	out := slices.Clone(calls)
	for i := range out {
		out[i].Args = slices.Clone(out[i].Args)
	}
	return out
}

// spec is op's row of the table.
func (op Op) spec() (Spec, bool) {
	if op < 1 || op >= opEnd {
		return Spec{}, false
	}
	return calls[op-1], true
}

// OnGame reports whether op is a call on an open game, its handle the
// first argument.
func (op Op) OnGame() bool { s, _ := op.spec(); return s.OnGame }

// Opens reports whether op opens a game and answers its handle.
func (op Op) Opens() bool { s, _ := op.spec(); return s.Opens }

// String returns the call's name ("newGame"), or "op(N)" for a number of
// no call.
func (op Op) String() string {
	if s, ok := op.spec(); ok {
		return s.Name
	}
	return "op(" + strconv.Itoa(int(op)) + ")"
}

// CName is the call's name in C: SPIDER_OP_NEW_GAME for newGame.
func CName(name string) string {
	var b strings.Builder
	b.WriteString("SPIDER_OP_")
	for i, r := range name {
		if r >= 'A' && r <= 'Z' && i > 0 {
			b.WriteByte('_')
		}
		b.WriteString(strings.ToUpper(string(r)))
	}
	return b.String()
}
