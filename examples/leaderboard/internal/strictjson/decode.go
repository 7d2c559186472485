package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
)

// ErrTrailing: something other than white space follows the JSON value.
var ErrTrailing = spider.NewError("trailing-data", "something follows the JSON value")

// Decode reads data, one JSON value and nothing after it but white
// space, into v, strictly: no key twice in an object or in another case
// than v's schema spells it (Check with Keys(v)), no key v's schema does
// not have. The errors of Check and of the trailing data match base too
// (when not nil); encoding/json's own errors are wrapped with base.
func Decode(data []byte, v any, base error) error {
	if err := Check(data, Keys(v), base); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		err = Tidy(err)
		if base == nil {
			return err
		}
		return fmt.Errorf("%w: %w", base, err)
	}
	return Rest(data, dec.InputOffset(), base)
}

// Rest returns nil when data holds nothing but white space from offset
// on (where a JSON value ended), and otherwise an error matching
// ErrTrailing and base (when not nil) with the offset of what follows.
// (json.Decoder.More reports a closing bracket as nothing more.)
func Rest(data []byte, offset int64, base error) error {
	rest := data[min(offset, int64(len(data))):]
	trimmed := bytes.TrimLeft(rest, " \t\r\n")
	if len(trimmed) == 0 {
		return nil
	}
	at := offset + int64(len(rest)-len(trimmed))
	if base == nil {
		return fmt.Errorf("%w: byte %d", ErrTrailing, at)
	}
	return fmt.Errorf("%w: %w: byte %d", base, ErrTrailing, at)
}

// unknownField is what encoding/json says of a key no schema has.
const unknownField = "json: unknown field "

// Tidy returns err, an error of encoding/json's decoder, with the key of
// an unknown field quoted as spider.Quote quotes (encoding/json quotes
// the whole key, a megabyte if it is one); other errors as they are.
func Tidy(err error) error {
	if err == nil {
		return nil
	}
	if k, ok := strings.CutPrefix(err.Error(), unknownField); ok {
		if name, uerr := strconv.Unquote(k); uerr == nil {
			return &UnknownFieldError{Name: name}
		}
	}
	return err
}

// UnknownFieldError is a key the schema does not have (Tidy).
type UnknownFieldError struct {
	// Name is the key as the JSON text spells it.
	Name string
}

// Error says it as encoding/json does, the key quoted by spider.Quote.
func (e *UnknownFieldError) Error() string { return unknownField + spider.Quote(e.Name) }
