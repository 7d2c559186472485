package play

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/replay"
)

// stuckScreen is a screen on stuckDeal under variant v, its record going
// to a file in a new directory.
func stuckScreen(t *testing.T, v spider.Variant) *screen {
	t.Helper()
	g, err := spider.NewGame(stuckDeal(t), v)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAD") // N's next deal follows it
	m := &match{code: code, variant: v, out: filepath.Join(t.TempDir(), "g.spider")}
	m.deals(g)
	return &screen{m: m, out: io.Discard, ascii: true}
}

// TestEndPanel: once a deal leaves nothing to move and the stock empty,
// the screen shows the end panel, which says why and offers the ways out
// the rules allow, for each kind of end: stuck with an undo left (the
// unlimited-undo app), lost (the free site's LoseWhenStuck) and blocked
// (no undo).
func TestEndPanel(t *testing.T) {
	for _, tc := range []struct {
		desc    string
		variant spider.Variant
		outcome spider.Outcome
		want    []string
		not     []string
	}{
		{
			desc: "stuck, undo left", variant: spider.MustVariant(spider.VariantUnlimited), outcome: spider.Playing,
			want: []string{"No card can move and the stock is empty: the game cannot go on. U takes the last action back", "U undo the last action · R the same cards again · N a new deal · Q quit"},
		},
		{
			desc: "lost", variant: spider.MustVariant(spider.VariantGratuit), outcome: spider.Lost,
			want: []string{"The game is lost: the stock is empty and no card can move.", "Lost (the stock is empty and no move is left) after", "U undo the last action · R the same cards again"},
		},
		{
			desc: "blocked", variant: spider.Variant{Name: "no-undo", Rules: spider.Rules{Undo: spider.UndoRule{Off: true}}, Scoring: spider.ScoringMicrosoft()}, outcome: spider.Blocked,
			want: []string{"The game is blocked: no card can move, no deal is left and the rules allow no undo.", "R the same cards again · N a new deal · Q quit"},
			not:  []string{"U undo"},
		},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			s := stuckScreen(t, tc.variant)
			if strings.Contains(s.draw(), "+----") {
				t.Fatalf("the panel before the game is over:\n%s", plainScreen(s.draw()))
			}
			s.press('D')
			if got := s.m.board.Outcome(); got != tc.outcome {
				t.Fatalf("after the deal: %s, want %s", got, tc.outcome)
			}
			shown := plainScreen(s.draw())
			text := panelWords(shown)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("the panel does not say %q:\n%s", w, shown)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(text, w) {
					t.Errorf("the panel says %q:\n%s", w, shown)
				}
			}
			if !strings.Contains(shown, "+"+strings.Repeat("-", tableWidth-2)+"+") {
				t.Errorf("no panel's box:\n%s", shown)
			}
			for _, l := range strings.Split(shown, "\r\n") {
				if n := len([]rune(l)); n > tableWidth {
					t.Errorf("a line of %d columns, wider than the table: %q", n, l)
				}
			}
		})
	}
}

