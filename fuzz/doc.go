// Package fuzz holds the project's fuzz targets (go test -fuzz), each with a
// seed corpus under testdata/fuzz. Nothing imports it.
//
// Run one for a while with, for example:
//
//	go test ./fuzz -run '^$' -fuzz '^FuzzPlay$' -fuzztime 60s
package fuzz
