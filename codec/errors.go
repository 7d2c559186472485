package codec

import (
	"errors"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/strictjson"
)

// Sentinel errors, for errors.Is. Every decoding error is a *SyntaxError
// (text), or a *FormatError (binary, JSON, archive) that matches one of these.
var (
	// ErrSyntax: the text form is malformed.
	ErrSyntax = spider.NewError("syntax", "malformed record text")
	// ErrFormat: the binary or JSON form is malformed.
	ErrFormat = spider.NewError("malformed", "malformed record")
	// ErrTooLarge: the input is over one of the decoder's limits; a
	// *TooLargeError says which (errors.As).
	ErrTooLarge = spider.NewError("too-large", "record over the size limit")
	// ErrTruncated: the input ends in the middle of a record.
	ErrTruncated = spider.NewError("truncated", "record cut short")
	// ErrInvalid: the record cannot be written: no deal, a bad tag name,
	// times that do not match the actions, ...
	ErrInvalid = spider.NewError("invalid", "record cannot be encoded")
	// ErrNotReplayable: the compact form needs a record whose actions are all
	// legal and whose deal the codec can build.
	ErrNotReplayable = spider.NewError("not-replayable", "record cannot be index-coded")
	// ErrDuplicateKey: a JSON object holds a key twice, or two keys that
	// differ only in case. It also matches ErrFormat.
	ErrDuplicateKey = strictjson.ErrDuplicateKey
	// ErrUnknownKey: a JSON key is spelled in another case than the form's
	// ("DEAL" for "deal"). It also matches ErrFormat.
	ErrUnknownKey = strictjson.ErrUnknownKey
	// ErrOverBudget: reading an archive spent its work or time budget
	// (Limits.MaxArchiveWork, Limits.MaxArchiveTime); the archive stops.
	ErrOverBudget = spider.NewError("over-budget", "archive over its work budget")
)

// SyntaxError is a problem in the text form, at a line and column (both from
// 1; the column counts bytes).
type SyntaxError struct {
	Line, Col int
	Msg       string
	Err       error // ErrSyntax, or a *TooLargeError (which matches ErrTooLarge)
}

// Error gives the line, the column and the problem.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Unwrap returns the sentinel the error matches.
func (e *SyntaxError) Unwrap() error { return e.Err }

// FormatError is a problem in the binary, JSON or archive form, at a byte
// offset of the decompressed payload (binary), of the input (JSON), or of
// the record's payload in an archive, where Record counts records from 1
// (it is 0 outside an archive) and Start is the byte of the archive's
// decompressed stream where the record begins.
type FormatError struct {
	Offset int64
	Record int
	Start  int64
	Msg    string
	Err    error // ErrFormat, a *TooLargeError (which matches ErrTooLarge), ErrTruncated or ErrOverBudget
}

// Error gives the record, the byte offset and the problem.
func (e *FormatError) Error() string {
	if e.Record > 0 {
		return fmt.Sprintf("record %d (at byte %d of the archive's stream), byte %d: %s", e.Record, e.Start, e.Offset, e.Msg)
	}
	return fmt.Sprintf("byte %d: %s", e.Offset, e.Msg)
}

// Unwrap returns the sentinel the error matches.
func (e *FormatError) Unwrap() error { return e.Err }

// TooLargeError is what the input is over: one of the decoder's limits,
// named by its field of Limits ("MaxBytes", "MaxInflate" for a binary
// record's inflated payload, "MaxActions", "MaxTags", "MaxTagSize",
// "MaxArchiveRecords"), "MaxSeed" for a program's seed
// (deals.Program.MaxSeed), or, in the binary form, the payload's field
// that is over its bound ("deal number"); and the bound. It matches
// ErrTooLarge. A *SyntaxError or *FormatError over a limit carries one as
// its Err, so that errors.As finds it: a caller needs no byte offset to
// tell what was too large.
type TooLargeError struct {
	Limit string
	Max   int64
}

// Error names the limit and its bound.
func (e *TooLargeError) Error() string { return fmt.Sprintf("over %s (%d)", e.Limit, e.Max) }

// Unwrap returns ErrTooLarge.
func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

// Code returns ErrTooLarge's code.
func (e *TooLargeError) Code() string { return ErrTooLarge.Code() }

// overLimit is the error of a value over the limit named, of bound max.
func overLimit(limit string, max int) *TooLargeError {
	return &TooLargeError{Limit: limit, Max: int64(max)}
}

func invalid(err error) error { return fmt.Errorf("%w: %w", ErrInvalid, err) }

// sentinelOf is the error a decoder reports for a record that fails
// Validate: its *TooLargeError for a limit, ErrFormat otherwise.
func sentinelOf(err error) error {
	if tl := (*TooLargeError)(nil); errors.As(err, &tl) {
		return tl
	}
	return ErrFormat
}
