/*
 * spider.h: the Spider Solitaire SDK as a C library (libspider).
 *
 * Build (from the repository's root, cgo and a C compiler needed):
 *   go build -buildmode=c-shared -o libspider.so ./cmd/spider-c   (shared)
 *   go build -buildmode=c-archive -o libspider.a ./cmd/spider-c   (static)
 * Link with -lspider (shared) or libspider.a -lpthread (static).
 *
 * One entry point, spider_call, runs a call of the SDK's call interface:
 * the same dispatch as the WebAssembly build, so the same requests give
 * the same answers, byte for byte, and the same error codes. The calls,
 * their arguments and answers are written from one table in Go, as the
 * JavaScript package's methods and TypeScript declarations are.
 *
 * REQUEST: a call's arguments one after the other, each either
 *   - an int32, 4 bytes little-endian, or
 *   - a string: its UTF-8 length as a 4-byte little-endian uint32, then
 *     its bytes (no NUL).
 * The arguments of each call are listed with enum spider_op below; the
 * helpers spider_req_int and spider_req_str write them.
 *
 * ANSWER: JSON, {"ok": value} or
 *   {"error": {"code": "...", "message": "...", "explain": "..."}}
 * ("explain", a sentence about this refusal, may be absent). The code is
 * stable: "bad-request" (the request cannot be read: NULL, negative or
 * oversize length, short, bytes left over, no such op), "no-game" (a
 * freed or unknown handle), "bad-options", "bad-group", "bad-form",
 * "bad-date", "not-verified", "record-full", "nothing-to-take-back",
 * "internal" (a bug in the SDK; the library goes on answering), and the
 * SDK's own codes: "bad-code" (a game code that cannot be read, invalid
 * UTF-8 included) and the rule codes of refused actions (e.g. "rank"),
 * each with a "message" and, for a refusal, an "explain" sentence to show
 * the player. The full list is the SDK's (spider.NewError), the union
 * ErrorCode of js/index.d.ts. Strings are written as the SDK has them,
 * '<', '>' and '&' unescaped: an action reads "d>f", as sent back.
 *
 * MEMORY: the caller owns the request; the library copies it before use
 * and keeps no pointer to it. Every answer is memory from malloc,
 * NUL-terminated (the NUL not counted in *out_len), owned by the caller,
 * and freed with spider_free only. The library keeps no pointer to C
 * memory and hands out no pointer to Go memory.
 *
 * THREADS: any thread may call. Each game has a lock of its own: calls
 * on one game wait for each other, calls on other games and calls that
 * need no game (verify, variants) do not. Games are handles (ints) in
 * one table per process; a handle is good until SPIDER_OP_FREE. A
 * handle is only a number: a caller holding another game's handle acts
 * on that game, so a host that runs games for several parties keeps each
 * party's handles apart itself.
 *
 * LIMITS: a request is at most 64 MB (as in the WebAssembly build).
 */
#ifndef SPIDER_H
#define SPIDER_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* BEGIN calls: written by go generate ./internal/calls from the table of the calls; do not edit. */
/*
 * The calls. Each one's arguments go in its request (REQUEST above), in
 * order: "int" an int32, "string" a string; those in brackets may be left
 * off, the last first. Each answers JSON (ANSWER above): its value is of
 * the type named after "->", which js/index.d.ts declares (TypeScript,
 * written from the same table): a State, a Report, ...
 */
enum spider_op {
	/* newGame: string options (JSON: the options (NewGameOptions), or a
	 * game code as a JSON string) -> int, the game's handle
	 * Starts a game: `{code}` (or the code alone), `{number, suits,
	 * group}`, `{daily, suits, group}`, `{deal}`, or none of these for a
	 * random deal (a random number from `crypto/rand`; 4 suits and classic
	 * unless told), under a variant (`app` by default), with `player` and
	 * `ticket` for the record's `Player` and `Ticket` tags. An unknown
	 * option name or value is refused (`bad-request`, `bad-options`, or
	 * the option's own code).
	 */
	SPIDER_OP_NEW_GAME = 1,

	/* free: int handle -> true
	 * Forgets the game.
	 */
	SPIDER_OP_FREE = 2,

