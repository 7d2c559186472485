package codec

import (
	"fmt"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
	"pgregory.net/rapid"
)

// spelling draws a way of writing another program's game number n: with
// leading zeros, and for PySolFC the separators, "ms" prefix (in any case)
// and "L" suffix it ignores or reads.
func spelling(t *rapid.T, program string, n int) string {
	s := fmt.Sprint(n)
	s = strings.Repeat("0", rapid.IntRange(0, 2).Draw(t, "zeros")) + s
	if program != deals.PySolFC {
		return s
	}
	if rapid.Bool().Draw(t, "ms") {
		s = rapid.SampledFrom([]string{"ms", "MS", "Ms"}).Draw(t, "msCase") + s
	}
	if rapid.Bool().Draw(t, "hash") {
		s = "#" + s
	}
	if i := rapid.IntRange(0, len(s)).Draw(t, "sepAt"); rapid.Bool().Draw(t, "sep") {
		s = s[:i] + rapid.SampledFrom([]string{"-", "_", ".", ","}).Draw(t, "sepChar") + s[i:]
	}
	if rapid.Bool().Draw(t, "long") {
		s += "L"
	}
	return s
}

// Two references to another program's games have the same ranking key
// and identity exactly when they deal the same cards: no spelling (leading
// zeros, the default suit count written or not, PySolFC's separators and
// "ms" below 32000) makes a game new.
func TestDealReferencesKeyTheirCards(t *testing.T) {
	ms := spider.MustVariant(spider.VariantMicrosoft)
	programs := deals.Standard()
	rapid.Check(t, func(t *rapid.T) {
		program := rapid.SampledFrom([]string{deals.KPat, deals.PySolFC}).Draw(t, "program")
		numbers := []int{0, 1, 2, 31999, 32000, 32001}
		if program == deals.PySolFC {
			numbers = numbers[1:] // 0 is no PySolFC game
		}
		ref := func(name string) (Record, spider.Deal) {
			n := rapid.SampledFrom(numbers).Draw(t, name+"Number")
			r := Record{Deal: DealSource{Kind: DealProgram, Program: program, Game: spelling(t, program, n),
				Suits: rapid.SampledFrom([]int{0, 1, 2, 4}).Draw(t, name+"Suits")}, Rules: ms.Rules, Scoring: ms.Scoring}
			d, err := programs.Deal(program, r.Deal.Game, r.Deal.Suits)
			if err != nil {
				t.Fatalf("%s %q: %v", program, r.Deal.Game, err)
			}
			return r, d
		}
		a, da := ref("a")
		b, db := ref("b")
		same := fmt.Sprint(da) == fmt.Sprint(db)
		if ka, kb := RankingKey(&a), RankingKey(&b); (ka == kb) != same {
			t.Fatalf("%+v and %+v: keys %q and %q, the same cards: %v", a.Deal, b.Deal, ka, kb, same)
		}
		if ia, ib := Identity(&a), Identity(&b); (ia == ib) != same {
			t.Fatalf("%+v and %+v: identities equal %v, the same cards: %v", a.Deal, b.Deal, ia == ib, same)
		}
	})
}
