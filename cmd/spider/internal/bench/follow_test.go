package bench

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"
)

// TestFollow: a short run prints one line an order, with no loop, no
// stranding and no refusal, and its JSON lines agree with the text.
func TestFollow(t *testing.T) {
	var text, js strings.Builder
	o := FollowOptions{First: 1000, Deals: 5, Suits: 1}
	if err := Follow(&text, o); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(text.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "5 deals of 1 suit from 1000, the hint followed (reveal first): won ") ||
		!strings.HasSuffix(lines[1], "loops 0, strandings 0, refused 0") {
		t.Fatalf("text:\n%s", text.String())
	}
	o.JSON = true
	if err := Follow(&js, o); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(js.String()))
	for _, order := range []string{"reveal", "complete"} {
		var s FollowSummary
		if !sc.Scan() || json.Unmarshal(sc.Bytes(), &s) != nil {
			t.Fatalf("json: %q", js.String())
		}
		if s.Order != order || s.Deals != 5 || s.Won > 5 || s.Undo > 5 || s.Loops+s.Strandings+s.Refusals != 0 || s.ActionsPerGame <= 0 {
			t.Errorf("json: %+v", s)
		}
	}
	if err := Follow(&js, FollowOptions{Suits: 3, Deals: 1}); err == nil {
		t.Error("3 suits: no error")
	}
	if err := Follow(&js, FollowOptions{Suits: 1}); err == nil {
		t.Error("0 deals: no error")
	}
}
