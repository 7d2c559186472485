package codec

import "sync"

// Codec encodes and decodes records in every form. It holds one zstd encoder
// and one zstd decoder, reused by every call. A Codec is safe for concurrent
// use; Close it when it is no longer needed.
type Codec struct {
	opts options
	z    frames
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
	z, err := newFrames(o)
	if err != nil {
		return nil, err
	}
	return &Codec{opts: o, z: z}, nil
}

// Limits returns the decoding limits of the Codec.
func (c *Codec) Limits() Limits { return c.opts.limits }

// Close releases the zstd decoder's resources.
func (c *Codec) Close() { c.z.close() }
