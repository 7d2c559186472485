/*
 * spider.h: the Spider Solitaire SDK as a C library (libspider).
 *
 * Build (from the repository's root, cgo and a C compiler needed):
 *   go build -buildmode=c-shared -o libspider.so ./cmd/spider-c   (shared)
 *   go build -buildmode=c-archive -o libspider.a ./cmd/spider-c   (static)
 * Link with -lspider (shared) or libspider.a -lpthread (static).
 *
 * One entry point, spider_call, runs a call of the SDK's API: the same
 * dispatch as the WebAssembly build (Go's calls.API.Call), so the same
 * requests give the same answers, byte for byte, and the same error codes.
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
 * the player. The full list is the SDK's (spider.NewError). The two compact
 * calls answer a compact State instead (internal/calls/compact.go in the SDK): an
 * answer is JSON when its first byte is '{'.
 *
 * MEMORY: the caller owns the request; the library copies it before use
 * and keeps no pointer to it. Every answer is memory from malloc,
 * NUL-terminated (the NUL not counted in *out_len), owned by the caller,
 * and freed with spider_free only. The library keeps no pointer to C
 * memory and hands out no pointer to Go memory.
 *
 * THREADS: any thread may call. Each game has a lock of its own: calls
 * on one game wait for each other, calls on other games and calls that
 * need no game (verify, variants) do not. Games are handles
 * (ints) in one table per process; a handle is good until OP_FREE. A
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

/* BEGIN calls: written by go generate ./internal/calls from the table of calls.Calls; do not edit. */
/* The calls: each one's arguments (REQUEST above) and answer. */
enum spider_op {
	SPIDER_OP_NEW_GAME = 1,             /* string options (JSON: an object, or a game code as a string) -> handle */
	SPIDER_OP_FREE = 2,                 /* int handle -> true */
	SPIDER_OP_STATE = 3,                /* int handle -> State */
	SPIDER_OP_LEGAL = 4,                /* int handle -> actions */
	SPIDER_OP_APPLY = 5,                /* int handle, string action (the record notation)[, int ms (milliseconds since the last action; none in a game that keeps no times)] -> State */
	SPIDER_OP_TAP = 6,                  /* int handle, int column, int index, string order (complete or suit) -> action */
	SPIDER_OP_SEGMENTS = 7,             /* int handle, int column -> segments */
	SPIDER_OP_SUGGEST = 8,              /* int handle, string order (reveal, complete or solver) -> Suggestion */
	SPIDER_OP_ADVISE = 9,               /* int handle, int ms (0: no bound)[, string level] -> Suggestion */
	SPIDER_OP_RECORD = 10,              /* int handle, string form (text or json) -> record */
	SPIDER_OP_VERIFY = 11,              /* string record, string policy (JSON, "" for none) -> report */
	SPIDER_OP_VARIANTS = 12,            /* -> names */
	SPIDER_OP_DAILY_CODE = 13,          /* string date (YYYY-MM-DD), int suits, string group[, int winnable (0 or 1: the day's winnable deal)] -> code */
	SPIDER_OP_STATE_COMPACT = 14,       /* int handle -> State, compact */
	SPIDER_OP_APPLY_COMPACT = 15,       /* int handle, string action (the record notation)[, int ms (milliseconds since the last action; none in a game that keeps no times)] -> State, compact */
	SPIDER_OP_RESUME = 16,              /* string record (text or JSON) -> handle */
	SPIDER_OP_HISTORY = 17,             /* int handle, int verbose (0 or 1) -> actions, or Steps */
	SPIDER_OP_TAKE_BACK = 18,           /* int handle[, int count (how many actions, 1 by default)] -> State, compact */
	SPIDER_OP_DUEL = 19,                /* string a (a record), string b (a record)[, string policy (JSON, "" for none; both records must meet it)] -> Duel */
	SPIDER_OP_TIME_LEFT = 20,           /* int handle -> milliseconds, or -1 without a limit */
	SPIDER_OP_FINISHABLE = 21,          /* int handle[, int positions (0: the default, 300000; at most 5000000)] -> Finishable */
	SPIDER_OP_WINNABLE_CODE = 22,       /* int suits, string group, string start (a deal number in decimal) -> code */
	SPIDER_OP_ELAPSED = 23,             /* int handle -> milliseconds */
	SPIDER_OP_BOT_STEP = 24,            /* int handle, string level ("" for standard)[, int pace (each action's milliseconds; 0: the time the bot thinks)] -> BotMove */
	SPIDER_OP_PRESETS = SPIDER_OP_VARIANTS /* deprecated: the former name of SPIDER_OP_VARIANTS */
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
