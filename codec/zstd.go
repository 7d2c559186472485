//go:build !js

package codec

import (
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// frames compresses and inflates whole payloads with zstd: one encoder and
// one decoder, reused by every call and safe for concurrent use.
type frames struct {
	enc *zstd.Encoder
	dec *zstd.Decoder
}

func newFrames(o options) (frames, error) {
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.EncoderLevel(o.level)),
		zstd.WithEncoderConcurrency(1))
	if err != nil {
		return frames{}, fmt.Errorf("codec: %w", err)
	}
	// The decoder never produces more than the inflate limit, whatever the
	// frame says: a small zstd bomb stops at MaxInflate (or MaxBytes).
	limit := o.limits.inflateLimit()
	dec, err := zstd.NewReader(nil,
		zstd.WithDecoderConcurrency(0),
		zstd.WithDecoderMaxMemory(uint64(limit)),
		zstd.WithDecoderMaxWindow(uint64(max(limit, 1<<10))))
	if err != nil {
		return frames{}, fmt.Errorf("codec: %w", err)
	}
	return frames{enc: enc, dec: dec}, nil
}

// compress appends one zstd frame holding payload to dst.
func (f frames) compress(payload, dst []byte) ([]byte, error) {
	return f.enc.EncodeAll(payload, dst), nil
}

// inflate decodes one zstd frame into dst within the decoder's limit; the
// error is a *FormatError at offset 5, after the header.
func (f frames) inflate(src, dst []byte) ([]byte, error) {
	out, err := f.dec.DecodeAll(src, dst)
	if err != nil {
		sentinel := ErrFormat
		if errors.Is(err, zstd.ErrDecoderSizeExceeded) || errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrFrameSizeExceeded) {
			sentinel = ErrTooLarge
		}
		return nil, &FormatError{Offset: 5, Msg: "zstd: " + err.Error(), Err: sentinel}
	}
	return out, nil
}

func (f frames) close() {
	f.dec.Close()
	// The encoder only ever ran EncodeAll, and had no stream: its Close
	// finishes none, and can only release it. An error would be about a
	// stream, so there is none to report.
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
