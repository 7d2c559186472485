package strictjson_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/cputime"
	"github.com/spiderkit/spider/internal/strictjson"
)

// base stands for a caller's sentinel.
var base = spider.NewError("malformed", "malformed record")

type deal struct {
	Code string `json:"code"`
}

type record struct {
	Spider int             `json:"spider"`
	Deal   deal            `json:"deal"`
	Tags   []tag           `json:"tags"`
	Claims json.RawMessage `json:"claims"`
	Plain  int
	Hidden int `json:"-"`
}

type tag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

var known = strictjson.Keys(record{})

func TestKeys(t *testing.T) {
	want := strictjson.Known{"spider": true, "deal": true, "code": true, "tags": true, "name": true, "value": true, "claims": true, "Plain": true}
	if diff := cmp.Diff(want, known); diff != "" {
		t.Errorf("keys (-want +got):\n%s", diff)
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		desc      string
		in        string
		known     strictjson.Known
		expErr    error
		line, col int
		offset    int64
	}{
		{desc: "a record", in: `{"spider":1,"deal":{"code":"SP1"},"tags":[{"name":"a","value":"b"}]}`},
		{desc: "empty object", in: `{}`},
		{desc: "not an object", in: `[1,"deal","deal",{"a":1}]`},
		{desc: "same key in two objects", in: `{"tags":[{"name":"a"},{"name":"b"}]}`},
		{desc: "a value equal to a key", in: `{"name":"name","value":"name"}`},
		{desc: "unknown key of no known case (the decoder refuses it)", in: `{"colour":1}`},
		{desc: "no known set: any case", in: `{"DEAL":1}`, known: strictjson.Known(nil)},
		{desc: "malformed JSON is the decoder's", in: `{"deal":1,,"deal":2}`},
		{desc: "deal twice", in: `{"deal":{},"deal":{}}`, expErr: strictjson.ErrDuplicateKey, line: 1, col: 12, offset: 11},
		{desc: "value twice, at depth 3", in: `{"tags":[{"name":"a","value":"b","value":"c"}]}`, expErr: strictjson.ErrDuplicateKey, line: 1, col: 34, offset: 33},
		{desc: "deal and DEAL", in: `{"deal":{},"DEAL":{}}`, expErr: strictjson.ErrDuplicateKey, line: 1, col: 12, offset: 11},
		{desc: "DEAL for deal", in: `{"DEAL":{}}`, expErr: strictjson.ErrUnknownKey, line: 1, col: 2, offset: 1},
		{desc: "Code for code, nested", in: "{\"deal\":\n  {\"Code\":\"SP1\"}}", expErr: strictjson.ErrUnknownKey, line: 2, col: 4, offset: 12},
		{desc: "plain for Plain", in: `{"plain":1}`, expErr: strictjson.ErrUnknownKey, line: 1, col: 2, offset: 1},
		{desc: "Kelvin sign for k", in: `{"\u212Aey":[]}`, known: strictjson.Known{"key": true}, expErr: strictjson.ErrUnknownKey, line: 1, col: 2, offset: 1},
		{desc: "escaped key equal to an earlier one", in: `{"deal":1,"d\u0065al":2}`, expErr: strictjson.ErrDuplicateKey, line: 1, col: 11, offset: 10},
		{desc: "duplicate inside a RawMessage", in: `{"claims":{"score":1,"score":2}}`, expErr: strictjson.ErrDuplicateKey, line: 1, col: 22, offset: 21},
		{desc: "two keys not UTF-8, both U+FFFD to the decoder", in: "{\"\xff\":1,\"\xfe\":2}", expErr: strictjson.ErrDuplicateKey, line: 1, col: 8, offset: 7},
		{desc: "duplicate after whitespace", in: "{ \"a\" : 1 ,\n\t\"a\" : 2 }", expErr: strictjson.ErrDuplicateKey, line: 2, col: 2, offset: 13},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			k := known
			if tc.known != nil || tc.desc == "no known set: any case" {
				k = tc.known
			}
			err := strictjson.Check([]byte(tc.in), k, base)
			if tc.expErr == nil {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			var se *strictjson.Error
			if !errors.Is(err, tc.expErr) || !errors.Is(err, base) || !errors.As(err, &se) {
				t.Fatalf("got %v, want an *Error matching %v and the base", err, tc.expErr)
			}
			if se.Line != tc.line || se.Col != tc.col || se.Offset != tc.offset {
				t.Errorf("%v: at line %d, column %d, byte %d; want %d, %d, %d", err, se.Line, se.Col, se.Offset, tc.line, tc.col, tc.offset)
			}
			if spider.CodeOf(err) != spider.CodeOf(tc.expErr) {
				t.Errorf("code %q, want %q", spider.CodeOf(err), spider.CodeOf(tc.expErr))
			}
			if tc.in[se.Offset] != '"' {
				t.Errorf("byte %d is %q, not the key's quote", se.Offset, tc.in[se.Offset])
			}
		})
	}
}

// TestCheckLinear: the time of an object of keys, each holding an
// object, grows in proportion to its bytes: four times the keys take
// less than eight times as long (a quadratic check would take sixteen).
// Each is the best of three runs, so that a busy machine does not decide.
func TestCheckLinear(t *testing.T) {
	timeOf := func(keys int) time.Duration {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < keys; i++ {
			fmt.Fprintf(&b, "%q:[{\"a\":1}],", fmt.Sprint("k", i))
		}
		b.WriteString(`"k0":1}`)
		best := time.Duration(1 << 62)
		for run := 0; run < 3; run++ {
			start, _ := cputime.Process()
			err := strictjson.Check([]byte(b.String()), known, nil)
			if !errors.Is(err, strictjson.ErrDuplicateKey) {
				t.Fatalf("%d keys: got %v, want the last key refused", keys, err)
			}
			took, _ := cputime.Since(start)
			best = min(best, took)
		}
		return best
	}
	small, large := timeOf(50_000), timeOf(200_000)
	if large > 8*small {
		t.Errorf("50,000 keys took %v, 200,000 keys %v: not linear", small, large)
	}
}
