//go:build !js

package codec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// frames compresses and inflates whole payloads with zstd: one encoder,
// reused by every call, and stream decoders from a pool, one a call; safe
// for concurrent use.
type frames struct {
	enc   *zstd.Encoder
	limit int        // the most a payload inflates to
	decs  *sync.Pool // of *zstd.Decoder (or the error that made none)
}

func newFrames(o options) (frames, error) {
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.EncoderLevel(o.level)),
		zstd.WithEncoderConcurrency(1))
	if err != nil {
		return frames{}, fmt.Errorf("codec: %w", err)
	}
	// A stream decoder reads the frames one after another with one window
	// of at most the limit, and inflate never keeps more than the limit,
	// whatever the frames say: a small zstd bomb, or many frames, stop at
	// MaxInflate (or MaxBytes).
	limit := o.limits.inflateLimit()
	newDecoder := func() any {
		dec, err := zstd.NewReader(nil,
			zstd.WithDecoderConcurrency(1),
			zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxMemory(uint64(limit)),
			zstd.WithDecoderMaxWindow(uint64(max(limit, 1<<10))))
		if err != nil {
			return err
		}
		return dec
	}
	if err, ok := newDecoder().(error); ok {
		return frames{}, fmt.Errorf("codec: %w", err)
	}
	return frames{enc: enc, limit: limit, decs: &sync.Pool{New: newDecoder}}, nil
}

// compress appends one zstd frame holding payload to dst.
func (f frames) compress(payload, dst []byte) ([]byte, error) {
	return f.enc.EncodeAll(payload, dst), nil
}

// inflate decodes src's zstd frames into dst, one after another, and
// fails past the limit; the error is a *FormatError at offset 5, after the
// header. The output grows by doubling up to one byte past the limit, so
// a payload of n bytes takes at most about 2n of memory besides the
// decoder's window.
func (f frames) inflate(src, dst []byte) ([]byte, error) {
	fail := func(err error) ([]byte, error) {
		var sentinel error = ErrFormat
		if errors.Is(err, zstd.ErrDecoderSizeExceeded) || errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrFrameSizeExceeded) {
			sentinel = overLimit("MaxInflate", f.limit)
		}
		return nil, &FormatError{Offset: 5, Msg: "zstd: " + err.Error(), Err: sentinel}
	}
	got := f.decs.Get()
	dec, ok := got.(*zstd.Decoder)
	if !ok {
		return fail(got.(error))
	}
	defer f.decs.Put(dec)
	if err := dec.Reset(bytes.NewReader(src)); err != nil {
		return fail(err)
	}
	defer dec.Reset(nil) // lets go of src
	out := dst[:0]
	for {
		if len(out) == cap(out) {
			if len(out) > f.limit {
				return fail(zstd.ErrDecoderSizeExceeded)
			}
			out = slices.Grow(out, min(max(cap(out), 4<<10), f.limit+1-len(out)))
		}
		n, err := dec.Read(out[len(out):cap(out)])
		out = out[:len(out)+n]
		switch {
		case len(out) > f.limit:
			return fail(zstd.ErrDecoderSizeExceeded)
		case err == io.EOF:
			return out, nil
		case err != nil:
			return fail(err)
		}
	}
}

func (f frames) close() {
	// The pooled decoders run no goroutine of their own (concurrency 1,
	// their stream reset to nil after each call): the collector takes
	// them. The encoder only ever ran EncodeAll, and had no stream: its
	// Close finishes none, and can only release it. An error would be
	// about a stream, so there is none to report.
	_ = f.enc.Close()
}

// streamWriter is an archive's zstd stream.
type streamWriter interface {
	io.WriteCloser
}

func newStreamWriter(w io.Writer, level int) (streamWriter, error) {
	return zstd.NewWriter(w,
		zstd.WithEncoderLevel(zstd.EncoderLevel(level)),
		zstd.WithWindowSize(archiveWindow),
		zstd.WithEncoderConcurrency(1))
}

// streamReader reads an archive's zstd stream in bounded memory.
type streamReader interface {
	io.Reader
	Close()
}

func newStreamReader(r io.Reader) (streamReader, error) {
	return zstd.NewReader(r,
		zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxWindow(4*archiveWindow),
		zstd.WithDecoderMaxMemory(4*archiveWindow))
}
