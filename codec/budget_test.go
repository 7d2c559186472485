package codec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/cputime"
)

// indexPayload is a payload of deal number and tag that claims n
// index-coded actions in a body of size zero bytes: the shape of a hostile
// compact record.
func indexPayload(t testing.TB, number uint64, tag string, n, size int) []byte {
	t.Helper()
	code, err := spider.NewCode(4, spider.GroupClassic, number)
	if err != nil {
		t.Fatal(err)
	}
	v := spider.MustVariant(spider.VariantGratuit)
	r := &Record{Deal: DealSource{Kind: DealCode, Code: code}, Variant: spider.VariantGratuit, Rules: v.Rules, Scoring: v.Scoring}
	if tag != "" {
		r.Tags = []Tag{{"Player", tag}}
	}
	p, err := appendPayload(nil, r, codingIndex, defaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	// An empty game ends: count 0, coding 1, untimed, 5 bytes of body.
	p = p[:len(p)-9]
	p = binary.AppendUvarint(p, uint64(n))
	p = append(p, codingIndex, 0)
	p = binary.AppendUvarint(p, uint64(size))
	return append(p, make([]byte, size)...)
}

// rawArchive is an archive whose decompressed stream is stream.
func rawArchive(t testing.TB, stream []byte) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(stream, []byte(MagicArchive+"\x01"))
}

// repeatedArchive is an archive of count copies of payload.
func repeatedArchive(t testing.TB, payload []byte, count int) []byte {
	t.Helper()
	var stream []byte
	for i := 0; i < count; i++ {
		stream = binary.AppendUvarint(stream, uint64(len(payload)))
		stream = append(stream, payload...)
	}
	return rawArchive(t, stream)
}

// readAll reads an archive to its end, and returns the records read, the
// records that failed and the error that stopped it (nil at io.EOF).
func readAll(t testing.TB, c *Codec, archive []byte) (ok, failed int, stop error) {
	t.Helper()
	rd, err := c.NewArchiveReader(bytes.NewReader(archive))
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	for {
		_, err := rd.Next()
		switch {
		case err == io.EOF:
			return ok, failed, nil
		case rd.Err() != nil:
			return ok, failed, err
		case err != nil:
			failed++
		default:
			ok++
		}
	}
}

// TestIndexDensity: a payload claiming more index-coded actions than its
// bytes can hold is refused before any replay, and one whose body runs
// out is refused at the first action it would read past it.
func TestIndexDensity(t *testing.T) {
	o := defaultOptions()
	for _, tc := range []struct {
		desc    string
		n, size int
		msg     string
	}{
		{desc: "100,000 actions in 5 bytes", n: 100_000, size: 5, msg: "cannot be coded"},
		{desc: "100,000 actions in no byte", n: 100_000, size: 0, msg: "cannot be coded"},
		{desc: "1,800 actions in 5 zero bytes", n: 1_800, size: 5, msg: "runs past"},
		{desc: "1 action in 40 zero bytes", n: 1, size: 40, msg: "of their 40 bytes"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			start, _ := cputime.Process()
			_, err := payloadRecord(indexPayload(t, 1, "", tc.n, tc.size), o)
			if !errors.Is(err, ErrFormat) || !bytes.Contains([]byte(err.Error()), []byte(tc.msg)) {
				t.Fatalf("got %v, want ErrFormat saying %q", err, tc.msg)
			}
			if took, ok := cputime.Since(start); ok && took > 200*time.Millisecond*slowdown {
				t.Errorf("refusing it took %v of CPU", took)
			}
		})
	}
}

// hostileArchive is 2,000 records of 52 bytes, each of its own deal and
// player, claiming as many index-coded actions as their zero bytes of body
// may hold: some 21 KB, and without a budget some 16 million actions of
// replay.
func hostileArchive(t testing.TB) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(25, 6))
	var stream []byte
	for i := 0; i < 2000; i++ {
		tag := make([]byte, 6)
		for j := range tag {
			tag[j] = byte('a' + rng.IntN(26))
		}
		head := len(indexPayload(t, 1<<30, string(tag), 1<<13, 0))
		size := 52 - head // its length stays one byte, its count two
		p := indexPayload(t, 1<<30+rng.Uint64N(1<<30), string(tag), maxIndexPerByte*size, size)
		if len(p) != 52 {
			t.Fatalf("payload of %d bytes", len(p))
		}
		stream = binary.AppendUvarint(stream, uint64(len(p)))
		stream = append(stream, p...)
	}
	return rawArchive(t, stream)
}

