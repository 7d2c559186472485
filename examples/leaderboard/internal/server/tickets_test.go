package server_test

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/bot"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tickets"
)

// playedRecord is the bot's game of code (choices from seed), each action
// timed ms, as text with tags.
func playedRecord(t *testing.T, code spider.Code, seed uint64, ms uint32, tags ...codec.Tag) []byte {
	t.Helper()
	v, err := spider.ParseVariant(spider.VariantApp)
	if err != nil {
		t.Fatal(err)
	}
	deal, err := code.Deal()
	if err != nil {
		t.Fatal(err)
	}
	_, actions, err := bot.Play(deal, v, seed, 400)
	if err != nil {
		t.Fatal(err)
	}
	g, err := code.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		if g, err = g.ApplyAt(a, ms); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := codec.GameRecord(g, tags...)
	if err != nil {
		t.Fatal(err)
	}
	return testkit.Text(t, rec)
}

// tags are a record's Player and Ticket tags ("": none).
func tags(player, ticket string) []codec.Tag {
	var out []codec.Tag
	if player != "" {
		out = append(out, codec.Tag{Name: "Player", Value: player})
	}
	if ticket != "" {
		out = append(out, codec.Tag{Name: tickets.Tag, Value: ticket})
	}
	return out
}

// kindOf is an error answer's kind.
func kindOf(t *testing.T, m map[string]any) string {
	t.Helper()
	return errorOf(t, m)["kind"].(string)
}

// tamper changes one character of a ticket's signature.
func tamper(text string) string {
	b := []byte(text)
	i := len(b) - 10
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	return string(b)
}

func TestDealtGames(t *testing.T) { testkit.OnEachStore(t, testDealtGames) }

func testDealtGames(t *testing.T, store store.Store) {
	var offset atomic.Int64 // the server's clock, ahead of time.Now by this
	s := testkit.NewService(t, store, func(c *server.Config) {
		c.Now = func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
	})
	tok := s.RegisterName("dealer")
	ticketA, codeA := s.Game(`{"board": "dealt", "suits": 1}`)
	_, codeB := s.Game(`{"board": "dealt", "suits": 1}`)
	if codeA == codeB || codeA.Suits != 1 {
		t.Fatalf("two games dealt %v and %v", codeA, codeB)
	}
	first := playedRecord(t, codeA, 1, 40, tags("dealer", ticketA)...)
	if code, m := s.Send("/submit?board=dealt", first, tok); code != http.StatusCreated {
		t.Fatalf("the dealt game: %d %v", code, m)
	}
	ticketC, codeC := s.Game(`{"board": "dealt", "suits": 1, "player": "DEALER"}`)
	slow := playedRecord(t, codeC, 1, 5000, tags("dealer", ticketC)...) // over 30 s of actions
	cases := []struct {
		desc   string
		body   []byte
		token  string
		status int
		kind   string
	}{
		{"the same record again", first, tok, http.StatusOK, ""},
		{"another game on a used ticket", playedRecord(t, codeA, 2, 40, tags("dealer", ticketA)...), tok, http.StatusConflict, "ticket-used"},
		{"no ticket", playedRecord(t, codeB, 1, 40, tags("dealer", "")...), tok, http.StatusUnprocessableEntity, "ticket"},
		{"another deal than the ticket's", playedRecord(t, codeB, 1, 40, tags("dealer", ticketC)...), tok, http.StatusUnprocessableEntity, "ticket"},
		{"forged ticket", playedRecord(t, codeA, 3, 40, tags("dealer", tamper(ticketA))...), tok, http.StatusUnprocessableEntity, "ticket"},
		{"longer than the time since issue", slow, tok, http.StatusUnprocessableEntity, "ticket"},
		{"unregistered name", playedRecord(t, codeC, 1, 40, tags("stranger", ticketC)...), "", http.StatusForbidden, "unregistered"},
	}
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			code, m := s.Send("/submit?board=dealt", tc.body, tc.token)
			if code != tc.status {
				t.Fatalf("%d %v, want %d", code, m, tc.status)
			}
			if tc.kind != "" && kindOf(t, m) != tc.kind {
				t.Errorf("kind %q, want %q", kindOf(t, m), tc.kind)
			}
		})
	}
	// The ticket bound to "DEALER" on another name.
	other := s.RegisterName("other")
	if code, m := s.Send("/submit?board=dealt", playedRecord(t, codeC, 1, 40, tags("other", ticketC)...), other); code != http.StatusUnprocessableEntity {
		t.Errorf("a ticket of another player: %d %v", code, m)
	}
	offset.Store(int64(time.Hour)) // an hour later, the slow game fits
	if code, m := s.Send("/submit?board=dealt", slow, tok); code != http.StatusCreated {
		t.Errorf("the slow game an hour after its ticket: %d %v", code, m)
	}
	// A ticket for one board on another.
	ticketD, codeD := s.Game(`{"board": "daily"}`)
	if want, _ := spider.DailyCode(time.Now().Add(time.Hour).UTC(), 1, spider.GroupClassic); codeD != want {
		t.Errorf("the daily board dealt %v, want %v", codeD, want)
	}
	if code, m := s.Send("/submit?board=dealt", playedRecord(t, codeD, 1, 40, tags("dealer", ticketD)...), tok); code != http.StatusUnprocessableEntity {
		t.Errorf("a daily ticket on the dealt board: %d %v", code, m)
	}
	if code, m := s.Send("/submit?board=daily", playedRecord(t, codeD, 1, 40, tags("visitor", ticketD)...), ""); code != http.StatusCreated {
		t.Errorf("the daily game, anonymous: %d %v", code, m)
	}
}

// TestStartGameRefusals: what POST /games refuses, table by table.
func TestStartGameRefusals(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), nil)
	for _, tc := range []struct {
		desc, body string
		status     int
	}{
		{"not JSON", `board`, http.StatusBadRequest},
		{"unknown key", `{"board": "dealt", "seed": 5}`, http.StatusBadRequest},
		{"no such board", `{"board": "nope"}`, http.StatusNotFound},
		{"a deal where the board chooses", `{"board": "dealt", "deal": "SP1-S1C-AAAAAAG"}`, http.StatusUnprocessableEntity},
		{"a suit count the board does not deal", `{"board": "daily", "suits": 4}`, http.StatusUnprocessableEntity},
		{"a bad suit count", `{"board": "dealt", "suits": 3}`, http.StatusUnprocessableEntity},
		{"a bad code where any deal goes", `{"board": "open", "deal": "SP9"}`, http.StatusUnprocessableEntity},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			if code, m := s.Send("/games", []byte(tc.body), ""); code != tc.status {
				t.Errorf("%d %v, want %d", code, m, tc.status)
			}
		})
	}
	if _, code := s.Game(`{"board": "open", "deal": "sp1-s1c-aaaaaag"}`); code.String() != "SP1-S1C-AAAAAAG" {
		t.Errorf("the chosen deal came back as %v", code)
	}
}
