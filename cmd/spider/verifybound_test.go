package main

import (
	"bytes"
	"encoding/binary"
	"iter"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/cputime"
)

// zeroFrames is an archive of 11,000 zstd frames of 1,000 zero bytes:
// 132 KB whose stream is 11 million records of no bytes, each malformed.
func zeroFrames(t *testing.T) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false))
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	out := []byte(codec.MagicArchive + "\x01")
	zeros := make([]byte, 1000)
	for i := 0; i < 11_000; i++ {
		out = enc.EncodeAll(zeros, out)
	}
	return out
}

// denseClaims is an archive of 2,000 index-coded records of 52 bytes,
// each of its own deal and player, each claiming as many actions as its
// zero bytes of body may hold (364 a byte): some 21 KB.
func denseClaims(t *testing.T) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(25, 52))
	v := spider.MustVariant(spider.VariantGratuit)
	var records []*codec.Record
	for i := 0; i < 2000; i++ {
		code, _ := spider.NewCode(4, spider.GroupClassic, 1<<30+rng.Uint64N(1<<30))
		tag := make([]byte, 6)
		for j := range tag {
			tag[j] = byte('a' + rng.IntN(26))
		}
		records = append(records, &codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: spider.VariantGratuit,
			Rules: v.Rules, Scoring: v.Scoring, Tags: []codec.Tag{{Name: "Player", Value: string(tag)}}})
	}
	var out []byte
	for p := range compactPayloads(t, records) {
		// An empty game ends: count 0, coding 1, untimed, 5 bytes of body.
		p = p[: len(p)-9 : len(p)-9]
		size := 52 - len(p) - 5 // a 2-byte count, coding, timed, 1-byte length
		p = binary.AppendUvarint(p, uint64(364*size))
		p = append(p, 1, 0, byte(size))
		p = append(p, make([]byte, size)...)
		out = binary.AppendUvarint(out, uint64(len(p)))
		out = append(out, p...)
	}
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	defer enc.Close()
	return enc.EncodeAll(out, []byte(codec.MagicArchive+"\x01"))
}

