package calls

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/replay"
)

//go:generate go run -tags callsgen ./internal/gen

// The calls, numbered as the table lists them.
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
	OpResume
	OpHistory
	OpTakeBack
	OpDuel
	OpTimeLeft
	OpFinishable
	OpWinnableCode
	OpElapsed
	OpBotStep
	OpTurnOver
	OpLive
	OpLiveApply
)

// The arguments many calls share.
var (
	handle = Arg{Name: "handle", Doc: "the game's handle"}
	record = Arg{Name: "record", Kind: Text, Doc: "a record, text or JSON (any form the codec's front door reads, an lklynet log too)",
		Says: "a record is a string, its text or JSON form"}
	policy = Arg{Name: "policy", Kind: Object, Doc: `a host's policy as JSON (replay.ParsePolicy), "" for none`, TS: "Policy",
		Says: "a policy is an object ({variants, deals, claims, times, ...})", Code: "bad-policy"}
	suits = Arg{Name: "suits", Doc: "the suit count: 1, 2 or 4 (0: 4)", Default: 4, Says: "the suit count", TS: "1 | 2 | 4"}
	group = Arg{Name: "group", Kind: Text, Doc: `the group rule, "classic" or "relaxed" ("": classic)`, Default: "classic",
		Says: `the group is "classic" or "relaxed"`, Code: "bad-group", TS: "Group"}
	// maxInt is an int32's largest value, the bound of a count in
	// JavaScript.
	maxInt int64 = 1<<31 - 1
)

