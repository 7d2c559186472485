//go:build js

package codec

import (
	"io"

	"github.com/spiderkit/spider"
)

// ErrNoBinary: this build (WebAssembly) has no zstd, so no binary records
// or archives; text and JSON records work as everywhere. Leaving zstd out
// keeps the .wasm about 263 KB (gzipped) smaller (docs/browser.md).
var ErrNoBinary = spider.NewError("no-binary", "codec: binary records and archives are not in the WebAssembly build (use text or JSON)")

type frames struct{}

func newFrames(options) (frames, error) { return frames{}, nil }

func (frames) compress([]byte, []byte) ([]byte, error) { return nil, ErrNoBinary }

func (frames) inflate([]byte, []byte) ([]byte, error) {
	return nil, &FormatError{Offset: 5, Msg: ErrNoBinary.Error(), Err: ErrFormat}
}

func (frames) close() {}

type streamWriter interface{ io.WriteCloser }

func newStreamWriter(io.Writer, int) (streamWriter, error) { return nil, ErrNoBinary }

type streamReader interface {
	io.Reader
	Close()
}

func newStreamReader(io.Reader) (streamReader, error) { return nil, ErrNoBinary }