// TestEndPanelWaysOut: U takes the deal back and the panel goes; R writes
// the ended game's record and deals the same cards again; N writes that
// game's record and deals the next deal number, without asking.
func TestEndPanelWaysOut(t *testing.T) {
	s := stuckScreen(t, spider.MustVariant(spider.VariantGratuit))
	m := s.m
	first := m.out
	s.press('D')
	s.press('U')
	if m.board.Outcome() != spider.Playing || m.stuck() || m.board.Position().StockRows() != 1 {
		t.Fatalf("U: %s, stuck %v, %d rows in the stock", m.board.Outcome(), m.stuck(), m.board.Position().StockRows())
	}
	if strings.Contains(panelWords(plainScreen(s.draw())), "R the same cards again") {
		t.Errorf("the panel stays after U:\n%s", plainScreen(s.draw()))
	}
	s.press('D')
	s.press('R')
	if m.board.Moves() != 0 || m.board.Position().StockRows() != 1 || s.confirm != "" {
		t.Fatalf("R: %d moves, %d rows in the stock, asking %q", m.board.Moves(), m.board.Position().StockRows(), s.confirm)
	}
	if want := "The same cards again; the last game's record is in " + first + "."; s.news != want {
		t.Errorf("R says %q, want %q", s.news, want)
	}
	rec, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	if rep := replay.New(replay.Options{}).VerifyBytes(first, rec); !rep.OK() || rep.Result.Outcome != spider.Lost || rep.Actions != 3 {
		t.Errorf("the ended game's record: %s\n%s", rep, rec)
	}
	if err := m.push(time.Now(), spider.DealRow); err != nil {
		t.Fatal(err)
	}
	s.press('N')
	if m.code.String() != "SP1-S1C-AAAAAAE" || m.board.Moves() != 0 || s.confirm != "" {
		t.Errorf("N: deal %s, %d moves, asking %q", m.code, m.board.Moves(), s.confirm)
	}
	second := filepath.Join(filepath.Dir(first), "g-2.spider")
	if !strings.Contains(s.news, second) {
		t.Errorf("N says %q, not where the record went (%s)", s.news, second)
	}
	if _, err := os.Stat(second); err != nil {
		t.Error(err)
	}
}

// panelWords is the words of a plain screen, the end panel's borders
// left out: its sentences as they read.
func panelWords(shown string) string {
	var b strings.Builder
	for _, l := range strings.Split(shown, "\r\n") {
		l = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(l), "| "), " |")
		b.WriteString(l + " ")
	}
	return words(b.String())
}

// TestEndPanelDuel: in a duel against a bot, a game stuck but for an undo
// shows the panel without deciding the duel (an undo takes the game on);
// a game that has ended (blocked: the duel's undo never takes a deal
// back) says who won on the duel's scoring, the bot's game played to its
// end.
func TestEndPanelDuel(t *testing.T) {
	casual := advisor.Casual
	for _, tc := range []struct {
		desc    string
		variant spider.Variant
		want    string
		over    bool // the bot's game played to its end
	}{
		{"stuck, undo left", spider.MustVariant(spider.VariantUnlimited), "The duel is decided when your game ends; so far the casual bot: score", false},
		{"blocked", spider.MustVariant(spider.VariantDuel), "Duel, on the duel's scoring: you ", true},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			g, err := spider.NewGame(stuckDeal(t), tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			code, _ := spider.ParseCode("SP1-S1C-AAAAAAD")
			m := &match{code: code, variant: tc.variant, out: filepath.Join(t.TempDir(), "g.spider"), bot: &casual}
			m.deals(g)
			s := &screen{m: m, out: io.Discard, ascii: true}
			s.press('D')
			text := panelWords(plainScreen(s.draw()))
			if tc.over {
				// The bot plays to its end in its goroutine while the panel
				// says so; the verdict follows once it has.
				if !strings.Contains(text, "The casual bot is finishing its game") && !strings.Contains(text, tc.want) {
					t.Errorf("the panel says neither that the bot is finishing nor the verdict:\n%s", text)
				}
				m.opp.sync()
				text = panelWords(plainScreen(s.draw()))
			} else if m.opp.over() {
				t.Error("the panel of a game an undo can take on played the bot's game to its end")
			}
			if !strings.Contains(text, tc.want) || !strings.Contains(text, "R the same cards again") {
				t.Errorf("the panel does not say %q:\n%s", tc.want, plainScreen(s.draw()))
			}
			decided := regexp.MustCompile(`Duel, on the duel's scoring: .*(you win|the bot wins|a tie)\.`).MatchString(text)
			if decided != tc.over {
				t.Errorf("the duel decided: %v, want %v:\n%s", decided, tc.over, text)
			}
			if tc.over && !m.opp.over() {
				t.Error("the duel is decided before the bot's game ended")
			}
		})
	}
}
