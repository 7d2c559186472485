/* play.c: the C test of libspider (run by cmd/spider-c's Go tests).
 *
 *   play OPTIONS MOVES POLICY  plays the game of OPTIONS with the moves of
 *                              the file MOVES ("action ms" a line), and
 *                              prints every answer on its own line
 *   hostile                    makes hostile calls; exits 1 on a failure
 *   bot OPTIONS LEVEL POLICY   lets the bot (SPIDER_OP_BOT_STEP) play the
 *                              game of OPTIONS at LEVEL, a second an
 *                              action, to its end, verifies its record
 *                              under POLICY, and prints the last move
 *   bench OPTIONS MOVES ROUNDS plays the moves ROUNDS times and prints the
 *                              time of a user action (apply + legal)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "spider.h"

static uint8_t buf[1 << 20];

/* call runs op on the request of at bytes in buf and prints the answer. */
static char *call(int32_t op, int32_t at) {
	int32_t n = 0;
	char *out = (char *)spider_call(op, buf, at, &n);
	if (out == NULL || (int32_t)strlen(out) != n) {
		fprintf(stderr, "op %d: no answer or a wrong length\n", op);
		exit(1);
	}
	printf("%s\n", out);
	return out;
}

/* handleOf reads the handle of {"ok":N}. */
static int32_t handleOf(const char *ans) {
	if (strncmp(ans, "{\"ok\":", 6) != 0) {
		fprintf(stderr, "not a handle: %s\n", ans);
		exit(1);
	}
	return (int32_t)atoi(ans + 6);
}

/* unquote decodes the JSON string of {"ok":"..."} into out: the escapes
 * encoding/json writes (\n \t \" \\ \/ and \uXXXX below 0x10000). */
static int32_t unquote(const char *ans, char *out) {
	const char *p = ans + 7;
	int32_t n = 0;
	for (; *p && *p != '"'; p++) {
		if (*p != '\\') { out[n++] = *p; continue; }
		p++;
		switch (*p) {
		case 'n': out[n++] = '\n'; break;
		case 't': out[n++] = '\t'; break;
		case 'r': out[n++] = '\r'; break;
		case 'u': {
			unsigned v = 0;
			sscanf(p + 1, "%4x", &v);
			p += 4;
			if (v < 0x80) out[n++] = (char)v;
			else if (v < 0x800) { out[n++] = (char)(0xC0 | v >> 6); out[n++] = (char)(0x80 | (v & 0x3F)); }
			else { out[n++] = (char)(0xE0 | v >> 12); out[n++] = (char)(0x80 | ((v >> 6) & 0x3F)); out[n++] = (char)(0x80 | (v & 0x3F)); }
			break;
		}
		default: out[n++] = *p;
		}
	}
	return n;
}

static int play(const char *opts, const char *moves, const char *policy) {
	int32_t at = 0;
	spider_req_str(buf, &at, opts, strlen(opts));
	char *ans = call(SPIDER_OP_NEW_GAME, at);
	int32_t h = handleOf(ans);
	spider_free(ans);

	at = 0; /* a refused action: its code and sentence */
	spider_req_int(buf, &at, h);
	spider_req_str(buf, &at, "a>a", 3);
	spider_req_int(buf, &at, 0);
	ans = call(SPIDER_OP_APPLY, at);
	if (strncmp(ans, "{\"error\":{\"code\":", 17) != 0 || strstr(ans, "\"explain\":") == NULL) {
		fprintf(stderr, "a>a is not refused with a sentence: %s\n", ans);
		return 1;
	}
	spider_free(ans);

	FILE *f = fopen(moves, "r");
	if (f == NULL) { perror(moves); return 1; }
	char act[64];
	int ms;
	int won = 0;
	while (fscanf(f, "%63s %d", act, &ms) == 2) {
		at = 0;
		spider_req_int(buf, &at, h);
		spider_req_str(buf, &at, act, strlen(act));
		spider_req_int(buf, &at, ms);
		ans = call(SPIDER_OP_APPLY, at);
		if (strncmp(ans, "{\"ok\":", 6) != 0) { fprintf(stderr, "%s refused: %s\n", act, ans); return 1; }
		won = strstr(ans, "\"outcome\":\"won\"") != NULL;
		spider_free(ans);
		at = 0;
		spider_req_int(buf, &at, h);
		spider_free(call(SPIDER_OP_LEGAL, at));
	}
	fclose(f);
	if (!won) { fprintf(stderr, "the game is not won\n"); return 1; }

	at = 0;
	spider_req_int(buf, &at, h);
	spider_req_str(buf, &at, "text", 4);
	ans = call(SPIDER_OP_RECORD, at);
	static char rec[1 << 19];
	int32_t rn = unquote(ans, rec);
	spider_free(ans);

	at = 0;
	spider_req_str(buf, &at, rec, rn);
	spider_req_str(buf, &at, policy, strlen(policy));
	ans = call(SPIDER_OP_VERIFY, at);
	if (strncmp(ans, "{\"ok\":", 6) != 0) { fprintf(stderr, "the record does not verify: %s\n", ans); return 1; }
	spider_free(ans);

	at = 0;
	spider_req_int(buf, &at, h);
	spider_free(call(SPIDER_OP_FREE, at));
	return 0;
}

