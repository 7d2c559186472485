package server_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/replay"
)

// loadSpec reads openapi.json with kin-openapi, checks it is a valid
// OpenAPI 3 document, and makes every object schema that does not say
// otherwise refuse properties it does not describe, so that an answer
// with a field the description lacks fails the test.
func loadSpec(t *testing.T) *openapi3.T {
	t.Helper()
	// A table's stream is text: its events' data are checked by the
	// tables' tests.
	openapi3filter.RegisterBodyDecoder("text/event-stream", openapi3filter.FileBodyDecoder)
	loader := openapi3.NewLoader()
	spec, err := loader.LoadFromData(server.OpenAPIDoc())
	if err != nil {
		t.Fatal(err)
	}
	if err := spec.Validate(loader.Context); err != nil {
		t.Fatalf("openapi.json is not valid OpenAPI 3: %v", err)
	}
	seen := map[*openapi3.Schema]bool{}
	for _, s := range spec.Components.Schemas {
		closeObjects(s, seen)
	}
	for _, pi := range spec.Paths.Map() {
		for _, op := range pi.Operations() {
			for _, r := range op.Responses.Map() {
				for _, mt := range r.Value.Content {
					closeObjects(mt.Schema, seen)
				}
			}
		}
	}
	return spec
}

// closeObjects sets additionalProperties false on the object schemas
// under ref that leave it unsaid.
func closeObjects(ref *openapi3.SchemaRef, seen map[*openapi3.Schema]bool) {
	if ref == nil || ref.Value == nil || seen[ref.Value] {
		return
	}
	s := ref.Value
	seen[s] = true
	if s.Type.Is("object") && s.AdditionalProperties.Has == nil && s.AdditionalProperties.Schema == nil {
		no := false
		s.AdditionalProperties.Has = &no
	}
	for _, p := range s.Properties {
		closeObjects(p, seen)
	}
	closeObjects(s.Items, seen)
	for _, list := range [][]*openapi3.SchemaRef{s.OneOf, s.AnyOf, s.AllOf} {
		for _, r := range list {
			closeObjects(r, seen)
		}
	}
}

// validateAnswer checks an answer of an operation (method and path as
// described) against the description with openapi3filter: its status is
// described, and its body fits the schema of that status.
func validateAnswer(spec *openapi3.T, method, path string, req *http.Request, code int, h http.Header, body []byte) error {
	pi := spec.Paths.Find(path)
	if pi == nil {
		return &openapi3filter.ResponseError{Reason: "no path " + path}
	}
	op := pi.GetOperation(method)
	if op == nil {
		return &openapi3filter.ResponseError{Reason: "no operation " + method + " " + path}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req,
			Route:   &routers.Route{Spec: spec, Path: path, PathItem: pi, Method: method, Operation: op},
		},
		Status:  code,
		Header:  h,
		Body:    io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	return openapi3filter.ValidateResponse(context.Background(), in)
}

// TestValidateAnswerRefuses: the validator refuses an answer of a status
// not described, a field not described, a kind not in the enum, and a
// missing field.
func TestValidateAnswerRefuses(t *testing.T) {
	spec := loadSpec(t)
	json := http.Header{"Content-Type": {"application/json"}}
	req := httptest.NewRequest("GET", "/ranking?key=x", nil)
	cases := []struct {
		desc string
		code int
		body string
		ok   bool
	}{
		{"a described error", 400, `{"error": {"kind": "query", "message": "m"}}`, true},
		{"a status not described", 418, `{"error": {"kind": "query", "message": "m"}}`, false},
		{"a kind not in the enum", 400, `{"error": {"kind": "oops", "message": "m"}}`, false},
		{"a field not described", 400, `{"error": {"kind": "query", "message": "m", "extra": 1}}`, false},
		{"a page", 200, `{"board": "app", "key": "k", "entries": [], "next": null}`, true},
		{"a page without next", 200, `{"board": "app", "key": "k", "entries": []}`, false},
	}
	for _, c := range cases {
		err := validateAnswer(spec, "GET", "/ranking", req, c.code, json, []byte(c.body))
		if (err == nil) != c.ok {
			t.Errorf("%s: %v, want ok %v", c.desc, err, c.ok)
		}
	}
}

// TestOpenAPIOperations: every operation has an operationId, unique, and a
// summary; the description names its server.
func TestOpenAPIOperations(t *testing.T) {
	spec := loadSpec(t)
	if len(spec.Servers) == 0 {
		t.Error("no servers")
	}
	ids := map[string]string{}
	for path, pi := range spec.Paths.Map() {
		for method, op := range pi.Operations() {
			at := method + " " + path
			if op.OperationID == "" || op.Summary == "" {
				t.Errorf("%s: operationId %q, summary %q", at, op.OperationID, op.Summary)
			}
			if other, ok := ids[op.OperationID]; ok {
				t.Errorf("%s: operationId %q is %s's too", at, op.OperationID, other)
			}
			ids[op.OperationID] = at
		}
	}
}

// kindInSource matches the error kinds the service's code writes.
var kindInSource = regexp.MustCompile(`(?:writeError|refuseUnread|writeRawError)\(\w+, http\.Status\w+, "([a-z-]+)"|Kind: "([a-z-]+)"|kind(?:, message)? :?= "([a-z-]+)"`)

// TestErrorKinds: the Error schema's kind enum lists every kind the
// service's code writes, every verdict a refusal carries, and every kind
// of the SDK's policy rejections, and nothing else.
func TestErrorKinds(t *testing.T) {
	spec := loadSpec(t)
	var described []string
	for _, v := range spec.Components.Schemas["Error"].Value.Properties["error"].Value.Properties["kind"].Value.Enum {
		described = append(described, v.(string))
	}
	want := map[string]bool{replay.Malformed.String(): true, replay.Illegal.String(): true, replay.Disputed.String(): true}
	for _, k := range []replay.RejectionKind{replay.RejectVariant, replay.RejectDeal, replay.RejectPosition, replay.RejectClaims,
		replay.RejectTimes, replay.RejectTooFast, replay.RejectTooManyActions, replay.RejectTooLarge, replay.RejectOutcome} {
		want[string(k)] = true
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range kindInSource.FindAllStringSubmatch(string(src), -1) {
			want[m[1]+m[2]+m[3]] = true
		}
	}
	var wanted []string
	for k := range want {
		wanted = append(wanted, k)
	}
	slices.Sort(wanted)
	slices.Sort(described)
	if !slices.Equal(wanted, described) {
		t.Errorf("kinds written %v,\ndescribed %v", wanted, described)
	}
}
