package strictjson

import (
	"errors"
	"testing"
)

// Decode refuses what encoding/json lets through outside records too: a
// key twice or in another case, a key the schema lacks, and anything
// after the value, closing brackets included.
func TestDecode(t *testing.T) {
	type request struct {
		Name  string `json:"name"`
		Suits int    `json:"suits"`
	}
	base := errors.New("bad body")
	for _, tc := range []struct {
		desc, in string
		want     error // nil: decoded
	}{
		{"plain", `{"name": "ann", "suits": 2}`, nil},
		{"white space after", "{\"name\": \"ann\"} \n\t", nil},
		{"a key twice", `{"name": "ann", "name": "eve"}`, ErrDuplicateKey},
		{"a key in another case", `{"Name": "ann"}`, ErrUnknownKey},
		{"two keys differing in case", `{"name": "ann", "NAME": "eve"}`, ErrDuplicateKey},
		{"a key the schema lacks", `{"name": "ann", "admin": true}`, base},
		{"junk after", `{"name": "ann"}x`, ErrTrailing},
		{"a closing brace after", `{"name": "ann"}}`, ErrTrailing},
		{"a second value", `{"name": "ann"} {"name": "eve"}`, ErrTrailing},
		{"malformed", `{"name": `, base},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			var r request
			err := Decode([]byte(tc.in), &r, base)
			switch {
			case tc.want == nil && err != nil:
				t.Fatalf("%v", err)
			case tc.want == nil && r.Name != "ann":
				t.Errorf("decoded %+v", r)
			case tc.want != nil && (!errors.Is(err, tc.want) || !errors.Is(err, base)):
				t.Errorf("%v, want %v and the caller's error", err, tc.want)
			}
		})
	}
}
