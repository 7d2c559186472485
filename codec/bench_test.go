package codec

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
)

// corpus is the fixed set of realistic games the figures in the README are
// measured on: the bot's games of deals 0-19 at each suit count, untimed.
func corpus(t testing.TB, suits int) []*Record {
	var out []*Record
	for n := uint64(0); n < 20; n++ {
		r := botRecord(t, n, suits, spider.VariantGratuit)
		r.Times = nil
		out = append(out, r)
	}
	return out
}

// TestSizeTable prints the README's table of sizes; run it with
// go test ./codec -run TestSizeTable -v
func TestSizeTable(t *testing.T) {
	c := newCodec(t)
	var b strings.Builder
	fmt.Fprintf(&b, "\n| suits | actions/game | JSON | JSON+gzip | text | binary | archive | compact archive | explicit bits/action | compact bits/action |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, suits := range []int{1, 2, 4} {
		recs := corpus(t, suits)
		var actions, js, jgz, text, bin, explicitBits, compactBits int
		var arch, comp bytes.Buffer
		aw, _ := c.NewArchiveWriter(&arch)
		cw, _ := c.NewArchiveWriter(&comp)
		for _, r := range recs {
			actions += len(r.Actions)
			j, _ := AppendJSON(nil, r)
			js += len(j)
			var gz bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
			zw.Write(j)
			zw.Close()
			jgz += gz.Len()
			tx, _ := AppendText(nil, r)
			text += len(tx)
			bn, _ := c.EncodeBinary(nil, r)
			bin += len(bn)
			var w bitWriter
			for _, a := range r.Actions {
				writeAction(&w, a)
			}
			explicitBits += len(w.flush()) * 8
			body, err := indexCode(r, defaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			compactBits += len(body) * 8
			if err := aw.Write(r); err != nil {
				t.Fatal(err)
			}
			if err := cw.WriteCompact(r); err != nil {
				t.Fatal(err)
			}
		}
		aw.Close()
		cw.Close()
		n := len(recs)
		fmt.Fprintf(&b, "| %d | %d | %d | %d | %d | %d | %d | %d | %.2f | %.2f |\n", suits, actions/n, js/n, jgz/n, text/n, bin/n,
			arch.Len()/n, comp.Len()/n, float64(explicitBits)/float64(actions), float64(compactBits)/float64(actions))
		if eb := float64(explicitBits) / float64(actions); eb > 8 {
			t.Errorf("%d suits: explicit packing takes %.2f bits an action, over 8", suits, eb)
		}
	}
	t.Log(b.String())
}

func benchCorpus(b *testing.B) ([]*Record, int) {
	var recs []*Record
	n := 0
	for _, suits := range []int{1, 2, 4} {
		for _, r := range corpus(b, suits) {
			recs = append(recs, r)
			n += len(r.Actions)
		}
	}
	return recs, n
}

func reportActions(b *testing.B, perOp int) {
	b.ReportMetric(float64(perOp)*float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

func BenchmarkDecodeBinary(b *testing.B) {
	c := newCodec(b)
	recs, n := benchCorpus(b)
	var bins [][]byte
	for _, r := range recs {
		bn, _ := c.EncodeBinary(nil, r)
		bins = append(bins, bn)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, bn := range bins {
			if _, err := c.DecodeBinary(bn); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportActions(b, n)
}

func BenchmarkEncodeBinary(b *testing.B) {
	c := newCodec(b)
	recs, n := benchCorpus(b)
	var buf []byte
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range recs {
			buf, _ = c.EncodeBinary(buf[:0], r)
		}
	}
	reportActions(b, n)
}

func BenchmarkDecodeText(b *testing.B) {
	c := newCodec(b)
	recs, n := benchCorpus(b)
	var texts [][]byte
	for _, r := range recs {
		tx, _ := AppendText(nil, r)
		texts = append(texts, tx)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, tx := range texts {
			if _, err := c.DecodeText(tx); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportActions(b, n)
}

func BenchmarkDecodeJSON(b *testing.B) {
	c := newCodec(b)
	recs, n := benchCorpus(b)
	var docs [][]byte
	for _, r := range recs {
		j, _ := AppendJSON(nil, r)
		docs = append(docs, j)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, j := range docs {
			if _, err := c.DecodeJSON(j); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportActions(b, n)
}

func BenchmarkDecodeCompact(b *testing.B) {
	recs, n := benchCorpus(b)
	var payloads [][]byte
	o := defaultOptions()
	for _, r := range recs {
		p, err := appendPayload(nil, r, codingIndex, o)
		if err != nil {
			b.Fatal(err)
		}
		payloads = append(payloads, p)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range payloads {
			if _, err := payloadRecord(p, o); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportActions(b, n)
}