// paddedClaims is an archive of 2,000 index-coded records of their own
// deals, each claiming 70,000 to 100,000 actions in a body of 65,536 zero
// bytes (the payload's head as WriteCompact writes it): some 45 KB, which
// took minutes of CPU when a zero byte bought 16 index-coded actions.
func paddedClaims(t *testing.T) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(65, 536))
	v := spider.MustVariant(spider.VariantApp)
	var records []*codec.Record
	for i := 0; i < 2000; i++ {
		code, _ := spider.NewCode(4, spider.GroupClassic, rng.Uint64N(1<<20))
		records = append(records, &codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: spider.VariantApp,
			Rules: v.Rules, Scoring: v.Scoring})
	}
	var out bytes.Buffer
	enc, _ := zstd.NewWriter(&out, zstd.WithWindowSize(1<<20))
	out.WriteString(codec.MagicArchive + "\x01")
	for p := range compactPayloads(t, records) {
		// An empty game ends: count 0, coding 1, untimed, 5 bytes of body.
		p = p[: len(p)-9 : len(p)-9]
		p = binary.AppendUvarint(p, uint64(70_000+rng.IntN(30_001)))
		p = append(p, 1, 0)
		p = binary.AppendUvarint(p, 65_536)
		p = append(p, make([]byte, 65_536)...)
		enc.Write(binary.AppendUvarint(nil, uint64(len(p))))
		enc.Write(p)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// compactPayloads yields the payloads WriteCompact writes for records.
func compactPayloads(t *testing.T, records []*codec.Record) iter.Seq[[]byte] {
	t.Helper()
	cd, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	defer cd.Close()
	var buf bytes.Buffer
	w, err := cd.NewArchiveWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		if err := w.WriteCompact(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	dec, _ := zstd.NewReader(nil)
	defer dec.Close()
	stream, err := dec.DecodeAll(buf.Bytes()[5:], nil)
	if err != nil {
		t.Fatal(err)
	}
	return func(yield func([]byte) bool) {
		for len(stream) > 0 {
			size, n := binary.Uvarint(stream)
			if !yield(stream[n : n+int(size)]) {
				return
			}
			stream = stream[n+int(size):]
		}
	}
}

// TestVerifyBoundedArchives: hostile archives finish or are refused
// within 2 s of CPU on each core the verifier uses (the padded one within
// 2 s in all), and print a few lines per way their records fail, with -q
// none per record.
func TestVerifyBoundedArchives(t *testing.T) {
	dir := t.TempDir()
	zero, dense, padded := filepath.Join(dir, "zero.spda"), filepath.Join(dir, "dense.spda"), filepath.Join(dir, "padded.spda")
	for path, data := range map[string][]byte{zero: zeroFrames(t), dense: denseClaims(t), padded: paddedClaims(t)} {
		t.Logf("%s: %d bytes", filepath.Base(path), len(data))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		desc     string
		args     []string
		maxLines int
		want     string
		cpu      time.Duration // in all; 0: 2 s on each core
	}{
		{desc: "132 KB of zero frames", args: []string{zero}, maxLines: 100, want: "more malformed records like it"},
		{desc: "132 KB of zero frames, quiet", args: []string{"-q", zero}, maxLines: 3, want: "malformed records like: "},
		{desc: "21 KB of dense claims", args: []string{dense}, maxLines: 100, want: "over its budget"},
		{desc: "21 KB of dense claims, quiet", args: []string{"-q", dense}, maxLines: 3, want: "over its budget"},
		{desc: "--max-work 10000", args: []string{"--max-work", "10000", dense}, maxLines: 100, want: "over its budget of 10000 actions"},
		{desc: "--max-time 1ms", args: []string{"--max-time", "1ms", "--max-work", "1000000000", "-q", zero}, maxLines: 3, want: "took over 1ms"},
		{desc: "45 KB of padded claims", args: []string{padded}, maxLines: 100, want: "zero bytes are left", cpu: 2 * time.Second},
		{desc: "45 KB of padded claims, --max-work 1000000000", args: []string{"--max-work", "1000000000", "-q", padded}, maxLines: 3, want: "zero bytes are left", cpu: 2 * time.Second},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			start, _ := cputime.Process()
			out, errOut, code := spiderRun(append([]string{"verify"}, tc.args...)...)
			took, known := cputime.Since(start)
			lines := strings.Count(out, "\n")
			if code != 1 || lines > tc.maxLines || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, %d lines (at most %d), want %q:\n%.2000s%s", code, lines, tc.maxLines, tc.want, out, errOut)
			}
			// CPU time, on every core the verifier uses: what the archive
			// costs, whatever else the machine runs.
			bound := 2 * time.Second * time.Duration(runtime.GOMAXPROCS(0))
			if tc.cpu > 0 {
				bound = tc.cpu
			}
			if bound *= slowdown; known && took > bound {
				t.Errorf("took %v of CPU, over %v", took, bound)
			}
			t.Logf("%d lines in %v; last: %s", lines, took, out[strings.LastIndex(strings.TrimSuffix(out, "\n"), "\n")+1:])
		})
	}
	if _, errOut, code := spiderRun("verify", "--max-work", "0", zero); code != 2 || !strings.Contains(errOut, "positive") {
		t.Errorf("--max-work 0: exit %d, %q", code, errOut)
	}
}

// TestVerifyCompactCopies: an archive of 300 copies of a won game, written
// by WriteCompact, verifies whole under the defaults (a budget in
// proportion to the compressed archive refused its 60th record).
func TestVerifyCompactCopies(t *testing.T) {
	cd, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	defer cd.Close()
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "records", "won.spider"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := cd.DecodeText(src)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w, err := cd.NewArchiveWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	for range 300 {
		if err := w.WriteCompact(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "copies.spda")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := spiderRun("verify", "-q", path)
	if code != 0 || !strings.Contains(out, "300 records: 300 verified") {
		t.Errorf("exit %d: %s%s", code, out, errOut)
	}
}
