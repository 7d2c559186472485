package codec

import (
	"errors"
	"strings"
	"testing"
)

// TestJSONStrictKeys: the JSON form refuses a key given twice and a key in
// another case than the form's, at every depth, at the key's byte, as
// ErrFormat with its own code; the record it started from still decodes.
func TestJSONStrictKeys(t *testing.T) {
	c := newCodec(t)
	const good = `{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"variant":"app",` +
		`"tags":[{"name":"Player","value":"Ann"}],"actions":["d"],"claims":{"score":499}}`
	if _, err := c.DecodeJSON([]byte(good)); err != nil {
		t.Fatalf("the good record: %v", err)
	}
	for _, tc := range []struct {
		desc, from, to string
		key            string // the key refused, whose quote the offset points at
		expErr         error
	}{
		{desc: "deal twice", from: `"variant"`, to: `"deal":{"code":"SP1-S1C-AAAAAAD"},"variant"`, key: `"deal":{"code":"SP1-S1C`, expErr: ErrDuplicateKey},
		{desc: "value twice in a tag", from: `"value":"Ann"`, to: `"value":"Ann","value":"Bob"`, key: `"value":"Bob"`, expErr: ErrDuplicateKey},
		{desc: "score twice in the claims", from: `"score":499`, to: `"score":499,"score":1`, key: `"score":1`, expErr: ErrDuplicateKey},
		{desc: "spider and Spider", from: `"spider":1,`, to: `"spider":1,"Spider":1,`, key: `"Spider"`, expErr: ErrDuplicateKey},
		{desc: "DEAL for deal", from: `"deal"`, to: `"DEAL"`, key: `"DEAL"`, expErr: ErrUnknownKey},
		{desc: "Code for code", from: `"code"`, to: `"Code"`, key: `"Code"`, expErr: ErrUnknownKey},
		{desc: "Value for value", from: `"value"`, to: `"Value"`, key: `"Value"`, expErr: ErrUnknownKey},
		{desc: "SCORE for score", from: `"score"`, to: `"SCORE"`, key: `"SCORE"`, expErr: ErrUnknownKey},
		{desc: "ACTIONS for actions", from: `"actions"`, to: `"ACTIONS"`, key: `"ACTIONS"`, expErr: ErrUnknownKey},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			in := strings.Replace(good, tc.from, tc.to, 1)
			_, err := c.DecodeJSON([]byte(in))
			var fe *FormatError
			if !errors.Is(err, tc.expErr) || !errors.Is(err, ErrFormat) || !errors.As(err, &fe) {
				t.Fatalf("got %v, want a FormatError matching %v and ErrFormat", err, tc.expErr)
			}
			if want := int64(strings.Index(in, tc.key)); fe.Offset != want {
				t.Errorf("%v: at byte %d, want %d", err, fe.Offset, want)
			}
		})
	}
	// Nothing but white space may follow the record: json.Decoder.More
	// takes a closing bracket for the end.
	for _, after := range []string{"}", "]", " x", `{"spider":1}`} {
		if _, err := c.DecodeJSON([]byte(good + after)); !errors.Is(err, ErrFormat) {
			t.Errorf("the record and %q: %v, want ErrFormat", after, err)
		}
	}
	if _, err := c.DecodeJSON([]byte(good + " \n")); err != nil {
		t.Errorf("the record and white space: %v", err)
	}
}
