package spider_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
)

// TestSuggestionJSON: a suggestion's JSON has the action and fill in the
// notation, the kind's and next step's codes, the card as "Ks" and the
// sentence, and leaves out what is not there.
func TestSuggestionJSON(t *testing.T) {
	code, err := spider.ParseCode("SP1-S4C-AAAAAAD")
	if err != nil {
		t.Fatal(err)
	}
	d, err := code.Deal()
	if err != nil {
		t.Fatal(err)
	}
	p, err := spider.NewPosition(d, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc string
		s    spider.Suggestion
		want string
	}{
		{"a deal's first suggestion", p.Suggest(spider.RevealFirst),
			`{"action":"d>f","kind":"reveal","next":"none","card":"Jd","text":"d>f turns a card over"}`},
		{"a fill, then the deal", spider.Suggestion{Next: spider.NextFillThenDeal, Fill: spider.Move(2, 1, 1), Card: spider.NewCard(13, spider.Spades)},
			`{"kind":"none","next":"fill-then-deal","fill":"c>b","card":"Ks","text":"no progress on the table: fill column b with K♠ (c>b), then deal"}`},
		{"the game is won", spider.Suggestion{Next: spider.NextGameWon}, `{"kind":"none","next":"game-won","text":"the game is won"}`},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			got, err := json.Marshal(tc.s)
			if err != nil {
				t.Fatal(err)
			}
			var g, w any
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tc.want), &w); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(w, g); diff != "" {
				t.Errorf("%s (-want +got):\n%s", got, diff)
			}
		})
	}
}
