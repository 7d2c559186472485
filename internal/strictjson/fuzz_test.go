package strictjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/spiderkit/spider/internal/strictjson"
)

// FuzzCheck: Check never panics; on valid JSON it refuses the key a plain
// scan of encoding/json's tokens with strings.EqualFold refuses; a refusal
// points at the key's quote with a consistent line and column; and a valid
// object it accepts is refused once one of its keys is written again in
// front.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		`{"spider":1,"deal":{"code":"SP1"},"tags":[{"name":"a","value":"b"}]}`,
		`{"deal":{},"deal":{}}`, `{"DEAL":1}`, `{"a":[{"b":1,"B":2}]}`, `[{"x":1},{"x":2}]`,
		`{"d\u0065al":1}`, `{"\u017f":1,"S":2}`, `{"\u212a":1,"k":2}`, `{"a":"\"}","a":1}`, "{\"\xff\":1,\"\xfe\":2}", "{\n\"a\":1,\n\"a\":2}", `{"a":{"a":{"a":{}}}}`, `{"a":1,,}`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := strictjson.Check(data, known, base)
		if json.Valid(data) {
			kind, off := referenceCheck(data, known)
			var se *strictjson.Error
			if (kind == nil) != (err == nil) || (kind != nil && (!errors.As(err, &se) || se.Kind != kind || se.Offset != off)) {
				t.Fatalf("%q: Check says %v; the plain token scan says %v at byte %d", data, err, kind, off)
			}
		}
		if err != nil {
			checkPosition(t, data, err)
			return
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil || len(obj) == 0 {
			return
		}
		var key string
		for k := range obj {
			key = k
			break
		}
		name, _ := json.Marshal(key)
		i := bytes.IndexByte(data, '{')
		again := append(append(append([]byte("{"), name...), ":null,"...), data[i+1:]...)
		if err := strictjson.Check(again, nil, nil); !errors.Is(err, strictjson.ErrDuplicateKey) {
			t.Fatalf("%q written again in front of %q: %v, want ErrDuplicateKey", key, data, err)
		}
	})
}

// checkPosition checks that err is an *Error at a key's opening quote,
// its line and column those of its offset.
func checkPosition(t *testing.T, data []byte, err error) {
	t.Helper()
	var se *strictjson.Error
	if !errors.As(err, &se) || !errors.Is(err, base) {
		t.Fatalf("%v: want an *Error matching the base", err)
	}
	if se.Offset < 0 || se.Offset >= int64(len(data)) || data[se.Offset] != '"' {
		t.Fatalf("%v: byte %d is not a quote of %q", err, se.Offset, data)
	}
	before := data[:se.Offset]
	line := 1 + bytes.Count(before, []byte("\n"))
	col := len(before) - bytes.LastIndexByte(before, '\n')
	if se.Line != line || se.Col != col {
		t.Fatalf("%v: byte %d is at line %d, column %d", err, se.Offset, line, col)
	}
}
