package codec

import (
	"sync"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
)

// Codec encodes and decodes records in every form. It holds one zstd encoder
// and one zstd decoder, reused by every call, its limits and the programs
// whose deals it knows. A Codec is safe for concurrent use; Close it when
// it is no longer needed.
type Codec struct {
	opts options
	z    frames
	bufs sync.Pool // *[]byte payload buffers, reused between decodes
}

// New returns a Codec with the given options (see WithLimits, WithLevel,
// WithPrograms).
func New(opts ...Option) (*Codec, error) {
	o := newOptions()
	for _, opt := range opts {
		if err := opt(&o); err != nil {
			return nil, err
		}
	}
	o.maxGame = o.longestGame()
	z, err := newFrames(o)
	if err != nil {
		return nil, err
	}
	return &Codec{opts: o, z: z}, nil
}

// Limits returns the decoding limits of the Codec.
func (c *Codec) Limits() Limits { return c.opts.limits }

// Program returns the program of that name whose deals the Codec knows,
// and whether it knows one.
func (c *Codec) Program(name string) (deals.Program, bool) { return c.opts.programs.Lookup(name) }

// Deal builds the starting position a deal source names, dealing another
// program's game with the Codec's programs.
func (c *Codec) Deal(d DealSource) (spider.Deal, error) { return c.opts.deal(d) }

// Close releases the zstd decoder's resources.
func (c *Codec) Close() { c.z.close() }
