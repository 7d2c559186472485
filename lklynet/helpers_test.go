package lklynet

import (
	"testing"

	"github.com/spiderkit/spider/codec"
)

// newCodec is a codec that knows lklynet, closed when the test ends.
func newCodec(t testing.TB, opts ...codec.Option) *codec.Codec {
	t.Helper()
	c, err := codec.New(append([]codec.Option{codec.WithPrograms(Program())}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}
