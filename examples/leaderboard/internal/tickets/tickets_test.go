package tickets_test

import (
	"strings"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tickets"
)

// TestTicketText: a ticket opens only as it was signed, under its key.
func TestTicketText(t *testing.T) {
	key, err := tickets.NewKey(testkit.TicketKey)
	if err != nil {
		t.Fatal(err)
	}
	other, err := tickets.NewKey("another key of sixteen bytes or more")
	if err != nil {
		t.Fatal(err)
	}
	want := tickets.Ticket{ID: "abc", Board: "dealt", Deal: "SP1-S4C-AAAAAAD", Player: "bot", IssuedMs: 1}
	good, err := key.Sign(want)
	if err != nil {
		t.Fatal(err)
	}
	payload, sig, _ := strings.Cut(good, ".")
	forged, err := key.Sign(tickets.Ticket{ID: "abc", Board: "dealt", Deal: "SP1-S4C-AAAAAAE", IssuedMs: 1})
	if err != nil {
		t.Fatal(err)
	}
	forgedPayload, _, _ := strings.Cut(forged, ".")
	if got, err := key.Open(good); err != nil || got != want {
		t.Fatalf("open(sign(t)) = %v, %v; want %v", got, err, want)
	}
	for _, tc := range []struct{ desc, text string }{
		{"empty", ""},
		{"no signature", payload},
		{"another key's", mustSign(t, other, want)},
		{"payload changed", forgedPayload + "." + sig},
		{"signature cut", payload + "." + sig[:10]},
		{"too long", good + strings.Repeat("A", tickets.MaxBytes)},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			if got, err := key.Open(tc.text); err == nil {
				t.Errorf("open accepted %q as %v", tc.text, got)
			}
		})
	}
	if _, err := tickets.NewKey("short"); err == nil {
		t.Error("a 5-byte key was accepted")
	}
}

func mustSign(t *testing.T, k tickets.Key, tk tickets.Ticket) string {
	t.Helper()
	s, err := k.Sign(tk)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// BenchmarkTicket: signing a ticket and checking one, what POST /games and
// a dealt record's check cost beside the store.
func BenchmarkTicket(b *testing.B) {
	key, err := tickets.NewKey(testkit.TicketKey)
	if err != nil {
		b.Fatal(err)
	}
	tk := tickets.Ticket{ID: tickets.RandomID(), Board: "dealt", Deal: "SP1-S4C-AAAAAAD", Player: "bot", IssuedMs: 1764633600000}
	text, err := key.Sign(tk)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("sign", func(b *testing.B) {
		for b.Loop() {
			if _, err := key.Sign(tk); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			if _, err := key.Open(text); err != nil {
				b.Fatal(err)
			}
		}
	})
}