static int bot(const char *opts, const char *level, const char *policy) {
	int32_t at = 0, len;
	spider_req_str(buf, &at, opts, strlen(opts));
	char *ans = (char *)spider_call(SPIDER_OP_NEW_GAME, buf, at, &len);
	int32_t h = handleOf(ans);
	spider_free(ans);
	char *last = NULL;
	for (int i = 0; i <= 1000; i++) {
		at = 0;
		spider_req_int(buf, &at, h);
		spider_req_str(buf, &at, level, strlen(level));
		spider_req_int(buf, &at, 1000);
		ans = (char *)spider_call(SPIDER_OP_BOT_STEP, buf, at, &len);
		if (strncmp(ans, "{\"ok\":{\"action\":", 16) != 0) { fprintf(stderr, "botStep: %s\n", ans); return 1; }
		if (strncmp(ans + 16, "\"\"", 2) == 0) { spider_free(ans); break; } /* the game is over */
		if (strstr(ans, "\"ms\":1000,") == NULL) { fprintf(stderr, "not at the pace: %s\n", ans); return 1; }
		spider_free(last);
		last = ans;
	}
	if (last == NULL) { fprintf(stderr, "the bot played nothing\n"); return 1; }
	*strstr(last, ",\"state\":") = '\0';
	printf("%s}}\n", last);
	spider_free(last);
	at = 0;
	spider_req_int(buf, &at, h);
	spider_req_str(buf, &at, "text", 4);
	ans = (char *)spider_call(SPIDER_OP_RECORD, buf, at, &len);
	static char rec[1 << 19];
	int32_t rn = unquote(ans, rec);
	spider_free(ans);
	at = 0;
	spider_req_str(buf, &at, rec, rn);
	spider_req_str(buf, &at, policy, strlen(policy));
	ans = (char *)spider_call(SPIDER_OP_VERIFY, buf, at, &len);
	int bad = strstr(ans, "\"verdict\":\"verified\"") == NULL;
	if (bad) fprintf(stderr, "the bot's record does not verify: %s\n", ans);
	spider_free(ans);
	at = 0;
	spider_req_int(buf, &at, h);
	spider_free(spider_call(SPIDER_OP_FREE, buf, at, &len));
	return bad;
}

/* expect runs op on the request (req, n) and checks the answer's code. */
static int expect(const char *what, int32_t op, uint8_t *req, int32_t n, const char *code) {
	char want[64];
	snprintf(want, sizeof want, "{\"error\":{\"code\":\"%s\"", code);
	int32_t len = -1;
	char *ans = (char *)spider_call(op, req, n, &len);
	int bad = ans == NULL || strncmp(ans, want, strlen(want)) != 0 || (int32_t)strlen(ans) != len;
	printf("%s: %s\n", what, ans ? ans : "(null)");
	if (bad) fprintf(stderr, "%s: want code %s\n", what, code);
	spider_free(ans);
	return bad;
}

