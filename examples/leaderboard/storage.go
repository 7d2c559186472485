package main

import "github.com/spiderkit/spider/codec"

// storageCodec is the codec of the binary forms the service stores. Its
// limits are those of a whole submission for every part (a tag or a deal
// string may be as long as the record), so that anything the submission
// decoders accepted is stored and reads back: an lklynet seed over the
// default 1024-byte tag limit included.
func storageCodec() (*codec.Codec, error) {
	l := codec.DefaultLimits()
	l.MaxBytes = max(l.MaxBytes, 4<<20)
	l.MaxTagSize = l.MaxBytes
	return codec.New(codec.WithLimits(l))
}