	/* state: int handle -> State
	 * The game as a player sees it (State): the columns, what the player
	 * remembers of the face-down cards, the stock, the runs removed, the
	 * score, the counters, the outcome, what is possible and every legal
	 * action.
	 */
	SPIDER_OP_STATE = 3,

	/* legal: int handle -> Action[]
	 * Every legal action in the record notation (`d>f`, `3a>c`, `d`, `fa`,
	 * `u`, `h`, `x`); in JavaScript, with `{kinds}`, only those kinds of
	 * action (`{kinds: ["move", "deal"]}` for a bot).
	 */
	SPIDER_OP_LEGAL = 4,

	/* apply: int handle, string action (the action, in the record
	 * notation)[, int ms (milliseconds since the last action (the bits of
	 * a uint32); left off in a game that keeps no times)] -> State
	 * Plays an action in the record notation, `ms` milliseconds after the
	 * last (0 to 4294967295), and answers the State after it; a refused
	 * action changes nothing and says why (its code, the rule's reason,
	 * and the sentence for the player). A game keeps a time for every
	 * action or for none, as its record does: its first action decides,
	 * and an action the other way is refused (`untimed-action`,
	 * `timed-action`).
	 */
	SPIDER_OP_APPLY = 5,

	/* tap: int handle, int column (the column, 0 for a), int index (the
	 * card's index in its column, 0 for the bottom card), string order
	 * ("complete" or "suit"; "": the variant's) -> Action
	 * Where the group from card `index` (from the bottom, 0) of column
	 * `column` goes when tapped: a move, or refused. `order` is `complete`
	 * (a completed run first) or `suit` (the group's own suit first); left
	 * out (or ""), the variant's own (own suit first under app and
	 * winnable, a completed run first elsewhere).
	 */
	SPIDER_OP_TAP = 6,

	/* segments: int handle, int column (the column, 0 for a) -> Segment[]
	 * Every movable group of a column with its destinations: a drag's drop
	 * targets, or the segment selector.
	 */
	SPIDER_OP_SEGMENTS = 7,

	/* suggest: int handle, string order ("reveal", "complete" or "solver")
	 * -> Suggestion
	 * The assistance's suggestion (a Suggestion): a useful action, or the
	 * next step when nothing on the table is progress; `order` is `reveal`
	 * (the default) or `complete`, or `solver`: the solver site's hint,
	 * which sees every card, else the complete ranking, with `by`
	 * (`solver` or `ranking`) and `positions`.
	 */
	SPIDER_OP_SUGGEST = 8,

	/* advise: int handle, int ms (the most milliseconds it may take; 0: no
	 * bound, the level's own work)[, string level (the advisor's level;
	 * "": standard)] -> Suggestion
	 * The advisor's action from what the player has seen (Go's package
	 * advisor): a Suggestion of kind `advice`, with its `level` and
	 * `basis`; when nothing is legal, the assistance's suggestion. The
	 * game keeps the advisor, with its plan and memory, from one call to
	 * the next. Options: `level` (`standard` by default) and `ms`, the
	 * most it may take (0, the default: the level's own work, the same
	 * answer on every machine); a number alone is `ms`.
	 */
	SPIDER_OP_ADVISE = 9,

	/* record: int handle, string form ("text" or "json") -> string
	 * The game's record, `text` or `json`: every action with its time,
	 * every claim; it verifies as it is.
	 */
	SPIDER_OP_RECORD = 10,

	/* verify: string record (a record, text or JSON (any form the codec's
	 * front door reads, an lklynet log too)), string policy (a host's
	 * policy as JSON (replay.ParsePolicy), "" for none) -> Report
	 * Verifies a record under an optional host policy (a Policy, as
	 * `replay.ParsePolicy` reads it) and answers the verifier's Report.
	 */
	SPIDER_OP_VERIFY = 11,

	/* variants: -> VariantName[]
	 * The variants' names: rules and scoring together, as newGame's option
	 * `variant` names them.
	 */
	SPIDER_OP_VARIANTS = 12,