// copiesOf is an archive of n copies of examples/records/name, as
// WriteCompact writes them.
func copiesOf(t testing.TB, name string, n int) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "examples", "records", name))
	if err != nil {
		t.Fatal(err)
	}
	c := newCodec(t)
	r, err := c.DecodeText(src)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w, err := c.NewArchiveWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := w.WriteCompact(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestArchiveBudget: an archive stops with ErrOverBudget when its work or
// time budget is spent, and a real archive reads whole within the
// defaults.
func TestArchiveBudget(t *testing.T) {
	hostile := hostileArchive(t)
	t.Logf("hostile archive: %d bytes", len(hostile))
	var real bytes.Buffer
	w, err := newCodec(t).NewArchiveWriter(&real)
	if err != nil {
		t.Fatal(err)
	}
	first := 0
	for n := uint64(0); n < 8; n++ {
		r := botRecord(t, n, 2, spider.VariantGratuit)
		if n == 0 {
			first = len(r.Actions)
		}
		if err := w.WriteCompact(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// 286 zero bytes code 100,000 actions of deal 1: the likeliest one
	// again and again (undo, and what it undid).
	undoLoop := repeatedArchive(t, indexPayload(t, 1, "", 100_000, 286), 1)
	var long bytes.Buffer
	lw, _ := newCodec(t).NewArchiveWriter(&long)
	if err := lw.WriteCompact(botRecord(t, 9, 1, spider.VariantGratuit)); err != nil {
		t.Fatal(err)
	}
	if err := lw.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("archives: undo loop %d bytes, long game %d bytes", len(undoLoop), long.Len())
	for _, tc := range []struct {
		desc    string
		limits  func(*Limits)
		archive []byte
		ok      int
		failed  int
		expErr  error
	}{
		{desc: "hostile archive, default limits", archive: hostile, expErr: ErrOverBudget},
		{desc: "hostile archive, work of 50,000", limits: func(l *Limits) { l.MaxArchiveWork = 50_000 }, archive: hostile, expErr: ErrOverBudget},
		{desc: "2,000 records claiming 100,000 actions in 28 bytes, work of 1,000,000", limits: func(l *Limits) { l.MaxArchiveWork, l.ArchiveWorkPerByte = 1e6, 1e6 }, archive: repeatedArchive(t, indexPayload(t, 1, "", 100_000, 28), 2000), failed: 2000},
		{desc: "a 54-byte archive of 100,000 actions, default limits: one record of the longest game", archive: undoLoop, ok: 1},
		{desc: "2,000 copies of that record, default limits", archive: repeatedArchive(t, indexPayload(t, 1, "", 100_000, 286), 2000), ok: 1, expErr: ErrOverBudget},
		{desc: "300 copies of a won game, written by WriteCompact, default limits (once refused from the 60th)", archive: copiesOf(t, "won.spider", 300), ok: 300},
		{desc: "a 54-byte archive of 100,000 actions, work of 200,000", limits: func(l *Limits) { l.MaxArchiveWork, l.ArchiveWorkPerByte = 2e5, 2e5 }, archive: undoLoop, ok: 1},
		{desc: "real archive, default limits", archive: real.Bytes(), ok: 8},
		{desc: "a game of 3,000 actions, default limits", archive: long.Bytes(), ok: 1},
		{desc: "real archive, work for its first record", limits: func(l *Limits) { l.MaxArchiveWork = int64(first) + RecordWork }, archive: real.Bytes(), ok: 1, expErr: ErrOverBudget},
		{desc: "real archive, a nanosecond", limits: func(l *Limits) { l.MaxArchiveTime = time.Nanosecond }, archive: real.Bytes(), expErr: ErrOverBudget},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			l := DefaultLimits()
			if tc.limits != nil {
				tc.limits(&l)
			}
			c := newCodec(t, WithLimits(l))
			start, _ := cputime.Process()
			ok, failed, err := readAll(t, c, tc.archive)
			took, known := cputime.Since(start)
			if !errors.Is(err, tc.expErr) || (tc.expErr == nil) != (err == nil) {
				t.Fatalf("stopped by %v, want %v", err, tc.expErr)
			}
			var fe *FormatError
			if err != nil && (!errors.As(err, &fe) || fe.Record == 0) {
				t.Errorf("%v: want a FormatError naming the record", err)
			}
			if ok != tc.ok || (tc.failed > 0 && failed != tc.failed) {
				t.Errorf("read %d records and %d failed, want %d and %d", ok, failed, tc.ok, tc.failed)
			}
			if bound := 2 * time.Second * slowdown; known && took > bound {
				t.Errorf("took %v of CPU, over %v", took, bound)
			}
			t.Logf("%d records, then %v, in %v of CPU", ok, err, took)
		})
	}
}

// TestMaxInflate: a binary record's frame inflates to at most MaxInflate
// bytes when it is set, and to MaxBytes when it is not.
func TestMaxInflate(t *testing.T) {
	enc, _ := zstd.NewWriter(nil)
	big := enc.EncodeAll(make([]byte, 2<<20), []byte(MagicRecord+"\x01"))
	enc.Close()
	for _, tc := range []struct {
		desc    string
		inflate int
		expErr  error
	}{
		{desc: "MaxInflate 1 MiB refuses 2 MiB", inflate: 1 << 20, expErr: ErrTooLarge},
		{desc: "MaxBytes 8 MiB reads 2 MiB (as a malformed payload)", expErr: ErrFormat},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			l := DefaultLimits()
			l.MaxInflate = tc.inflate
			_, err := newCodec(t, WithLimits(l)).DecodeBinary(big)
			if !errors.Is(err, tc.expErr) {
				t.Fatalf("got %v, want %v", err, tc.expErr)
			}
		})
	}
}
