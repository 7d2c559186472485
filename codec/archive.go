package codec

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/spiderkit/spider"
	"io"
)

// archiveWindow is the zstd window an archive is written with; readers
// accept up to four times as much.
const archiveWindow = 1 << 20

// ArchiveWriter writes many records into one archive (.spda): "SPDA", the
// version byte, then one zstd stream of records, each a uvarint length and
// a binary payload. It is not safe for concurrent use; Close it to finish
// the stream.
type ArchiveWriter struct {
	c   *Codec
	zw  streamWriter
	buf []byte
	n   int
}

// NewArchiveWriter starts an archive on w.
func (c *Codec) NewArchiveWriter(w io.Writer) (*ArchiveWriter, error) {
	if _, err := w.Write([]byte{MagicArchive[0], MagicArchive[1], MagicArchive[2], MagicArchive[3], Version}); err != nil {
		return nil, err
	}
	zw, err := newStreamWriter(w, c.opts.level)
	if err != nil {
		return nil, err
	}
	return &ArchiveWriter{c: c, zw: zw}, nil
}

// Write adds a record with its actions packed explicitly.
func (a *ArchiveWriter) Write(r *Record) error { return a.write(r, codingExplicit) }

// WriteCompact adds a record with each action coded as its index among the
// legal actions (see the package doc): several times smaller, for records
// already verified. It fails with ErrNotReplayable for a record with an
// illegal action or a deal the codec cannot build, and writes nothing then.
func (a *ArchiveWriter) WriteCompact(r *Record) error { return a.write(r, codingIndex) }

func (a *ArchiveWriter) write(r *Record, coding byte) error {
	payload, err := appendPayload(a.buf[:0], r, coding, &a.c.opts)
	if err != nil {
		return err
	}
	a.buf = payload
	var head [binary.MaxVarintLen64]byte
	if _, err := a.zw.Write(head[:binary.PutUvarint(head[:], uint64(len(payload)))]); err != nil {
		return err
	}
	if _, err := a.zw.Write(payload); err != nil {
		return err
	}
	a.n++
	return nil
}

// Count returns how many records were written.
func (a *ArchiveWriter) Count() int { return a.n }

// Close finishes the zstd stream. It does not close the underlying writer.
func (a *ArchiveWriter) Close() error { return a.zw.Close() }

// ArchiveReader reads an archive record by record, holding one record in
// memory at a time. A record that cannot be decoded is reported and reading
// goes on with the next; only a broken stream (a cut or corrupt length, a
// zstd error, more records than Limits.MaxArchiveRecords) or a spent budget
// (Limits.MaxArchiveWork, MaxArchiveTime: ErrOverBudget) stops it. It is
// not safe for concurrent use; Close it when done.
type ArchiveReader struct {
	opts *options // its codec's
	zr   streamReader
	br   *bufio.Reader
	n    int
	pos  int64 // bytes of the decompressed stream read so far
	err  error
	// budget is what reading on may still cost (Limits.MaxArchiveWork,
	// MaxArchiveTime).
	budget *workBudget
}

// NewArchiveReader starts reading an archive from r.
func (c *Codec) NewArchiveReader(r io.Reader) (*ArchiveReader, error) {
	var head [5]byte
	if n, err := io.ReadFull(r, head[:]); err != nil {
		return nil, &FormatError{Offset: int64(n), Msg: "archive shorter than its 5-byte header", Err: ErrTruncated}
	}
	if string(head[:4]) != MagicArchive {
		return nil, &FormatError{Msg: fmt.Sprintf("starts with %s, not %s", spider.Quote(string(head[:4])), spider.Quote(MagicArchive)), Err: ErrFormat}
	}
	if head[4] != Version {
		return nil, &FormatError{Offset: 4, Msg: fmt.Sprintf("archive version %d; this library reads %d", head[4], Version), Err: ErrFormat}
	}
	zr, err := newStreamReader(r)
	if err != nil {
		return nil, err
	}
	return &ArchiveReader{opts: &c.opts, zr: zr, br: bufio.NewReader(zr), budget: newWorkBudget(c.opts.limits)}, nil
}

// Next returns the next record, or io.EOF after the last one. A record that
// cannot be decoded gives a *FormatError naming it (Record counts from 1,
// Start is where it begins in the decompressed stream) and the next call
// reads on; after an error that stops the archive (see Err) every call
// returns that error again.
func (a *ArchiveReader) Next() (*Record, error) {
	if a.err != nil {
		return nil, a.err
	}
	a.n++
	start := a.pos
	fail := func(sentinel error, format string, args ...any) (*Record, error) {
		a.err = &FormatError{Record: a.n, Start: start, Msg: fmt.Sprintf(format, args...), Err: sentinel}
		return nil, a.err
	}
	size, err := binary.ReadUvarint(a.br)
	switch {
	case err == io.EOF:
		a.err = io.EOF
		return nil, io.EOF
	case a.budget.late():
		return fail(ErrOverBudget, "reading the archive took over %v", a.opts.limits.MaxArchiveTime)
	case !a.budget.spend(RecordWork):
		return fail(ErrOverBudget, "%s", a.budget.spent("another record"))
	case a.n > a.opts.limits.MaxArchiveRecords:
		return fail(overLimit("MaxArchiveRecords", a.opts.limits.MaxArchiveRecords), "more than %d records in the archive", a.opts.limits.MaxArchiveRecords)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fail(ErrTruncated, "archive ends inside a record length")
	case err != nil:
		return fail(ErrFormat, "record length: %v", err)
	case size > uint64(a.opts.limits.MaxBytes):
		return fail(overLimit("MaxBytes", a.opts.limits.MaxBytes), "record of %d bytes, over %d", size, a.opts.limits.MaxBytes)
	}
	a.pos += int64(uvarintLen(size))
	a.budget.hold(int64(uvarintLen(size)))
	payload := make([]byte, size)
	if _, err := io.ReadFull(a.br, payload); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
			return fail(ErrTruncated, "archive ends inside the record")
		}
		return fail(ErrFormat, "%v", err)
	}
	a.pos += int64(size)
	a.budget.hold(int64(size))
	r := new(Record)
	if err := decodePayload(r, payload, a.opts, a.budget); err != nil {
		// The length said where the record ends: the next one can be read,
		// unless the budget is spent.
		var fe *FormatError
		if errors.As(err, &fe) {
			fe.Record, fe.Start = a.n, start
		}
		if errors.Is(err, ErrOverBudget) {
			a.err = err
		}
		return nil, err
	}
	return r, nil
}

// Err returns the error that stopped the archive: nil while it can be read
// on (a record that could not be decoded does not stop it), io.EOF after
// the last record.
func (a *ArchiveReader) Err() error { return a.err }

func uvarintLen(v uint64) int {
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], v)
}

// Close releases the zstd decoder.
func (a *ArchiveReader) Close() { a.zr.Close() }
