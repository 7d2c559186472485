package judge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/bot"
	"github.com/spiderkit/spider/internal/cputime"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/replay"
)

// newCodec is the standard codec (replay.NewCodec, which knows lklynet),
// closed when the test ends.
func newCodec(t testing.TB, opts ...codec.Option) *codec.Codec {
	t.Helper()
	c, err := replay.NewCodec(opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// botLines are the bot's games of 60 lklynet seeds, with their undos and
// hints, as lklynet's JSON lines: the benchmarks' corpus.
func botLines(t testing.TB) ([][]byte, int) {
	v := spider.MustVariant(spider.VariantLklynet)
	var lines [][]byte
	events := 0
	for i := uint64(0); i < 60; i++ {
		seed := fmt.Sprintf("bench-%d", i)
		_, actions, _ := bot.Play(lklynet.Deal(seed), v, i, 1500)
		r := &codec.Record{Deal: codec.DealSource{Kind: codec.DealProgram, Program: lklynet.Name, Game: seed},
			Variant: v.Name, Rules: v.Rules, Scoring: v.Scoring, Actions: actions}
		log, err := lklynet.ToLog(r)
		if err != nil {
			t.Fatal(err)
		}
		line, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, line)
		events += len(log.Events)
	}
	return lines, events
}

// reportEvents reports events a second, and events a second of the
// process's CPU time since cpu0 (the process's own time on a core, which
// other work on a shared machine does not dilute; about the same as
// events/s on an idle one).
func reportEvents(b *testing.B, perOp int, cpu0 time.Duration) {
	events := float64(perOp) * float64(b.N)
	b.ReportMetric(events/b.Elapsed().Seconds(), "events/s")
	if cpu, ok := cputime.Since(cpu0); ok && cpu > 0 {
		b.ReportMetric(events/cpu.Seconds(), "events/cpu-s")
	}
}

// BenchmarkJudge judges lklynet's JSON lines: "scan" through a Judge (the
// fast scanner and the rules engine), "generic" through lklynet.ParseLog
// (encoding/json) and Replay, as before the scanner.
func BenchmarkJudge(b *testing.B) {
	lines, n := botLines(b)
	c := newCodec(b)
	b.Run("scan", func(b *testing.B) {
		j := New(c)
		for _, l := range lines { // warm the judge's memory
			j.Judge(l)
		}
		b.ResetTimer()
		cpu0, _ := cputime.Process()
		for i := 0; i < b.N; i++ {
			for _, l := range lines {
				if got := j.Judge(l); got.Result == nil || !got.Result.Valid {
					b.Fatalf("%s: %+v", bytes.TrimSpace(l[:40]), got)
				}
			}
		}
		reportEvents(b, n, cpu0)
	})
	b.Run("generic", func(b *testing.B) {
		cpu0, _ := cputime.Process()
		for i := 0; i < b.N; i++ {
			for _, l := range lines {
				log, err := lklynet.ParseLog(c, l)
				if err != nil {
					b.Fatal(err)
				}
				if verdict, _ := Replay(log); !verdict.Valid {
					b.Fatal(verdict)
				}
			}
		}
		reportEvents(b, n, cpu0)
	})
}
