package strictjson

import (
	"fmt"

	"github.com/spiderkit/spider"
)

// Sentinels, for errors.Is; every error Check returns is an *Error that
// matches one of them.
var (
	// ErrDuplicateKey: an object holds a key twice, or two keys that
	// differ only in case.
	ErrDuplicateKey = spider.NewError("duplicate-key", "a JSON object holds a key twice")
	// ErrUnknownKey: a key is spelled in another case than the schema's.
	ErrUnknownKey = spider.NewError("unknown-key", "a JSON key is not spelled as the schema spells it")
)

// Error is a key Check refuses, where it starts: Offset counts bytes from
// 0; Line and Col count from 1, Col in bytes.
type Error struct {
	Offset    int64
	Line, Col int
	Key       string
	Msg       string
	Kind      error // ErrDuplicateKey or ErrUnknownKey
	Base      error // the caller's sentinel, or nil
}

// Error gives the position and the problem.
func (e *Error) Error() string {
	return fmt.Sprintf("line %d, column %d (byte %d): %s", e.Line, e.Col, e.Offset, e.Msg)
}

// Code is the Kind's stable code.
func (e *Error) Code() string { return spider.CodeOf(e.Kind) }

// Unwrap returns the Kind and the caller's sentinel.
func (e *Error) Unwrap() []error {
	if e.Base == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Base}
}
