package calls

import (
	"strings"
	"sync"
	"testing"
)

// TestLockPerGame: while a call holds one game (stopped inside its lock),
// calls on another game and calls on no game run to their end; a call on
// the held game ends once it is let go. Waits on channels, not on time.
func TestLockPerGame(t *testing.T) {
	var api API
	held, other := 1, 2
	call(&api, OpNewGame, `{"code":"SP1-S4C-AAAAAAD"}`)
	call(&api, OpNewGame, `{"code":"SP1-S1C-AAAAAAG"}`)
	inside, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	api.Held = func(h int) {
		if h == held {
			once.Do(func() {
				close(inside)
				<-release
			})
		}
	}
	done := make(chan []byte)
	go func() { done <- call(&api, OpApply, held, "d>f", 10) }()
	<-inside
	for range 20 {
		if got := call(&api, OpApply, other, "a>g", 10); !strings.HasPrefix(string(got), `{"ok":`) {
			t.Fatalf("a call on another game: %.100s", got)
		}
		call(&api, OpTakeBack, other)
	}
	if got := call(&api, OpVariants); !strings.Contains(string(got), "duel") {
		t.Fatalf("a call on no game: %s", got)
	}
	close(release)
	if got := <-done; !strings.HasPrefix(string(got), `{"ok":`) {
		t.Fatalf("the held call: %.100s", got)
	}
}

// TestCallsConcurrent: games played, freed and opened from goroutines at
// once through one API, each on its own game, and a game's calls from two
// goroutines at once: every answer is whole (go test -race checks the
// locks).
func TestCallsConcurrent(t *testing.T) {
	var api API
	shared := string(call(&api, OpNewGame, `{"code":"SP1-S1C-AAAAAAG"}`))
	if shared != `{"ok":1}` {
		t.Fatal(shared)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				ans := call(&api, OpNewGame, `{"code":"SP1-S1C-AAAAAAG"}`)
				h := 0
				for _, c := range strings.TrimSuffix(strings.TrimPrefix(string(ans), `{"ok":`), "}") {
					h = h*10 + int(c-'0')
				}
				for _, op := range []Op{OpLegal, OpState} {
					if got := call(&api, op, h); !strings.HasPrefix(string(got), `{"ok":`) {
						errs <- string(got)
					}
				}
				if got := call(&api, OpApply, 1, []string{"a>g", "u"}[g%2], 0); !strings.HasPrefix(string(got), "{") {
					errs <- string(got)
				}
				call(&api, OpFree, h)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
