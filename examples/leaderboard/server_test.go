package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spiderkit/spider/codec"
)

var records = filepath.Join("..", "records")

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(records, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// service starts the leaderboard on a store in dir.
func service(t *testing.T, dir string) (*httptest.Server, *FileStore) {
	t.Helper()
	store, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewServer(Config{MaxBody: 64 << 10, MaxVerifying: 2}, store)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); store.Close() })
	return ts, store
}

func post(t *testing.T, ts *httptest.Server, body []byte) (int, map[string]any) {
	t.Helper()
	resp, err := http.Post(ts.URL+"/submit", "application/octet-stream", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	json.NewDecoder(resp.Body).Decode(&m)
	return resp.StatusCode, m
}

func ranking(t *testing.T, ts *httptest.Server, key string) []any {
	t.Helper()
	resp, err := http.Get(ts.URL + "/ranking?key=" + strings.ReplaceAll(key, " ", "+"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m struct{ Entries []any }
	json.NewDecoder(resp.Body).Decode(&m)
	return m.Entries
}

func TestLeaderboard(t *testing.T) {
	dir := t.TempDir()
	ts, _ := service(t, dir)
	won := read(t, "won.spider")
	code, m := post(t, ts, won)
	if code != http.StatusCreated || m["accepted"] != true {
		t.Fatalf("valid record: %d %v", code, m)
	}
	// The same record again, this time as binary: counted once.
	c, _ := codec.New()
	defer c.Close()
	rec, _ := c.DecodeText(won)
	bin, _ := c.EncodeBinary(nil, rec)
	if code, m := post(t, ts, bin); code != http.StatusOK || m["duplicate"] != true {
		t.Errorf("duplicate: %d %v", code, m)
	}
	// A lying record says which claim is false.
	code, m = post(t, ts, read(t, "bad/lying.spider"))
	if code != http.StatusUnprocessableEntity || m["status"] != "disputed" || !strings.Contains(m["error"].(string), "claims score 1099 but the game gives 999") {
		t.Errorf("lying record: %d %v", code, m)
	}
	// An illegal record names its first bad action.
	code, m = post(t, ts, read(t, "bad/illegal.spider"))
	if code != http.StatusUnprocessableEntity || m["status"] != "illegal" || m["index"] != 10.0 || m["action"] != "c>c" {
		t.Errorf("illegal record: %d %v", code, m)
	}
	// Malformed and oversized submissions.
	if code, m := post(t, ts, []byte("[Code \"SP1-S4C-AAAAAAD\"]\n\n3a>z\n")); code != http.StatusBadRequest || m["status"] != "malformed" {
		t.Errorf("malformed record: %d %v", code, m)
	}
	if code, _ := post(t, ts, bytes.Repeat([]byte("d "), 40<<10)); code != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized record: %d", code)
	}
	// A JSON record, and an lklynet log, of other games.
	if code, m := post(t, ts, read(t, "duel.json")); code != http.StatusCreated {
		t.Errorf("JSON record: %d %v", code, m)
	}
	line, _ := os.ReadFile(filepath.Join("..", "..", "testdata", "vectors", "lklynet-replays.jsonl"))
	first := bytes.SplitN(line, []byte("\n"), 2)[0]
	if code, m := post(t, ts, first); code != http.StatusCreated {
		t.Errorf("lklynet log: %d %v", code, m)
	}
	if got := ranking(t, ts, "SP1-S1C-AAAAAAG"); len(got) != 1 {
		t.Errorf("ranking: %v", got)
	}
	if got := ranking(t, ts, "lklynet v"); len(got) != 1 {
		t.Errorf("lklynet ranking: %v", got)
	}
}

// TestRestartKeepsRanking stops the service, cuts the results file in the
// middle of a line as a crash would, and starts again: every whole entry
// is there, and the store goes on.
func TestRestartKeepsRanking(t *testing.T) {
	dir := t.TempDir()
	ts, store := service(t, dir)
	if code, _ := post(t, ts, read(t, "won.spider")); code != http.StatusCreated {
		t.Fatal(code)
	}
	if code, _ := post(t, ts, read(t, "duel.json")); code != http.StatusCreated {
		t.Fatal(code)
	}
	ts.Close()
	store.Close()
	path := filepath.Join(dir, "results.jsonl")
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"key":"SP1-S1C-AAAAAAG","player":"crash","sco`) // a write cut short
	f.Close()
	ts2, _ := service(t, dir)
	if got := ranking(t, ts2, "SP1-S1C-AAAAAAG"); len(got) != 1 {
		t.Fatalf("after restart: %v", got)
	}
	if code, m := post(t, ts2, read(t, "won.spider")); code != http.StatusOK || m["duplicate"] != true {
		t.Errorf("duplicate after restart: %d %v", code, m)
	}
	// The cut line is gone and new entries follow cleanly.
	c, _ := codec.New()
	defer c.Close()
	rec, _ := c.DecodeText(read(t, "won.spider"))
	rec.Tags = append(rec.Tags, codec.Tag{Name: "Site", Value: "again"})
	text, _ := codec.AppendText(nil, rec)
	if code, _ := post(t, ts2, text); code != http.StatusCreated {
		t.Fatalf("new entry after restart: %d", code)
	}
	data, _ := os.ReadFile(path)
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var e Entry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Errorf("line %d of the results file is broken: %q", i+1, line)
		}
	}
}

func TestRankingOrder(t *testing.T) {
	es := []Entry{{Score: 900, Moves: 10}, {Score: 1000, Moves: 20, TimeMs: 9}, {Score: 1000, Moves: 20, TimeMs: 5}, {Score: 1000, Moves: 12}}
	s := &FileStore{byKey: map[string][]Entry{"k": es}}
	got, _ := s.Ranking("k")
	want := []Entry{es[3], es[2], es[1], es[0]}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ranking %v, want %v", got, want)
		}
	}
}