	/* dailyCode: string date (the date, YYYY-MM-DD; "": today), int suits
	 * (the suit count: 1, 2 or 4 (0: 4)), string group (the group rule,
	 * "classic" or "relaxed" ("": classic))[, int winnable (the day's
	 * winnable deal (0 or 1))] -> string
	 * The daily deal's code for a date (`2026-12-01`; today when left
	 * out), suit count and group rule; with `winnable: true` (options
	 * given as an object), the day's winnable deal (Go's
	 * `solve.DailyWinnable`, what `spider deal --daily --winnable`
	 * prints): the first deal from the day's on that the solver wins, the
	 * same code for everyone on that date. Winnable is slow (a second or
	 * more): in a page, ask solve-worker.js.
	 */
	SPIDER_OP_DAILY_CODE = 13,

	/* resume: string record (a record, text or JSON (any form the codec's
	 * front door reads, an lklynet log too)) -> int, the game's handle
	 * Resumes the game a record records, at its last action, with its
	 * score, counters, undo history, times and tags; a record that does
	 * not verify is refused (`not-verified`, or the decoder's code).
	 */
	SPIDER_OP_RESUME = 14,

	/* history: int handle, int verbose (a Step each action (0 or 1)) ->
	 * Action[] | Step[]
	 * The game's actions, oldest first, as its record has them (scored
	 * undos included, take-backs not), in the notation; with `verbose`, a
	 * Step each: the cards moved or dealt, those turned over, the run
	 * removed, the score after.
	 */
	SPIDER_OP_HISTORY = 15,

	/* takeBack: int handle[, int count (how many actions, 1 or more)] ->
	 * State
	 * Takes the last `count` actions back (1 by default), free, as if
	 * never played: the record and the history keep no trace of them (Go's
	 * `Board.Pop`), unlike the rules' undo, which is scored and recorded.
	 * Answers the State after it; a game with fewer actions is refused
	 * (`nothing-to-take-back`) and left as it is.
	 */
	SPIDER_OP_TAKE_BACK = 16,

	/* duel: string a (the first record), string b (the second record)[,
	 * string policy (a host's policy as JSON, "" for none; both records
	 * must meet it)] -> Duel
	 * The result of a duel (Go's `replay.Verifier.Duel`): two records of
	 * one deal under the same rules, judged under one host policy that
	 * both must meet (none: each under its own rules), and under a clock
	 * (the duel's 15 minutes) both timed; each scored on the duel's
	 * scheme.
	 */
	SPIDER_OP_DUEL = 17,

	/* timeLeft: int handle -> number
	 * The milliseconds the game has left under its rules' time limit (the
	 * duel's clock) after its last action, or -1 without a limit: a
	 * countdown shows this less the time since that action. When it runs
	 * out, `apply("x", timeLeft())` ends the game at the limit (outcome
	 * `time-up`).
	 */
	SPIDER_OP_TIME_LEFT = 18,

	/* finishable: int handle[, int positions (the positions the solver may
	 * generate; 0: 300000)] -> Finishable
	 * Whether the game can still be won from where it stands, for its
	 * player (Go's `solve.Finishable`): `winnable` only when every card is
	 * known and a line is found; `unwinnable` on a proof: `search` (every
	 * card known), `no-turn` (cards unseen, the stock empty, and no move
	 * among the seen cards turns a card over), `stranded`; else `unknown`,
	 * and `unknown` too when the budget runs out first: never a false
	 * answer. `positions` is the search's budget (300000 by default, about
	 * a second in a browser; at most 5000000), so the answer is the same
	 * on every machine. Slow: in a page, call it in solve-worker.js.
	 */
	SPIDER_OP_FINISHABLE = 19,

	/* winnableCode: int suits (the suit count: 1, 2 or 4 (0: 4)), string
	 * group (the group rule, "classic" or "relaxed" ("": classic)), string
	 * start (a deal number, in decimal) -> string
	 * The code of the first deal from number `start` on (0, 4 suits and
	 * classic by default) that the solver wins (Go's `solve.WinnableCode`,
	 * with the daily deals' budget of positions): the same code on every
	 * machine. Slow, a tenth of a second to a few seconds: in a page, ask
	 * solve-worker.js.
	 */
	SPIDER_OP_WINNABLE_CODE = 20,

