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

// readOne reads the first record of an archive.
func readOne(t testing.TB, c *Codec, archive []byte) (*Record, error) {
	t.Helper()
	rd, err := c.NewArchiveReader(bytes.NewReader(archive))
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	return rd.Next()
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
// bytes can hold is refused before any replay, one whose body runs out is
// refused at the first action it would read past it, one whose body ends
// in more zeros than its actions can read is refused once its decoder
// reaches them (at once when its body is all zeros), and one whose body
// does not end in zeros stops when its work is over what its bytes read
// allow.
func TestIndexDensity(t *testing.T) {
	o := defaultOptions()
	for _, tc := range []struct {
		desc    string
		n, size int
		last    byte // the body's last byte
		msg     string
	}{
		{desc: "100,000 actions in 5 bytes", n: 100_000, size: 5, msg: "cannot be coded"},
		{desc: "100,000 actions in no byte", n: 100_000, size: 0, msg: "cannot be coded"},
		{desc: "1,800 actions in 5 zero bytes", n: 1_800, size: 5, msg: "runs past"},
		{desc: "1 action in 40 zero bytes", n: 1, size: 40, msg: "35 zero bytes are left"},
		{desc: "100,000 actions in 65,536 zero bytes", n: 100_000, size: 65_536, msg: "65531 zero bytes are left"},
		{desc: "100,000 actions in 65,535 zero bytes and a 1", n: 100_000, size: 65_536, last: 1, msg: "over its budget"},
		{desc: "1 action in 40 bytes, the last a 1", n: 1, size: 40, last: 1, msg: "of their 40 bytes"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			start, _ := cputime.Process()
			p := indexPayload(t, 1, "", tc.n, tc.size)
			if tc.size > 0 {
				p[len(p)-1] = tc.last
			}
			_, err := payloadRecord(p, o)
			if !(errors.Is(err, ErrFormat) || errors.Is(err, ErrOverBudget)) || !bytes.Contains([]byte(err.Error()), []byte(tc.msg)) {
				t.Fatalf("got %v, want ErrFormat or ErrOverBudget saying %q", err, tc.msg)
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

// paddedArchive is 2,000 records of their own deals, each claiming 70,000
// to 100,000 index-coded actions in a body of 65,536 zero bytes: some 21
// KB, which cost 7.5 minutes of CPU when the budget paid the work of an
// index-coded action as one and gave 16 actions for each zero byte.
func paddedArchive(t testing.TB) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(65, 536))
	var b bytes.Buffer
	w, err := newCodec(t).NewArchiveWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000; i++ {
		// The writer's stream, with payloads of its own.
		p := indexPayload(t, rng.Uint64N(1<<20), "", 70_000+rng.IntN(30_001), 65_536)
		if _, err := w.zw.Write(binary.AppendUvarint(nil, uint64(len(p)))); err != nil {
			t.Fatal(err)
		}
		if _, err := w.zw.Write(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// indexWork is what reading r index-coded costs an archive's budget:
// RecordWork, and for each action one and RankWork for each legal action
// its decoder ranks.
func indexWork(t testing.TB, r *Record) int64 {
	t.Helper()
	g, err := replayGame(r, defaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var k ranker
	work := int64(RecordWork)
	for _, a := range r.Actions {
		ranked, _ := k.rank(g)
		work += 1 + RankWork*int64(len(ranked))
		if g, err = g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return work
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
	hostile, padded := hostileArchive(t), paddedArchive(t)
	t.Logf("hostile archive: %d bytes; padded archive: %d bytes", len(hostile), len(padded))
	var real bytes.Buffer
	w, err := newCodec(t).NewArchiveWriter(&real)
	if err != nil {
		t.Fatal(err)
	}
	var first int64
	for n := uint64(0); n < 8; n++ {
		r := botRecord(t, n, 2, spider.VariantGratuit)
		if n == 0 {
			first = indexWork(t, r)
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
	l := DefaultLimits()
	l.MaxArchiveWork, l.ArchiveWorkPerByte = 1e9, 1e9
	undone, err := readOne(t, newCodec(t, WithLimits(l)), undoLoop)
	if err != nil {
		t.Fatal(err)
	}
	undoWork := indexWork(t, undone)
	var long bytes.Buffer
	lw, _ := newCodec(t).NewArchiveWriter(&long)
	if err := lw.WriteCompact(botRecord(t, 9, 1, spider.VariantGratuit)); err != nil {
		t.Fatal(err)
	}
	if err := lw.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("archives: undo loop %d bytes (work %d), long game %d bytes", len(undoLoop), undoWork, long.Len())
	for _, tc := range []struct {
		desc    string
		limits  func(*Limits)
		archive []byte
		ok      int
		failed  int
		expErr  error
	}{
		{desc: "hostile archive, default limits", archive: hostile, expErr: ErrOverBudget},
		{desc: "2,000 records padded with 65,536 zero bytes, default limits: each refused at its first action", archive: padded, failed: 2000},
		{desc: "2,000 records padded with 65,536 zero bytes, no bound but the cap", limits: func(l *Limits) { l.ArchiveWorkPerByte = l.MaxArchiveWork }, archive: padded, failed: 2000},
		{desc: "hostile archive, work of 50,000", limits: func(l *Limits) { l.MaxArchiveWork = 50_000 }, archive: hostile, expErr: ErrOverBudget},
		{desc: "2,000 records claiming 100,000 actions in 28 bytes, work of 1,000,000", limits: func(l *Limits) { l.MaxArchiveWork, l.ArchiveWorkPerByte = 1e6, 1e6 }, archive: repeatedArchive(t, indexPayload(t, 1, "", 100_000, 28), 2000), failed: 2000},
		{desc: "a 54-byte archive of 100,000 actions, default limits: 16,400 actions of work a byte", archive: undoLoop, expErr: ErrOverBudget},
		{desc: "2,000 copies of that record, default limits", archive: repeatedArchive(t, indexPayload(t, 1, "", 100_000, 286), 2000), expErr: ErrOverBudget},
		{desc: "300 copies of a won game, written by WriteCompact, default limits (once refused from the 60th)", archive: copiesOf(t, "won.spider", 300), ok: 300},
		{desc: "a 54-byte archive of 100,000 actions, the work it takes", limits: func(l *Limits) { l.MaxArchiveWork, l.ArchiveWorkPerByte = undoWork, undoWork }, archive: undoLoop, ok: 1},
		{desc: "a 54-byte archive of 100,000 actions, the work it takes but one", limits: func(l *Limits) { l.MaxArchiveWork, l.ArchiveWorkPerByte = undoWork-1, undoWork-1 }, archive: undoLoop, expErr: ErrOverBudget},
		{desc: "real archive, default limits", archive: real.Bytes(), ok: 8},
		{desc: "a game of 3,000 actions, default limits", archive: long.Bytes(), ok: 1},
		{desc: "real archive, work for its first record", limits: func(l *Limits) { l.MaxArchiveWork = first }, archive: real.Bytes(), ok: 1, expErr: ErrOverBudget},
		{desc: "real archive, work for its first record but one", limits: func(l *Limits) { l.MaxArchiveWork = first - 1 }, archive: real.Bytes(), expErr: ErrOverBudget},
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
