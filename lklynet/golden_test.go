package lklynet

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/klauspost/compress/zstd"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden pins the text, JSON and uncompressed binary payload of a
// record of an lklynet seed with spaces and an emoji, kept verbatim
// (testdata/README.md says how the files were made), and decodes each file
// back to the record.
func TestGolden(t *testing.T) {
	c := newCodec(t)
	r := &codec.Record{
		Deal:    codec.DealSource{Kind: codec.DealProgram, Program: Name, Game: " spaces and 😀 "},
		Variant: spider.VariantGratuit, Rules: spider.MustVariant(spider.VariantGratuit).Rules, Scoring: spider.ScoringGratuit(),
		Actions: []spider.Action{spider.DealRow, spider.Hint, spider.Undo},
	}
	text, err := c.AppendText(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := c.AppendJSON(nil, r)
	bin, _ := c.EncodeBinary(nil, r)
	payload := unzstd(t, bin)
	files := map[string][]byte{
		"lklynet.spider":      text,
		"lklynet.json":        js,
		"lklynet.payload.hex": []byte(hexLines(payload)),
	}
	for file, got := range files {
		path := filepath.Join("testdata", file)
		if *update {
			os.WriteFile(path, got, 0o644)
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./lklynet -run TestGolden -update writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the golden file:\n%s", file, cmp.Diff(string(want), string(got)))
		}
	}
	fromText, err := c.DecodeText(files["lklynet.spider"])
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := c.DecodeJSON(files["lklynet.json"])
	if err != nil {
		t.Fatal(err)
	}
	fromBinary, err := c.DecodeBinary(bin)
	if err != nil {
		t.Fatal(err)
	}
	for form, got := range map[string]*codec.Record{"text": fromText, "JSON": fromJSON, "binary": fromBinary} {
		if diff := cmp.Diff(r, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("from %s (-want +got):\n%s", form, diff)
		}
	}
	// A codec that does not know lklynet reads the seed as words, and
	// refuses to write it.
	plain, _ := codec.New()
	defer plain.Close()
	if got, err := plain.DecodeText(text); err != nil || got.Deal.Game != "spaces and 😀" {
		t.Errorf("a codec without lklynet: %q, %v; want the words of the seed", got.Deal.Game, err)
	}
	if _, err := plain.AppendText(nil, r); err == nil {
		t.Error("a codec without lklynet writes a seed with extra spaces")
	}
}

// unzstd returns the payload of a binary record: what follows "SPDZ" and
// the version byte, decompressed.
func unzstd(t *testing.T, bin []byte) []byte {
	t.Helper()
	d, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	payload, err := d.DecodeAll(bin[len(codec.MagicRecord)+1:], nil)
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

func hexLines(b []byte) string {
	var s strings.Builder
	for len(b) > 0 {
		n := min(32, len(b))
		s.WriteString(hex.EncodeToString(b[:n]))
		s.WriteByte('\n')
		b = b[n:]
	}
	return s.String()
}
