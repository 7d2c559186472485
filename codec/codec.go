package codec

import (
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Codec encodes and decodes records in every form. It holds one zstd encoder
// and one zstd decoder, reused by every call. A Codec is safe for concurrent
// use; Close it when it is no longer needed.
type Codec struct {
	opts options
	enc  *zstd.Encoder
	dec  *zstd.Decoder
	bufs sync.Pool // *[]byte payload buffers, reused between decodes
}

// New returns a Codec with the given options (see WithLimits, WithLevel).
func New(opts ...Option) (*Codec, error) {
	o := options{limits: DefaultLimits(), level: 3}
	for _, opt := range opts {
		if err := opt(&o); err != nil {
			return nil, err
		}
	}
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.EncoderLevel(o.level)),
		zstd.WithEncoderConcurrency(1))
	if err != nil {
		return nil, fmt.Errorf("codec: %w", err)
	}
	// The decoder never produces more than the size limit, whatever the
	// frame says: a small zstd bomb stops at MaxBytes.
	dec, err := zstd.NewReader(nil,
		zstd.WithDecoderConcurrency(0),
		zstd.WithDecoderMaxMemory(uint64(o.limits.MaxBytes)),
		zstd.WithDecoderMaxWindow(uint64(max(o.limits.MaxBytes, 1<<10))))
	if err != nil {
		return nil, fmt.Errorf("codec: %w", err)
	}
	return &Codec{opts: o, enc: enc, dec: dec}, nil
}

// Limits returns the decoding limits of the Codec.
func (c *Codec) Limits() Limits { return c.opts.limits }

// Close releases the zstd decoder's resources.
func (c *Codec) Close() {
	c.dec.Close()
	c.enc.Close()
}
