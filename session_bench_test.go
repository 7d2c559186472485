package spider_test

import (
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/bot"
)

// botGames are realistic lines: the bot's games of deals 0-19 at 1, 2 and
// 4 suits under the gratuit variant (undo and hints included).
func botGames(tb testing.TB) (deals []spider.Deal, lines [][]spider.Action, total int) {
	v := spider.MustVariant(spider.VariantGratuit)
	for _, suits := range []int{1, 2, 4} {
		for n := uint64(0); n < 20; n++ {
			d, _ := spider.NumberDeal(n, suits)
			_, line, err := bot.Play(d, v, n, 3000)
			if err != nil {
				tb.Fatal(err)
			}
			deals = append(deals, d)
			lines = append(lines, line)
			total += len(line)
		}
	}
	return deals, lines, total
}

// BenchmarkSessionApply replays the bot's games with Sessions, keeping the
// undo history: the verifier's hot path. It reports actions per second.
func BenchmarkSessionApply(b *testing.B) { benchSession(b, true) }

// BenchmarkSessionApplyNoHistory replays them without history, as for a
// record without undo (the bot's lines are replayed without their undos).
func BenchmarkSessionApplyNoHistory(b *testing.B) { benchSession(b, false) }

func benchSession(b *testing.B, history bool) {
	deals, lines, total := botGames(b)
	v := spider.MustVariant(spider.VariantGratuit)
	var sessions []*spider.Session
	for i, d := range deals {
		x, err := spider.NewSession(d, v)
		if err != nil {
			b.Fatal(err)
		}
		sessions = append(sessions, x)
		if !history {
			// Without history the undos cannot be replayed: replay the line
			// that undo leaves, the actions still in effect.
			g, _ := spider.NewGame(d, v)
			for _, a := range lines[i] {
				g, _ = g.Apply(a)
			}
			lines[i] = g.History()
		}
	}
	if !history {
		total = 0
		for _, l := range lines {
			total += len(l)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, x := range sessions {
			x.Reset()
			if !history {
				x.ForgetHistory()
			}
			for _, a := range lines[j] {
				if err := x.Apply(a); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ReportMetric(float64(total)*float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}
