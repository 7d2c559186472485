// Package browsertest plays the reference web game (examples/web) in a real
// browser: headless Chromium, driven with chromedp, against the page's own
// server and the leaderboard service, both built from this repository and
// started on free 127.0.0.1 ports. It is its own module so that chromedp
// never becomes a requirement of the SDK's importers; only .ci/run runs it:
//
//	go run ./cmd/wasmbuild && (cd examples/web/browsertest && go test ./...)
package browsertest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// Servers are the leaderboard and the page's server, running.
type Servers struct {
	// Page is the web game's URL, Leaderboard the service's.
	Page, Leaderboard string
	procs             []*exec.Cmd
}

// Root is the repository's root, found from the working directory (this
// module's directory or below it).
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "examples", "web", "main.go")); err == nil {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				return d, nil
			}
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no spider repository above %s", dir)
		}
	}
}

// testBoards is the leaderboard's configuration in the tests: its default
// one (examples/leaderboard/internal/config/default.json, a board for each
// variant) without the 80 ms an action its boards require, since a
// browser driven by a test plays faster.
func testBoards(root string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(root, "examples", "leaderboard", "internal", "config", "default.json"))
	if err != nil {
		return nil, err
	}
	var cfg map[string]any
	if err := json.Unmarshal(b, &cfg); err != nil {
		return nil, fmt.Errorf("the leaderboard's default configuration: %w", err)
	}
	boards, _ := cfg["boards"].([]any)
	for _, board := range boards {
		if policy, ok := board.(map[string]any)["policy"].(map[string]any); ok {
			delete(policy, "minMs")
		}
	}
	return json.Marshal(cfg)
}

// StartServers builds the leaderboard and the page's server into dir and
// starts them on free loopback ports, the leaderboard with its default
// boards but their minimum time per action (testBoards) and a fresh
// SQLite database in dir. The .wasm must be built
// (go run ./cmd/wasmbuild). Close stops them.
func StartServers(root, dir string) (*Servers, error) {
	all, err := StartInstances(root, dir, [][]string{{"-data", filepath.Join(dir, "lb-data")}})
	if err != nil {
		return nil, err
	}
	return all[0], nil
}

// StartInstances starts one leaderboard for each of stores (its store's
// flags: -data DIR, or -postgres DSN, several instances behind one
// database) and a page's server in front of each, as StartServers does;
// the instances share their ticket key. Close each.
func StartInstances(root, dir string, stores [][]string) ([]*Servers, error) {
	if _, err := os.Stat(filepath.Join(root, "js", "dist", "spider.wasm")); errors.Is(err, fs.ErrNotExist) {
		return nil, errors.New("js/dist/spider.wasm is missing: run go run ./cmd/wasmbuild at the repository's root first")
	}
	lbBin, webBin := filepath.Join(dir, "leaderboard"), filepath.Join(dir, "web")
	for _, b := range [][]string{
		{"build", "-C", filepath.Join(root, "examples", "leaderboard"), "-o", lbBin, "."},
		{"build", "-C", root, "-o", webBin, "./examples/web"},
	} {
		cmd := exec.Command("go", b...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("go %v: %v\n%s", b, err, out)
		}
	}
	boards, err := testBoards(root)
	if err != nil {
		return nil, err
	}
	config := filepath.Join(dir, "boards.json")
	if err := os.WriteFile(config, boards, 0o644); err != nil {
		return nil, err
	}
	var all []*Servers
	fail := func(err error) ([]*Servers, error) {
		for _, s := range all {
			s.Close()
		}
		return nil, err
	}
	for i, store := range stores {
		lbAddr, err := freeAddr()
		if err != nil {
			return fail(err)
		}
		webAddr, err := freeAddr()
		if err != nil {
			return fail(err)
		}
		s := &Servers{Page: "http://" + webAddr + "/", Leaderboard: "http://" + lbAddr}
		all = append(all, s)
		args := append([]string{"-addr", lbAddr, "-config", config, "-rate", "0"}, store...)
		if err := s.start(dir, fmt.Sprintf("leaderboard%d", i), lbBin, args...); err != nil {
			return fail(err)
		}
		if err := s.wait(s.Leaderboard + "/healthz"); err != nil {
			return fail(err)
		}
		if err := s.start(dir, fmt.Sprintf("web%d", i), webBin, "-addr", webAddr, "-js", filepath.Join(root, "js"), "-leaderboard", s.Leaderboard); err != nil {
			return fail(err)
		}
		if err := s.wait(s.Page); err != nil {
			return fail(err)
		}
	}
	return all, nil
}

// ticketKey is the instances' shared ticket key: a ticket one deals,
// another takes.
const ticketKey = "browsertest-ticket-key-0123456789"

func (s *Servers) start(dir, name, bin string, args ...string) error {
	log, err := os.Create(filepath.Join(dir, name+".log"))
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "SPIDER_TICKET_KEY="+ticketKey)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	s.procs = append(s.procs, cmd)
	return nil
}

// wait waits for url to answer 200.
func (s *Servers) wait(url string) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(url)
		if err == nil {
			_ = res.Body.Close() // unread: only the status is wanted
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s does not answer 200 after 20 s (last: %v)", url, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Close stops the servers.
func (s *Servers) Close() {
	for _, p := range s.procs {
		// Kill fails only for a server that has exited already, and Wait
		// then says how a server ended that was killed ("signal: killed")
		// or had ended: neither has anything to act on.
		_ = p.Process.Kill()
		_ = p.Wait()
	}
	s.procs = nil
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		return "", err // the address would not be free
	}
	return addr, nil
}
