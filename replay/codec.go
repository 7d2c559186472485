package replay

import (
	"sync"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
)

// NewCodec returns the standard codec: every form and every program the
// SDK knows, the codec's own (text, binary, JSON, archives; PySolFC and
// KPat) and lklynet's (its seeds and its log, lklynet.Option), then opts
// (limits, a compression level, more programs or forms). It is what a
// Verifier without a codec uses, and what the command line, the
// WebAssembly and C libraries and the leaderboard build: one front door,
// built in one place.
func NewCodec(opts ...codec.Option) (*codec.Codec, error) {
	return codec.New(append([]codec.Option{lklynet.Option()}, opts...)...)
}

// defaultCodec is the codec of Verifiers that name none: the standard
// codec (NewCodec), built once, on first use, and never changed.
var defaultCodec = sync.OnceValues(func() (*codec.Codec, error) { return NewCodec() })
