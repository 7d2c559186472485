package strictjson_test

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/spiderkit/spider/internal/strictjson"
)

// referenceCheck is Check written plainly, on encoding/json's token
// stream and strings.EqualFold, for valid JSON only: the kind and offset
// of the first key refused, or nil and -1.
func referenceCheck(data []byte, known strictjson.Known) (error, int64) {
	type frame struct {
		object, wantKey bool
		keys            []string
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []frame
	done := func() {
		if n := len(stack) - 1; n >= 0 && stack[n].object {
			stack[n].wantKey = true
		}
	}
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil, -1
		}
		top := len(stack) - 1
		if top >= 0 && stack[top].object && stack[top].wantKey {
			if _, ok := tok.(json.Delim); ok {
				stack = stack[:top]
				done()
				continue
			}
			key := tok.(string)
			off := before + int64(bytes.IndexByte(data[before:], '"'))
			for _, k := range stack[top].keys {
				if strings.EqualFold(k, key) {
					return strictjson.ErrDuplicateKey, off
				}
			}
			if known != nil && !known[key] {
				for k := range known {
					if strings.EqualFold(k, key) {
						return strictjson.ErrUnknownKey, off
					}
				}
			}
			stack[top].keys = append(stack[top].keys, key)
			stack[top].wantKey = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, wantKey: true})
		case json.Delim('['):
			stack = append(stack, frame{})
		case json.Delim(']'):
			stack = stack[:top]
			done()
		default:
			done()
		}
	}
}
