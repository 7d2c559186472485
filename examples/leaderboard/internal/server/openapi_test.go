package server_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// apiDoc is openapi.json, read as plain JSON.
type apiDoc map[string]any

// resolve follows a local $ref ("#/components/...").
func (d apiDoc) resolve(node map[string]any) map[string]any {
	for {
		ref, ok := node["$ref"].(string)
		if !ok {
			return node
		}
		var cur any = map[string]any(d)
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			cur = cur.(map[string]any)[part]
		}
		node = cur.(map[string]any)
	}
}

// response returns the description of a route's answer with a status
// code, and the schema of its JSON body (nil for an answer without a
// body); ok false when the description has no such answer.
func (d apiDoc) response(method, path string, code int) (r, schema map[string]any, ok bool) {
	op, _ := d["paths"].(map[string]any)[path].(map[string]any)[strings.ToLower(method)].(map[string]any)
	r, ok = op["responses"].(map[string]any)[strconv.Itoa(code)].(map[string]any)
	if !ok {
		return nil, nil, false
	}
	r = d.resolve(r)
	content, _ := r["content"].(map[string]any)
	if js, ok := content["application/json"].(map[string]any); ok {
		schema = d.resolve(js["schema"].(map[string]any))
	}
	return r, schema, true
}

// headerDiffs returns how the headers that the description may promise
// (Retry-After, Allow) differ between an answer and its description r.
func headerDiffs(r map[string]any, h http.Header) []string {
	described, _ := r["headers"].(map[string]any)
	var out []string
	for _, name := range []string{"Retry-After", "Allow"} {
		_, promised := described[name]
		if got := h.Get(name) != ""; got != promised {
			out = append(out, fmt.Sprintf("%s: sent %v, described %v", name, got, promised))
		}
	}
	return out
}

// apiCase is a request of TestOpenAPIMatchesHandlers: the operation it
// exercises (method and path pattern), what it sends, and the status it
// must get.
type apiCase struct {
	s            *testkit.Service
	method, path string // the operation, as described
	send, url    string // the method sent ("": method) and the URL
	body         []byte
	headers      []string
	code         int
}

// docCase is an apiCase written positionally, as the players' and
// tickets' cases are.
type docCase struct {
	s            *testkit.Service
	method, path string // path as the route's pattern
	url          string
	body         []byte
	code         int
	headers      []string
}

// TestOpenAPIMatchesHandlers: openapi.json names exactly the routes the
// handler serves (and OPTIONS on each path), and every answer it
// describes, and no other, is given by the handlers in the shape it
// describes, with the headers (Retry-After, Allow) it describes.
func TestOpenAPIMatchesHandlers(t *testing.T) {
	var doc apiDoc
	if err := json.Unmarshal(server.OpenAPIDoc(), &doc); err != nil {
		t.Fatal(err)
	}
	var served, described []string
	paths := map[string]bool{}
	for _, rt := range server.Routes() {
		served = append(served, rt.Method+" "+rt.Path)
		if !paths[rt.Path] {
			paths[rt.Path] = true
			served = append(served, "OPTIONS "+rt.Path)
		}
	}
	for path, ops := range doc["paths"].(map[string]any) {
		for method := range ops.(map[string]any) {
			if method == "parameters" { // the path's, not an operation
				continue
			}
			described = append(described, strings.ToUpper(method)+" "+path)
		}
	}
	sort.Strings(served)
	sort.Strings(described)
	if !slices.Equal(served, described) {
		t.Fatalf("routes served %v, described %v", served, described)
	}
	spec := loadSpec(t)
	covered := map[string]bool{}
	for _, tc := range apiCases(t) {
		if k, ok := checkCase(t, doc, spec, tc); ok {
			covered[k] = true
		}
	}
	// Every answer described is one a case above gave.
	for path, ops := range doc["paths"].(map[string]any) {
		for method, op := range ops.(map[string]any) {
			if method == "parameters" {
				continue
			}
			for code := range op.(map[string]any)["responses"].(map[string]any) {
				if k := strings.ToUpper(method) + " " + path + " " + code; !covered[k] {
					t.Errorf("described but never given: %s", k)
				}
			}
		}
	}
}

