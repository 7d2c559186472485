package main

import (
	"strings"
	"testing"
)

// TestTicketText: a ticket opens only as it was signed, under its key.
func TestTicketText(t *testing.T) {
	key, err := newTicketKey(testTicketKey)
	if err != nil {
		t.Fatal(err)
	}
	other, err := newTicketKey("another key of sixteen bytes or more")
	if err != nil {
		t.Fatal(err)
	}
	want := ticket{ID: "abc", Board: "dealt", Deal: "SP1-S4C-AAAAAAD", Player: "bot", IssuedMs: 1}
	good, err := key.sign(want)
	if err != nil {
		t.Fatal(err)
	}
	payload, sig, _ := strings.Cut(good, ".")
	forged, err := key.sign(ticket{ID: "abc", Board: "dealt", Deal: "SP1-S4C-AAAAAAE", IssuedMs: 1})
	if err != nil {
		t.Fatal(err)
	}
	forgedPayload, _, _ := strings.Cut(forged, ".")
	if got, err := key.open(good); err != nil || got != want {
		t.Fatalf("open(sign(t)) = %v, %v; want %v", got, err, want)
	}
	for _, tc := range []struct{ desc, text string }{
		{"empty", ""},
		{"no signature", payload},
		{"another key's", mustSign(t, other, want)},
		{"payload changed", forgedPayload + "." + sig},
		{"signature cut", payload + "." + sig[:10]},
		{"too long", good + strings.Repeat("A", maxTicketBytes)},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			if got, err := key.open(tc.text); err == nil {
				t.Errorf("open accepted %q as %v", tc.text, got)
			}
		})
	}
	if _, err := newTicketKey("short"); err == nil {
		t.Error("a 5-byte key was accepted")
	}
}

func mustSign(t *testing.T, k ticketKey, tk ticket) string {
	t.Helper()
	s, err := k.sign(tk)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// BenchmarkTicket: signing a ticket and checking one, what POST /games and
// a dealt record's check cost beside the store.
func BenchmarkTicket(b *testing.B) {
	key, err := newTicketKey(testTicketKey)
	if err != nil {
		b.Fatal(err)
	}
	tk := ticket{ID: randomID(), Board: "dealt", Deal: "SP1-S4C-AAAAAAD", Player: "bot", IssuedMs: 1764633600000}
	text, err := key.sign(tk)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("sign", func(b *testing.B) {
		for b.Loop() {
			if _, err := key.sign(tk); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			if _, err := key.open(text); err != nil {
				b.Fatal(err)
			}
		}
	})
}