static int hostile(void) {
	int bad = 0;
	int32_t at = 0;
	uint8_t req[64];
	bad |= expect("NULL request, len 8", SPIDER_OP_STATE, NULL, 8, "bad-request");
	bad |= expect("negative len", SPIDER_OP_STATE, buf, -4, "bad-request");
	bad |= expect("oversize len", SPIDER_OP_VERIFY, buf, (64 << 20) + 1, "bad-request");
	bad |= expect("empty request", SPIDER_OP_STATE, NULL, 0, "bad-request");
	bad |= expect("no such op", 9999, NULL, 0, "bad-request");
	spider_req_str(req, &at, "{\"code\":\"SP1-S1C-AAAAAAG\"}", 26);
	int32_t n;
	char *ans = (char *)spider_call(SPIDER_OP_NEW_GAME, req, at, &n);
	int32_t h = handleOf(ans);
	spider_free(ans);
	at = 0;
	spider_req_int(req, &at, h);
	spider_free(spider_call(SPIDER_OP_FREE, req, at, &n));
	bad |= expect("a freed handle", SPIDER_OP_STATE, req, at, "no-game");
	at = 0;
	spider_req_int(req, &at, h + 1000);
	bad |= expect("a handle of no game", SPIDER_OP_LEGAL, req, at, "no-game");
	at = 0;
	spider_req_str(req, &at, "{\"code\":\"\xff\xfe\"}", 13);
	bad |= expect("invalid UTF-8 in a code", SPIDER_OP_NEW_GAME, req, at, "bad-code");
	at = 0;
	spider_req_int(req, &at, 1 << 30); /* a string longer than the request */
	bad |= expect("a string past the end", SPIDER_OP_VERIFY, req, at, "bad-request");
	at = 0;
	spider_req_str(req, &at, "", 0);
	spider_req_int(req, &at, 7);
	bad |= expect("bytes left over", SPIDER_OP_VARIANTS, req, at, "bad-request");
	spider_free(NULL);
	char *v = spider_version();
	printf("version: %s\n", v);
	spider_free(v);
	return bad;
}

/* bench plays the moves rounds times, a new game a round, and prints the
 * time of a user action: an apply and the legal actions after it. */
static int bench(const char *opts, const char *moves, int rounds) {
	static char acts[1024][16];
	static int mss[1024];
	int n = 0, ms;
	FILE *f = fopen(moves, "r");
	if (f == NULL) { perror(moves); return 1; }
	while (n < 1024 && fscanf(f, "%15s %d", acts[n], &ms) == 2) mss[n++] = ms;
	fclose(f);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int r = 0; r < rounds; r++) {
		int32_t at = 0, len;
		spider_req_str(buf, &at, opts, strlen(opts));
		char *ans = (char *)spider_call(SPIDER_OP_NEW_GAME, buf, at, &len);
		int32_t h = handleOf(ans);
		spider_free(ans);
		for (int i = 0; i < n; i++) {
			at = 0;
			spider_req_int(buf, &at, h);
			spider_req_str(buf, &at, acts[i], strlen(acts[i]));
			spider_req_int(buf, &at, mss[i]);
			spider_free(spider_call(SPIDER_OP_APPLY, buf, at, &len));
			at = 0;
			spider_req_int(buf, &at, h);
			spider_free(spider_call(SPIDER_OP_LEGAL, buf, at, &len));
		}
		at = 0;
		spider_req_int(buf, &at, h);
		spider_free(spider_call(SPIDER_OP_FREE, buf, at, &len));
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
	printf("C: %.1f µs a user action (apply + legal), %d actions\n", ns / 1e3 / ((double)rounds * n), rounds * n);
	return 0;
}

int main(int argc, char **argv) {
	if (argc == 5 && strcmp(argv[1], "bench") == 0) return bench(argv[2], argv[3], atoi(argv[4]));
	if (argc == 5 && strcmp(argv[1], "play") == 0) return play(argv[2], argv[3], argv[4]);
	if (argc == 2 && strcmp(argv[1], "hostile") == 0) return hostile();
	if (argc == 5 && strcmp(argv[1], "bot") == 0) return bot(argv[2], argv[3], argv[4]);
	fprintf(stderr, "usage: play play OPTIONS MOVES POLICY | play hostile | play bot OPTIONS LEVEL POLICY\n");
	return 2;
}