// table is the table of the calls, in the order of their Ops.
var table = []Spec{
	{Op: OpNewGame, Name: "newGame", Opens: true, Alone: &Alone{Key: "code", Type: "string"},
		Doc: "Starts a game: `{code}` (or the code alone), `{number, suits, group}`, `{daily, suits, group}`, `{deal}`, or none of these for a random deal (a random number from `crypto/rand`; 4 suits and classic unless told), under a variant (`app` by default), with `player` and `ticket` for the record's `Player` and `Ticket` tags. An unknown option name or value is refused (`bad-request`, `bad-options`, or the option's own code).",
		Args: []Arg{{Name: "options", Kind: Object, Doc: "JSON: the options (NewGameOptions), or a game code as a JSON string", Default: map[string]any{},
			Says: "the options are an object ({code}, {number, suits, group}, {daily}, {deal}, with {variant, player, ticket}) or a game code",
			Code: "bad-options", TS: "NewGameOptions"}},
		Answer: typeOf[int](),
		Run:    func(a *API, g *game, in Args) (any, error) { return a.newGameJSON(in.String("options")) }},
	{Op: OpFree, Name: "free", OnGame: true, Frees: true, Doc: "Forgets the game.",
		Args: []Arg{handle}, Answer: typeOf[bool](), AnswerTS: "void",
		Run: func(a *API, g *game, in Args) (any, error) { a.Free(in.Handle()); return true, nil }},
	{Op: OpState, Name: "state", OnGame: true,
		Doc:  "The game as a player sees it (State): the columns, what the player remembers of the face-down cards, the stock, the runs removed, the score, the counters, the outcome, what is possible and every legal action.",
		Args: []Arg{handle}, Answer: typeOf[*State](),
		Run: func(a *API, g *game, in Args) (any, error) { return g.state(), nil }},
	{Op: OpLegal, Name: "legal", OnGame: true, JS: JSBase,
		Doc:  "Every legal action in the record notation (`d>f`, `3a>c`, `d`, `fa`, `u`, `h`, `x`); in JavaScript, with `{kinds}`, only those kinds of action (`{kinds: [\"move\", \"deal\"]}` for a bot).",
		TS:   "legal(options?: { kinds?: ActionKind[] }): Action[];",
		Args: []Arg{handle}, Answer: typeOf[[]spider.Action](),
		Run: func(a *API, g *game, in Args) (any, error) { return g.legal(), nil }},
	{Op: OpApply, Name: "apply", OnGame: true,
		Doc: "Plays an action in the record notation, `ms` milliseconds after the last (0 to 4294967295), and answers the State after it; a refused action changes nothing and says why (its code, the rule's reason, and the sentence for the player). A game keeps a time for every action or for none, as its record does: its first action decides, and an action the other way is refused (`untimed-action`, `timed-action`).",
		Args: []Arg{handle,
			{Name: "action", Kind: Text, Doc: "the action, in the record notation", TS: "Action", Code: "notation",
				Says: `an action is a string in the record notation ("d>f", "3a>c", "d", "fa", "u", "h", "x")`},
			{Name: "ms", Optional: true, Min: 0, Max: 1<<32 - 1, Doc: "milliseconds since the last action (the bits of a uint32); left off in a game that keeps no times",
				Says: "the time in milliseconds since the last action"}},
		Answer: typeOf[*State](),
		Run: func(a *API, g *game, in Args) (any, error) {
			t := NoTime
			if in.Has("ms") {
				t = At(uint32(in.Int("ms")))
			}
			if err := g.apply(in.String("action"), t); err != nil {
				return nil, err
			}
			return g.state(), nil
		}},
	{Op: OpTap, Name: "tap", OnGame: true,
		Doc: "Where the group from card `index` (from the bottom, 0) of column `column` goes when tapped: a move, or refused. `order` is `complete` (a completed run first) or `suit` (the group's own suit first); left out (or \"\"), the variant's own (own suit first under app and winnable, a completed run first elsewhere).",
		Args: []Arg{handle,
			{Name: "column", Doc: "the column, 0 for a", Says: "the column (0 for a)"},
			{Name: "index", Doc: "the card's index in its column, 0 for the bottom card", Says: "the card's index (0 for the bottom card)"},
			{Name: "order", Kind: Text, Doc: `"complete" or "suit"; "": the variant's`, Default: "", TS: `TapOrder | ""`,
				Says: `the order is "complete" or "suit" (or "": the variant's)`}},
		Answer: typeOf[spider.Action](),
		Run: func(a *API, g *game, in Args) (any, error) {
			return g.tap(in.Int("column"), in.Int("index"), in.String("order"))
		}},
	{Op: OpSegments, Name: "segments", OnGame: true,
		Doc:    "Every movable group of a column with its destinations: a drag's drop targets, or the segment selector.",
		Args:   []Arg{handle, {Name: "column", Doc: "the column, 0 for a", Says: "the column (0 for a)"}},
		Answer: typeOf[[]Segment](),
		Run:    func(a *API, g *game, in Args) (any, error) { return g.segments(in.Int("column")) }},
	{Op: OpSuggest, Name: "suggest", OnGame: true,
		Doc: "The assistance's suggestion (a Suggestion): a useful action, or the next step when nothing on the table is progress; `order` is `reveal` (the default) or `complete`, or `solver`: the solver site's hint, which sees every card, else the complete ranking, with `by` (`solver` or `ranking`) and `positions`.",
		Args: []Arg{handle, {Name: "order", Kind: Text, Doc: `"reveal", "complete" or "solver"`, Default: "reveal", TS: `SuggestOrder | "solver"`,
			Says: `the order is "reveal", "complete" or "solver"`}},
		Answer: typeOf[json.Marshaler](), AnswerTS: "Suggestion",
		Run: func(a *API, g *game, in Args) (any, error) { return g.suggest(in.String("order")) }},
	{Op: OpAdvise, Name: "advise", OnGame: true, Alone: &Alone{Key: "ms", Type: "number"},
		Doc: "The advisor's action from what the player has seen (Go's package advisor): a Suggestion of kind `advice`, with its `level` and `basis`; when nothing is legal, the assistance's suggestion. The game keeps the advisor, with its plan and memory, from one call to the next. Options: `level` (`standard` by default) and `ms`, the most it may take (0, the default: the level's own work, the same answer on every machine); a number alone is `ms`.",
		Args: []Arg{handle,
			{Name: "ms", Option: true, Default: 0, Min: 0, Max: maxInt, Doc: "the most milliseconds it may take; 0: no bound, the level's own work",
				Says: "ms, the most milliseconds it may take,"},
			{Name: "level", Kind: Text, Option: true, Optional: true, Default: "", Doc: `the advisor's level; "": standard`, TS: "Level",
				Says: "the level is one of " + strings.Join(levelWords(), ", "), Code: "bad-level"}},
		Answer: typeOf[Advice](), AnswerTS: "Suggestion",
		Run: func(a *API, g *game, in Args) (any, error) { return g.advise(in.Int("ms"), in.String("level")) }},
	{Op: OpRecord, Name: "record", OnGame: true,
		Doc:    "The game's record, `text` or `json`: every action with its time, every claim; it verifies as it is.",
		Args:   []Arg{handle, {Name: "form", Kind: Text, Doc: `"text" or "json"`, Default: "text", TS: "RecordForm", Says: `the form is "text" or "json"`, Code: "bad-form"}},
		Answer: typeOf[string](),
		Run:    func(a *API, g *game, in Args) (any, error) { return g.record(in.String("form")) }},
	{Op: OpVerify, Name: "verify",
		Doc:    "Verifies a record under an optional host policy (a Policy, as `replay.ParsePolicy` reads it) and answers the verifier's Report.",
		Args:   []Arg{record, policy},
		Answer: typeOf[*replay.Report](),
		Run:    func(a *API, g *game, in Args) (any, error) { return a.Verify(in.String("record"), in.String("policy")) }},
	{Op: OpVariants, Name: "variants",
		Doc:    "The variants' names: rules and scoring together, as newGame's option `variant` names them.",
		Answer: typeOf[[]string](), AnswerTS: "VariantName[]",
		Run: func(a *API, g *game, in Args) (any, error) { return a.Variants(), nil }},
	{Op: OpDailyCode, Name: "dailyCode", OptionsFirst: true,
		Doc: "The daily deal's code for a date (`2026-12-01`; today when left out), suit count and group rule; with `winnable: true` (options given as an object), the day's winnable deal (Go's `solve.DailyWinnable`, what `spider deal --daily --winnable` prints): the first deal from the day's on that the solver wins, the same code for everyone on that date. Winnable is slow (a second or more): in a page, ask solve-worker.js.",
		TS: "dailyCode(date?: string, suits?: 1 | 2 | 4, group?: Group): string;\n" +
			"dailyCode(options: { date?: string; suits?: 1 | 2 | 4; group?: Group; winnable?: boolean }): string;",
		Args: []Arg{{Name: "date", Kind: Text, Doc: `the date, YYYY-MM-DD; "": today`, Default: "", Says: "the date is a string, YYYY-MM-DD", Code: "bad-date"},
			suits, group,
			{Name: "winnable", Kind: Flag, Optional: true, Option: true, Default: false, Doc: "the day's winnable deal (0 or 1)"}},
		Answer: typeOf[string](),
		Run: func(a *API, g *game, in Args) (any, error) {
			date, suits, group := in.String("date"), in.Int("suits"), in.String("group")
			switch w := in.Int("winnable"); w {
			case 0:
				return a.DailyCode(date, suits, group)
			case 1:
				return a.DailyWinnable(date, suits, group)
			default:
				return nil, ErrBadRequest.Detailf("winnable %d: 0 or 1", w)
			}
		}},
	{Op: OpResume, Name: "resume", Opens: true,
		Doc:  "Resumes the game a record records, at its last action, with its score, counters, undo history, times and tags; a record that does not verify is refused (`not-verified`, or the decoder's code).",
		Args: []Arg{record}, Answer: typeOf[int](),
		Run: func(a *API, g *game, in Args) (any, error) { return a.Resume(in.String("record")) }},
	{Op: OpHistory, Name: "history", OnGame: true,
		Doc: "The game's actions, oldest first, as its record has them (scored undos included, take-backs not), in the notation; with `verbose`, a Step each: the cards moved or dealt, those turned over, the run removed, the score after.",
		TS: "history(options?: { verbose?: false }): Action[];\n" +
			"history(options: { verbose: true }): Step[];\n" +
			"history(options?: { verbose?: boolean }): Action[] | Step[];",
		Args:   []Arg{handle, {Name: "verbose", Kind: Flag, Option: true, Default: false, Doc: "a Step each action (0 or 1)"}},
		Answer: typeOf[[]Step](), AnswerTS: "Action[] | Step[]",
		Run: func(a *API, g *game, in Args) (any, error) {
			if in.Bool("verbose") {
				return g.historyVerbose()
			}
			return g.history()
		}},
	{Op: OpTakeBack, Name: "takeBack", OnGame: true,
		Doc: "Takes the last `count` actions back (1 by default), free, as if never played: the record and the history keep no trace of them (Go's `Board.Pop`), unlike the rules' undo, which is scored and recorded. Answers the State after it; a game with fewer actions is refused (`nothing-to-take-back`) and left as it is.",
		Args: []Arg{handle, {Name: "count", Optional: true, Default: 1, Min: 1, Max: maxInt, Doc: "how many actions, 1 or more",
			Says: "the count of actions"}},
		Answer: typeOf[*State](),
		Run: func(a *API, g *game, in Args) (any, error) {
			if err := g.takeBack(in.Int("count")); err != nil {
				return nil, err
			}
			return g.state(), nil
		}},
	{Op: OpDuel, Name: "duel",
		Doc: "The result of a duel (Go's `replay.Verifier.Duel`): two records of one deal under the same rules, judged under one host policy that both must meet (none: each under its own rules), and under a clock (the duel's 15 minutes) both timed; each scored on the duel's scheme.",
		Args: []Arg{
			{Name: "a", Kind: Text, Doc: "the first record", Says: record.Says},
			{Name: "b", Kind: Text, Doc: "the second record", Says: record.Says},
			{Name: "policy", Kind: Object, Optional: true, Option: true, Doc: `a host's policy as JSON, "" for none; both records must meet it`, TS: "Policy",
				Says: policy.Says, Code: policy.Code}},
		Answer: typeOf[replay.Duel](),
		Run: func(a *API, g *game, in Args) (any, error) {
			return a.Duel(in.String("a"), in.String("b"), in.String("policy"))
		}},
	{Op: OpTimeLeft, Name: "timeLeft", OnGame: true,
		Doc:  "The milliseconds the game has left under its rules' time limit (the duel's clock) after its last action, or -1 without a limit: a countdown shows this less the time since that action. When it runs out, `apply(\"x\", timeLeft())` ends the game at the limit (outcome `time-up`).",
		Args: []Arg{handle}, Answer: typeOf[int64](),
		Run: func(a *API, g *game, in Args) (any, error) { return g.timeLeft() }},
	{Op: OpFinishable, Name: "finishable", OnGame: true,
		Doc: "Whether the game can still be won from where it stands, for its player (Go's `solve.Finishable`): `winnable` only when every card is known and a line is found; `unwinnable` on a proof: `search` (every card known), `no-turn` (cards unseen, the stock empty, and no move among the seen cards turns a card over), `stranded`; else `unknown`, and `unknown` too when the budget runs out first: never a false answer. `positions` is the search's budget (" + strconv.Itoa(FinishablePositions) + " by default, about a second in a browser; at most " + strconv.Itoa(MaxFinishablePositions) + "), so the answer is the same on every machine. Slow: in a page, call it in solve-worker.js.",
		Args: []Arg{handle, {Name: "positions", Optional: true, Option: true, Default: 0, Min: 0, Max: maxInt,
			Doc: "the positions the solver may generate; 0: " + strconv.Itoa(FinishablePositions), Says: "positions, the solver's budget,"}},
		Answer: typeOf[Finishable](),
		Run:    func(a *API, g *game, in Args) (any, error) { return g.finishable(in.Int("positions")) }},
	{Op: OpWinnableCode, Name: "winnableCode",
		Doc: "The code of the first deal from number `start` on (0, 4 suits and classic by default) that the solver wins (Go's `solve.WinnableCode`, with the daily deals' budget of positions): the same code on every machine. Slow, a tenth of a second to a few seconds: in a page, ask solve-worker.js.",
		Args: []Arg{
			withOption(suits),
			withOption(group),
			{Name: "start", Kind: Decimal, Option: true, Default: 0, Min: 0, Max: 1<<53 - 1, Doc: "a deal number, in decimal", Says: "start, a deal number,"}},
		Answer: typeOf[string](),
		Run: func(a *API, g *game, in Args) (any, error) {
			return a.WinnableCode(in.Int("suits"), in.String("group"), in.String("start"))
		}},
	{Op: OpElapsed, Name: "elapsed", OnGame: true,
		Doc:  "The milliseconds the game has taken: the sum of its actions' times (0 in a game that keeps none). A page playing on from a record starts its clock there.",
		Args: []Arg{handle}, Answer: typeOf[int64](),
		Run: func(a *API, g *game, in Args) (any, error) { return g.elapsed() }},
	{Op: OpBotStep, Name: "botStep", OnGame: true, JS: JSNone,
		Doc: "Plays the next action of the bot (Go's `advisor.Bot`, the one bot of every client) in the game at a level, each action timed with `pace` milliseconds (0: the time the bot thought, at least 100 ms) in a game that keeps times, and answers it with the State after it: its action (`x` when it resigns; \"\" once the game is over), time, basis, and why it resigns.",
		Args: []Arg{handle,
			{Name: "level", Kind: Text, Doc: `the bot's level; "": standard`, TS: "Level"},
			{Name: "pace", Optional: true, Default: 0, Doc: "each action's milliseconds; 0: the time the bot thinks"}},
		Answer: typeOf[BotMove](),
		Run: func(a *API, g *game, in Args) (any, error) {
			m, err := g.botStep(in.String("level"), in.Int("pace"))
			if err != nil {
				return nil, err
			}
			m.State = g.state()
			return m, nil
		}},
	{Op: OpTurnOver, Name: "turnOver", OnGame: true,
		Doc: "Whether a face-down card can still be turned over by moves among the cards the player sees (Go's `solve.TurnOver`), reading no hidden card: `reach` `turn`, with the shortest such `line` (its last action the one that turns the card); `none`: no line does (with the stock empty, the game is lost whatever the unseen cards); `unknown`: the budget of `positions` (" + strconv.Itoa(FinishablePositions) + " by default; at most " + strconv.Itoa(MaxFinishablePositions) + ") ran out first.",
		Args: []Arg{handle, {Name: "positions", Optional: true, Option: true, Default: 0, Min: 0, Max: maxInt,
			Doc: "the positions the search may generate; 0: " + strconv.Itoa(FinishablePositions), Says: "positions, the search's budget,"}},
		Answer: typeOf[TurnOver](),
		Run:    func(a *API, g *game, in Args) (any, error) { return g.turnOver(in.Int("positions")) }},
	{Op: OpLive, Name: "live", Opens: true,
		Doc:  "Opens a game verified as it is played, under a host's policy (Go's `replay.Verifier.Live`): the record's deal, rules, scoring and tags, and its actions so far; `liveApply` then verifies each action as the host will. A game the policy refuses is refused (its rejection's kind as the code), as is the first action of the record that is refused.",
		Args: []Arg{record, policy}, Answer: typeOf[int](),
		Run: func(a *API, g *game, in Args) (any, error) { return a.live(in.String("record"), in.String("policy")) }},
	{Op: OpLiveApply, Name: "liveApply", OnGame: true,
		Doc: "Verifies an action of a game opened with `live`, `ms` milliseconds after the last, as the host's live verifier will (Go's `replay.Live`): accepted, it is played and answered with its Step (`index`, `score`, `outcome`, `timeLeft`: -1 without a limit); refused, nothing changes and the answer is the reason the whole-record verifier would give (the rule's code and sentence, or the policy's rejection).",
		Args: []Arg{handle,
			{Name: "action", Kind: Text, Doc: "the action, in the record notation", TS: "Action", Code: "notation",
				Says: `an action is a string in the record notation ("d>f", "3a>c", "d", "fa", "u", "h", "x")`},
			{Name: "ms", Optional: true, Min: 0, Max: 1<<32 - 1, Doc: "milliseconds since the last action; left off in a game that keeps no times",
				Says: "the time in milliseconds since the last action"}},
		Answer: typeOf[LiveStep](),
		Run: func(a *API, g *game, in Args) (any, error) {
			return g.liveApply(in.String("action"), in.Has("ms"), uint32(in.Int("ms")))
		}},
}

// withOption is a, a key of the JavaScript method's options object.
func withOption(a Arg) Arg {
	a.Option = true
	return a
}