	/* elapsed: int handle -> number
	 * The milliseconds the game has taken: the sum of its actions' times
	 * (0 in a game that keeps none). A page playing on from a record
	 * starts its clock there.
	 */
	SPIDER_OP_ELAPSED = 21,

	/* botStep: int handle, string level (the bot's level; "": standard)[,
	 * int pace (each action's milliseconds; 0: the time the bot thinks)]
	 * -> BotMove
	 * Plays the next action of the bot (Go's `advisor.Bot`, the one bot of
	 * every client) in the game at a level, each action timed with `pace`
	 * milliseconds (0: the time the bot thought, at least 100 ms) in a
	 * game that keeps times, and answers it with the State after it: its
	 * action (`x` when it resigns; "" once the game is over), time, basis,
	 * and why it resigns.
	 */
	SPIDER_OP_BOT_STEP = 22,

	/* turnOver: int handle[, int positions (the positions the search may
	 * generate; 0: 300000)] -> TurnOver
	 * Whether a face-down card can still be turned over by moves among the
	 * cards the player sees (Go's `solve.TurnOver`), reading no hidden
	 * card: `reach` `turn`, with the shortest such `line` (its last action
	 * the one that turns the card); `none`: no line does (with the stock
	 * empty, the game is lost whatever the unseen cards); `unknown`: the
	 * budget of `positions` (300000 by default; at most 5000000) ran out
	 * first.
	 */
	SPIDER_OP_TURN_OVER = 23,

	/* live: string record (a record, text or JSON (any form the codec's
	 * front door reads, an lklynet log too)), string policy (a host's
	 * policy as JSON (replay.ParsePolicy), "" for none) -> int, the game's
	 * handle
	 * Opens a game verified as it is played, under a host's policy (Go's
	 * `replay.Verifier.Live`): the record's deal, rules, scoring and tags,
	 * and its actions so far; `liveApply` then verifies each action as the
	 * host will. A game the policy refuses is refused (its rejection's
	 * kind as the code), as is the first action of the record that is
	 * refused.
	 */
	SPIDER_OP_LIVE = 24,

	/* liveApply: int handle, string action (the action, in the record
	 * notation)[, int ms (milliseconds since the last action; left off in
	 * a game that keeps no times)] -> LiveStep
	 * Verifies an action of a game opened with `live`, `ms` milliseconds
	 * after the last, as the host's live verifier will (Go's
	 * `replay.Live`): accepted, it is played and answered with its Step
	 * (`index`, `score`, `outcome`, `timeLeft`: -1 without a limit);
	 * refused, nothing changes and the answer is the reason the
	 * whole-record verifier would give (the rule's code and sentence, or
	 * the policy's rejection).
	 */
	SPIDER_OP_LIVE_APPLY = 25
};
/* END calls */

/*
 * spider_call runs call op on the len bytes at req (req may be NULL when
 * len is 0) and returns the answer, its length in *out_len (out_len may be
 * NULL). It returns NULL only when malloc fails. Free it with spider_free.
 */
uint8_t *spider_call(int32_t op, uint8_t *req, int32_t len, int32_t *out_len);

/* spider_free frees an answer of spider_call or spider_version; NULL is allowed. */
void spider_free(void *p);

/* spider_version returns the library's version, to be freed with spider_free. */
char *spider_version(void);

/*
 * Request helpers: each writes one argument at buf[*at] and advances *at;
 * the caller gives a buffer big enough (4 bytes an int, 4 + the string's
 * length a string).
 */
static inline void spider_req_int(uint8_t *buf, int32_t *at, int32_t v) {
	uint32_t u = (uint32_t)v;
	buf[*at] = (uint8_t)u;
	buf[*at + 1] = (uint8_t)(u >> 8);
	buf[*at + 2] = (uint8_t)(u >> 16);
	buf[*at + 3] = (uint8_t)(u >> 24);
	*at += 4;
}

static inline void spider_req_str(uint8_t *buf, int32_t *at, const char *s, uint32_t n) {
	spider_req_int(buf, at, (int32_t)n);
	memcpy(buf + *at, s, n);
	*at += (int32_t)n;
}

#ifdef __cplusplus
}
#endif

#endif /* SPIDER_H */