// checkCase sends one case and checks its answer against the description
// (its body with kin-openapi's validator, openapi3filter); it returns the
// answer's key ("METHOD path code") when it was right.
func checkCase(t *testing.T, doc apiDoc, spec *openapi3.T, tc apiCase) (string, bool) {
	t.Helper()
	send := cmp.Or(tc.send, tc.method)
	name := fmt.Sprintf("%s %s (as %s %s) %d", send, tc.url, tc.method, tc.path, tc.code)
	code, h, b := tc.s.Do(send, tc.url, tc.body, tc.headers...)
	if code != tc.code {
		t.Errorf("%s: got %d %s", name, code, b)
		return "", false
	}
	r, schema, ok := doc.response(tc.method, tc.path, code)
	if !ok {
		t.Errorf("%s: the description has no %d answer for %s %s", name, code, tc.method, tc.path)
		return "", false
	}
	bad := headerDiffs(r, h)
	content, _ := r["content"].(map[string]any)
	_, stream := content["text/event-stream"]
	switch {
	case stream && h.Get("Content-Type") != "text/event-stream":
		bad = append(bad, "a stream answered as "+h.Get("Content-Type"))
	case schema == nil && len(b) != 0 && !stream:
		bad = append(bad, fmt.Sprintf("a body where none is described: %q", b))
	}
	if schema != nil {
		if h.Get("Content-Type") != "application/json" {
			bad = append(bad, "Content-Type "+h.Get("Content-Type"))
		}
	}
	req := httptest.NewRequest(send, tc.url, bytes.NewReader(tc.body))
	if err := validateAnswer(spec, tc.method, tc.path, req, code, h, b); err != nil {
		bad = append(bad, "kin-openapi: "+err.Error())
	}
	for _, diff := range bad {
		t.Errorf("%s: %s", name, diff)
	}
	return fmt.Sprintf("%s %s %d", tc.method, tc.path, code), len(bad) == 0
}

