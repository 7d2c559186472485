package codec

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenRecords are the records behind the golden files: a timed bot game
// from a code with claims, and an explicit position under custom rules.
func goldenRecords(t *testing.T) map[string]*Record {
	game := botRecord(t, 3, 2, spider.VariantApp)
	game.Actions, game.Times = game.Actions[:40], game.Times[:40]
	d, _ := spider.NumberDeal(9, 4)
	won := spider.Resigned
	pos := &Record{
		Deal:    DealSource{Kind: DealPosition, Position: d},
		Rules:   spider.Rules{Deal: spider.DealAnytime, Flip: spider.FlipManual},
		Scoring: spider.ScoringDuel(),
		Tags:    []Tag{{"Round", "2"}, {"Note", `a "quoted" \ note`}},
		Actions: []spider.Action{spider.Move(0, 4, 1), spider.Flip(0), spider.DealRow, spider.Resign},
		Claims:  Claims{Result: &won},
	}
	return map[string]*Record{"game": game, "position": pos}
}

// TestGolden pins the text, JSON and uncompressed binary payload of each
// golden record (testdata/README.md says how they were made), and decodes
// each file back to the record.
func TestGolden(t *testing.T) {
	c := newCodec(t)
	for name, r := range goldenRecords(t) {
		text, err := AppendText(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		js, _ := AppendJSON(nil, r)
		payload, _ := appendPayload(nil, r, codingExplicit, defaultOptions())
		files := map[string][]byte{
			name + ".spider":      text,
			name + ".json":        js,
			name + ".payload.hex": []byte(hexLines(payload)),
		}
		for file, got := range files {
			path := filepath.Join("testdata", file)
			if *update {
				os.WriteFile(path, got, 0o644)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./codec -run TestGolden -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the golden file:\n%s", file, cmp.Diff(string(want), string(got)))
			}
		}
		fromText, err := c.DecodeText(files[name+".spider"])
		if err != nil {
			t.Fatal(err)
		}
		fromJSON, err := c.DecodeJSON(files[name+".json"])
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := hex.DecodeString(strings.ReplaceAll(string(files[name+".payload.hex"]), "\n", ""))
		fromPayload, err := payloadRecord(raw, defaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		for form, got := range map[string]*Record{"text": fromText, "JSON": fromJSON, "payload": fromPayload} {
			if diff := cmp.Diff(r, got, equateEmpty); diff != "" {
				t.Errorf("%s from %s (-want +got):\n%s", name, form, diff)
			}
		}
	}
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
