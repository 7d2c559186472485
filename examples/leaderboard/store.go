package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// Entry is one accepted result.
type Entry struct {
	// Key is the ranking it belongs to: the game code, or "program game".
	Key    string `json:"key"`
	Player string `json:"player"`
	Score  int    `json:"score"`
	Moves  int    `json:"moves"`
	TimeMs int64  `json:"timeMs"`
	Won    bool   `json:"won"`
	// Hash identifies the record (SHA-256 of its canonical text form), so
	// that the same record submitted twice counts once.
	Hash string `json:"hash"`
}

// better reports whether a ranks before b: best score, then fewest moves,
// then shortest time.
func better(a, b Entry) bool {
	switch {
	case a.Score != b.Score:
		return a.Score > b.Score
	case a.Moves != b.Moves:
		return a.Moves < b.Moves
	}
	return a.TimeMs < b.TimeMs
}

// ErrDuplicate: the record was accepted before.
var ErrDuplicate = errors.New("this record was already submitted")

// Store keeps accepted results. A real database can replace FileStore by
// implementing it.
type Store interface {
	// Add records an entry, or returns ErrDuplicate for a hash seen before.
	Add(e Entry) error
	// Ranking returns the entries of a key, best first.
	Ranking(key string) ([]Entry, error)
}

// FileStore keeps every entry in memory and appends each to a JSON-lines
// file in its directory, synced before Add returns. A crash mid-write can
// only leave a partial last line, which loading skips: the file is never
// corrupted. It is safe for concurrent use.
type FileStore struct {
	mu     sync.Mutex
	f      *os.File
	byKey  map[string][]Entry
	hashes map[string]bool
}

// OpenFileStore opens (or creates) the store in dir.
func OpenFileStore(dir string) (*FileStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "results.jsonl")
	s := &FileStore{byKey: map[string][]Entry{}, hashes: map[string]bool{}}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	good := 0 // bytes of whole lines
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e Entry
		if err := json.Unmarshal(line, &e); err != nil {
			break // a line cut by a crash: everything after it is lost
		}
		good += len(line) + 1
		if good > len(data) { // the last line had no newline: cut too
			good -= len(line) + 1
			break
		}
		s.add(e)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	// Drop a partial last line, so that the next entry starts clean.
	if err := f.Truncate(int64(good)); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(int64(good), 0); err != nil {
		f.Close()
		return nil, err
	}
	s.f = f
	return s, nil
}

func (s *FileStore) add(e Entry) {
	s.hashes[e.Hash] = true
	s.byKey[e.Key] = append(s.byKey[e.Key], e)
}

// Add appends e to the file, synced, then to the ranking.
func (s *FileStore) Add(e Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hashes[e.Hash] {
		return ErrDuplicate
	}
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err := s.f.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := s.f.Sync(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	s.add(e)
	return nil
}

// Ranking returns the entries of key, best first.
func (s *FileStore) Ranking(key string) ([]Entry, error) {
	s.mu.Lock()
	out := append([]Entry(nil), s.byKey[key]...)
	s.mu.Unlock()
	sort.SliceStable(out, func(i, j int) bool { return better(out[i], out[j]) })
	return out, nil
}

// Close closes the file.
func (s *FileStore) Close() error { return s.f.Close() }