// apiCases are the requests that give every answer of every route: each
// handler's own, then those every route gives (OPTIONS, a refused
// preflight, another method, an unclean path, headers over the limit).
func apiCases(t *testing.T) []apiCase {
	// No cap of connections for one address: net/http holds each
	// connection it answers 431 open for half a second, one a route.
	ok := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.AddrConns = -1 })
	limited := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.Rate, c.Burst = 0.001, 1 })
	closed := testkit.SQLite(t, t.TempDir())
	broken := testkit.NewService(t, closed, nil)
	closed.Close()
	sealed := testkit.NewServiceWith(t, testkit.SQLite(t, t.TempDir()), closingConfig, nil)
	won := testkit.Sample(t, "won.spider")
	kept := testkit.NewServiceWith(t, testkit.SQLite(t, t.TempDir()), testkit.KeepConfig, nil)
	duelling := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), nil) // a record on two boards of two policies
	// A body owed at once: every read past what came with the headers is late.
	hasty := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.MinUploadRate, c.UploadGrace = 1<<40, time.Nanosecond })
	// A share of reading spent by the first read.
	thrifty := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.ReadShare, c.ReadBurst = 1e-9, 1e-9 })
	cases := []apiCase{
		{s: thrifty, method: "POST", path: "/submit", url: "/submit", body: won, code: 201},
		{s: thrifty, method: "GET", path: "/records/{id}", url: "/records/1", code: 200},
		{s: thrifty, method: "GET", path: "/records/{id}", url: "/records/1", code: 429},
		{s: thrifty, method: "GET", path: "/duel", url: "/duel?a=1&b=1", code: 429},
		{s: hasty, method: "POST", path: "/submit", url: "/submit", body: []byte(strings.Repeat("d ", 100<<10)), code: 408},
		{s: kept, method: "POST", path: "/submit", url: "/submit?board=kept", body: testkit.Sample(t, "bad/illegal.spider"), code: 422},
		{s: kept, method: "POST", path: "/submit", url: "/submit?board=kept", body: []byte("junk"), code: 400},
		{s: sealed, method: "POST", path: "/submit", url: "/submit?board=sealed", body: won, code: 201},
		{s: sealed, method: "POST", path: "/submit", url: "/submit?board=shut", body: won, code: 403},
		{s: sealed, method: "GET", path: "/records/{id}", url: "/records/1", code: 403},
		{s: sealed, method: "GET", path: "/boards", url: "/boards", code: 200},
		{s: ok, method: "POST", path: "/submit", url: "/submit", body: won, code: 201},
		{s: ok, method: "POST", path: "/submit", url: "/submit", body: won, code: 200},
		{s: ok, method: "POST", path: "/submit", url: "/submit", body: []byte("junk"), code: 400},
		{s: ok, method: "POST", path: "/submit", url: "/submit", body: nil, code: 400},
		{s: ok, method: "POST", path: "/submit", url: "/submit?board=nope", body: won, code: 404},
		{s: ok, method: "POST", path: "/submit", url: "/submit", body: []byte(strings.Repeat("d ", 200<<10)), code: 413},
		{s: ok, method: "POST", path: "/submit", url: "/submit", body: zstdBomb(t, 1<<20), code: 413},
		{s: ok, method: "POST", path: "/submit", url: "/submit?board=open", body: testkit.Sample(t, "bad/illegal.spider"), code: 422},
		{s: limited, method: "POST", path: "/submit", url: "/submit", body: []byte("junk"), code: 400},
		{s: limited, method: "POST", path: "/submit", url: "/submit", body: []byte("junk"), code: 429},
		{s: broken, method: "POST", path: "/submit", url: "/submit", body: won, code: 503},
		{s: ok, method: "GET", path: "/ranking", url: "/ranking?key=SP1-S1C-AAAAAAG+app&limit=1", code: 200},
		{s: ok, method: "GET", path: "/ranking", url: "/ranking", code: 400},
		{s: ok, method: "GET", path: "/ranking", url: "/ranking?key=SP1-S1C-AAAAAAG+app&cursor=MC4wLjAuMS45MjIzMzcyMDM2ODU0Nzc1ODA3", code: 400},
		{s: ok, method: "GET", path: "/ranking", url: "/ranking?key=x&board=nope", code: 404},
		{s: broken, method: "GET", path: "/ranking", url: "/ranking?key=x", code: 503},
		{s: ok, method: "GET", path: "/keys", url: "/keys?limit=1", code: 200},
		{s: ok, method: "GET", path: "/keys", url: "/keys?cursor=x", code: 400},
		{s: ok, method: "GET", path: "/keys", url: "/keys?board=nope", code: 404},
		{s: broken, method: "GET", path: "/keys", url: "/keys", code: 503},
		{s: ok, method: "GET", path: "/players/{name}", url: "/players/bot", code: 200},
		{s: ok, method: "GET", path: "/players/{name}", url: "/players/bot?limit=x", code: 400},
		{s: ok, method: "GET", path: "/players/{name}", url: "/players/bot?cursor=1", code: 400},
		{s: broken, method: "GET", path: "/players/{name}", url: "/players/bot", code: 503},
		{s: ok, method: "GET", path: "/records/{id}", url: "/records/1", code: 200},
		{s: ok, method: "GET", path: "/records/{id}", url: "/records/x", code: 400},
		{s: ok, method: "GET", path: "/records/{id}", url: "/records/99", code: 404},
		{s: broken, method: "GET", path: "/records/{id}", url: "/records/1", code: 503},
		{s: ok, method: "GET", path: "/duel", url: "/duel?a=1&b=1", code: 200},
		{s: duelling, method: "POST", path: "/submit", url: "/submit?board=app", body: won, code: 201},
		{s: duelling, method: "POST", path: "/submit", url: "/submit?board=open", body: won, code: 201},
		{s: duelling, method: "GET", path: "/duel", url: "/duel?a=1&b=2", code: 422},
		{s: ok, method: "GET", path: "/duel", url: "/duel?a=1", code: 400},
		{s: ok, method: "GET", path: "/duel", url: "/duel?a=1&b=99", code: 404},
		{s: sealed, method: "GET", path: "/duel", url: "/duel?a=1&b=1", code: 403},
		{s: broken, method: "GET", path: "/duel", url: "/duel?a=1&b=1", code: 503},
		{s: ok, method: "GET", path: "/boards", url: "/boards", code: 200},
		{s: ok, method: "GET", path: "/healthz", url: "/healthz", code: 200},
		{s: broken, method: "GET", path: "/healthz", url: "/healthz", code: 200},
		{s: ok, method: "GET", path: "/readyz", url: "/readyz", code: 200},
		{s: broken, method: "GET", path: "/readyz", url: "/readyz", code: 503},
		{s: ok, method: "GET", path: "/openapi.json", url: "/openapi.json", code: 200},
	}
	for _, d := range append(append(accountDocCases(t, ok, limited, broken), tableDocCases(t, ok, broken, sealed)...), tableRateCases(limited)...) {
		cases = append(cases, apiCase{s: d.s, method: d.method, path: d.path, url: d.url, body: d.body, headers: d.headers, code: d.code})
	}
	big := strings.Repeat("a", 30<<10)
	routes, seen := server.Routes(), map[string]bool{}
	for _, rt := range server.Routes() {
		if !seen[rt.Path] {
			seen[rt.Path] = true
			routes = append(routes, server.Route{Method: "OPTIONS", Path: rt.Path})
		}
	}
	for _, rt := range routes {
		u := strings.NewReplacer("{name}", "bot", "{id}", "1", "{seat}", "0").Replace(rt.Path)
		c := apiCase{s: ok, method: rt.Method, path: rt.Path}
		cases = append(cases,
			with(c, func(c *apiCase) { c.url, c.send, c.code = u+"/.", rt.Method, 404 }),
			with(c, func(c *apiCase) { c.url, c.headers, c.code = u, []string{"X-Big", big}, 431 }))
		if rt.Method == "OPTIONS" {
			cases = append(cases,
				with(c, func(c *apiCase) { c.url, c.code = u, 204 }),
				with(c, func(c *apiCase) {
					c.url, c.headers, c.code = u, []string{"Origin", "https://evil.example", "Access-Control-Request-Method", "GET"}, 403
				}))
			continue
		}
		cases = append(cases, with(c, func(c *apiCase) { c.url, c.send, c.code = u, "DELETE", 405 }))
	}
	return cases
}

// with returns c changed by edit.
func with(c apiCase, edit func(*apiCase)) apiCase {
	edit(&c)
	return c
}
