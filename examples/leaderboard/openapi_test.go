package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
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

// response returns the schema of a route's answer with a status code, or
// nil when the description has no such answer.
func (d apiDoc) response(method, path string, code int) map[string]any {
	op, _ := d["paths"].(map[string]any)[path].(map[string]any)[strings.ToLower(method)].(map[string]any)
	r, ok := op["responses"].(map[string]any)[strconv.Itoa(code)].(map[string]any)
	if !ok {
		return nil
	}
	r = d.resolve(r)
	return d.resolve(r["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any))
}

// check returns how v differs from schema s: a missing required field, a
// field the schema does not describe, a value of another type.
func (d apiDoc) check(at string, s map[string]any, v any) []string {
	s = d.resolve(s)
	if v == nil {
		if s["nullable"] == true {
			return nil
		}
		return []string{at + ": null"}
	}
	bad := func(want string) []string { return []string{fmt.Sprintf("%s: %T, want %s", at, v, want)} }
	switch s["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			return bad("object")
		}
		var out []string
		props, _ := s["properties"].(map[string]any)
		required, _ := s["required"].([]any)
		for _, r := range required {
			if _, ok := m[r.(string)]; !ok {
				out = append(out, at+": no "+r.(string))
			}
		}
		for k, fv := range m {
			ps, ok := props[k].(map[string]any)
			switch {
			case ok:
				out = append(out, d.check(at+"."+k, ps, fv)...)
			case s["additionalProperties"] != true:
				out = append(out, at+"."+k+": not in the description")
			}
		}
		return out
	case "array":
		a, ok := v.([]any)
		if !ok {
			return bad("array")
		}
		var out []string
		for i, e := range a {
			out = append(out, d.check(fmt.Sprintf("%s[%d]", at, i), s["items"].(map[string]any), e)...)
		}
		return out
	case "string":
		if _, ok := v.(string); !ok {
			return bad("string")
		}
	case "integer":
		if f, ok := v.(float64); !ok || f != math.Trunc(f) {
			return bad("integer")
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return bad("boolean")
		}
	default:
		return []string{at + ": the test knows no type " + fmt.Sprint(s["type"])}
	}
	return nil
}

// docCase is a request of TestOpenAPIMatchesHandlers and the status it
// gets.
type docCase struct {
	s            *service
	method, path string // path as the route's pattern
	url          string
	body         []byte
	code         int
	headers      []string
}

// TestOpenAPIMatchesHandlers: openapi.json names exactly the routes the
// handler serves, and every answer it describes, and no other, is given
// by the handlers in the shape it describes.
func TestOpenAPIMatchesHandlers(t *testing.T) {
	var doc apiDoc
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	srv := &Server{}
	var served, described []string
	for _, rt := range srv.routes() {
		served = append(served, rt.method+" "+rt.path)
	}
	for path, ops := range doc["paths"].(map[string]any) {
		for method := range ops.(map[string]any) {
			described = append(described, strings.ToUpper(method)+" "+path)
		}
	}
	sort.Strings(served)
	sort.Strings(described)
	if !slices.Equal(served, described) {
		t.Fatalf("routes served %v, described %v", served, described)
	}

	ok := newService(t, sqliteStore(t, t.TempDir()), nil)
	limited := newService(t, sqliteStore(t, t.TempDir()), func(c *Config) { c.Rate, c.Burst = 0.001, 1 })
	closed := sqliteStore(t, t.TempDir())
	broken := newService(t, closed, nil)
	closed.Close()
	sealed := newServiceWith(t, sqliteStore(t, t.TempDir()), closingConfig, nil)
	won := sample(t, "won.spider")
	cases := []struct {
		s            *service
		method, path string // path as the route's pattern
		url          string
		body         []byte
		code         int
	}{
		{ok, "POST", "/submit", "/submit", won, 201},
		{ok, "POST", "/submit", "/submit", won, 200},
		{ok, "POST", "/submit", "/submit", []byte("junk"), 400},
		{ok, "POST", "/submit", "/submit?board=nope", won, 404},
		{ok, "POST", "/submit", "/submit", []byte(strings.Repeat("d ", 200<<10)), 413},
		{ok, "POST", "/submit", "/submit?board=open", sample(t, "bad/illegal.spider"), 422},
		{limited, "POST", "/submit", "/submit", []byte("junk"), 400},
		{limited, "POST", "/submit", "/submit", []byte("junk"), 429},
		{broken, "POST", "/submit", "/submit", won, 503},
		{ok, "GET", "/ranking", "/ranking?key=SP1-S1C-AAAAAAG+app&limit=1", nil, 200},
		{ok, "GET", "/ranking", "/ranking", nil, 400},
		{ok, "GET", "/ranking", "/ranking?key=x&board=nope", nil, 404},
		{broken, "GET", "/ranking", "/ranking?key=x", nil, 503},
		{ok, "GET", "/players/{name}", "/players/bot", nil, 200},
		{ok, "GET", "/players/{name}", "/players/bot?limit=x", nil, 400},
		{broken, "GET", "/players/{name}", "/players/bot", nil, 503},
		{sealed, "POST", "/submit", "/submit?board=sealed", won, 201},
		{sealed, "POST", "/submit", "/submit?board=shut", won, 403},
		{ok, "GET", "/records/{id}", "/records/1", nil, 200},
		{ok, "GET", "/records/{id}", "/records/x", nil, 400},
		{sealed, "GET", "/records/{id}", "/records/1", nil, 403},
		{ok, "GET", "/records/{id}", "/records/99", nil, 404},
		{broken, "GET", "/records/{id}", "/records/1", nil, 503},
		{ok, "GET", "/boards", "/boards", nil, 200},
		{sealed, "GET", "/boards", "/boards", nil, 200},
		{ok, "GET", "/healthz", "/healthz", nil, 200},
		{broken, "GET", "/healthz", "/healthz", nil, 503},
		{ok, "GET", "/openapi.json", "/openapi.json", nil, 200},
	}
	covered := map[string]bool{}
	all := make([]docCase, 0, len(cases))
	for _, tc := range cases {
		all = append(all, docCase{s: tc.s, method: tc.method, path: tc.path, url: tc.url, body: tc.body, code: tc.code})
	}
	for _, tc := range append(all, accountDocCases(t, ok, limited, broken)...) {
		name := fmt.Sprintf("%s %s %d", tc.method, tc.url, tc.code)
		code, h, b := tc.s.do(tc.method, tc.url, tc.body, tc.headers...)
		if code != tc.code {
			t.Errorf("%s: got %d %s", name, code, b)
			continue
		}
		if h.Get("Content-Type") != "application/json" {
			t.Errorf("%s: Content-Type %q", name, h.Get("Content-Type"))
		}
		schema := doc.response(tc.method, tc.path, code)
		if schema == nil {
			t.Errorf("%s: the description has no %d answer for %s %s", name, code, tc.method, tc.path)
			continue
		}
		covered[fmt.Sprintf("%s %s %d", tc.method, tc.path, code)] = true
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Errorf("%s: not JSON: %v", name, err)
			continue
		}
		for _, diff := range doc.check("answer", schema, v) {
			t.Errorf("%s: %s", name, diff)
		}
	}
	// Every answer described is one a case above gave.
	for path, ops := range doc["paths"].(map[string]any) {
		for method, op := range ops.(map[string]any) {
			for code := range op.(map[string]any)["responses"].(map[string]any) {
				if k := strings.ToUpper(method) + " " + path + " " + code; !covered[k] {
					t.Errorf("described but never given: %s", k)
				}
			}
		}
	}
}
