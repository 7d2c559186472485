package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/spiderkit/spider/codec"
)

// TestVerifyPolicyForgeries: the forgeries a host policy exists for, each
// refused by spider verify with the app variant on game codes, claims and
// times required; the honest record still verifies.
func TestVerifyPolicyForgeries(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(samples, "won.spider"))
	if err != nil {
		t.Fatal(err)
	}
	won := string(b)
	noClaims := regexp.MustCompile(`(?m)^\[(Score|Moves|Runs|Result|Time) .*\n`).ReplaceAllString(won, "")
	cases := []struct {
		desc, file, record, kind, reason string
	}{
		{"its own scoring", "scoring.spider", strings.Replace(noClaims, "[Player", "[Scoring \"start=100000 run=1000\"]\n[Player", 1),
			"variant", "scoring start=100000 move=0 deal=0 run=1000 floor-mode=none differs from the app scheme's"},
		{"as microsoft", "microsoft.spider", strings.Replace(won, `[Variant "app"]`, `[Variant "microsoft"]`, 1), "variant", "rules undo-limit=0 no-hints=off differ"},
		{"relaxed on a classic code", "relaxed.spider", strings.Replace(won, "[Player", "[Rules \"group=relaxed undo-limit=100 no-hints\"]\n[Player", 1), "variant", "group=relaxed"},
		{"another program's game", "kpat.spider", "[Deal \"kpat 123 suits=1\"]\n[Variant \"app\"]\n[Score \"499\"]\n[Moves \"1\"]\n[Runs \"0\"]\n[Result \"open\"]\n[Time \"900\"]\n\nd@800\n",
			"deal", "games of kpat with 1 suits are not allowed"},
		{"no times", "untimed.spider", regexp.MustCompile(`@[0-9]+`).ReplaceAllString(won, ""), "times", "action 1 has no time"},
		{"no claims", "unclaimed.spider", noClaims, "claims", "does not claim its score"},
	}
	dir := t.TempDir()
	for _, tc := range cases {
		os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.record), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "won.spider"), b, 0o644)
	policy := []string{"verify", "--variant", "app", "--require-claims", "--require-times", "--deals", "codes"}
	out, errOut, code := spiderRun(append(policy, dir)...)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s%s", code, out, errOut)
	}
	for _, tc := range cases {
		if !strings.Contains(out, filepath.Join(dir, tc.file)+": REJECTED: ") {
			t.Errorf("%s: not rejected in\n%s", tc.desc, out)
		}
	}
	if !strings.Contains(out, "won.spider: verified") || !strings.Contains(out, "7 records: 1 verified, 0 disputed, 0 illegal, 0 malformed, 6 rejected") {
		t.Errorf("summary:\n%s", out)
	}
	// --json gives the kind and the reason of each rejection; a --policy
	// file says the same as the flags.
	pf := filepath.Join(dir, "policy.json")
	os.WriteFile(pf, []byte(`{"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true}`), 0o644)
	for _, args := range [][]string{append(policy, "--json", dir), {"verify", "--json", "--policy", pf, dir}} {
		out, _, code = spiderRun(args...)
		if code != 1 {
			t.Fatalf("%v: exit %d", args, code)
		}
		got := map[string]map[string]any{}
		sc := bufio.NewScanner(strings.NewReader(out))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var rep struct {
				Name      string         `json:"name"`
				Verdict   string         `json:"verdict"`
				Rejection map[string]any `json:"rejection"`
			}
			if err := json.Unmarshal(sc.Bytes(), &rep); err != nil {
				t.Fatal(err)
			}
			got[filepath.Base(rep.Name)] = rep.Rejection
		}
		for _, tc := range cases {
			r := got[tc.file]
			if r == nil || r["kind"] != tc.kind || !strings.Contains(r["message"].(string), tc.reason) {
				t.Errorf("%v, %s: rejection %v, want %s saying %q", args, tc.desc, r, tc.kind, tc.reason)
			}
		}
	}
	if _, errOut, code := spiderRun("verify", "--variant", "nope", dir); code != 2 || !strings.Contains(errOut, "nope") {
		t.Errorf("unknown variant: exit %d %s", code, errOut)
	}
	if _, errOut, code := spiderRun("verify", "--deals", "some", dir); code != 2 || !strings.Contains(errOut, "--deals") {
		t.Errorf("bad --deals: exit %d %s", code, errOut)
	}
}

// TestVerifyArchiveBadRecord: a malformed record in the middle of an
// archive is reported and the records after it are verified.
func TestVerifyArchiveBadRecord(t *testing.T) {
	cd, _ := codec.New()
	defer cd.Close()
	b, _ := os.ReadFile(filepath.Join(samples, "won.spider"))
	rec, err := cd.DecodeText(b)
	if err != nil {
		t.Fatal(err)
	}
	arch := badArchive(t, cd, rec)
	f := filepath.Join(t.TempDir(), "three.spda")
	os.WriteFile(f, arch, 0o644)
	out, _, code := spiderRun("verify", f)
	if code != 1 || !strings.Contains(out, "three.spda#2: MALFORMED") || !strings.Contains(out, "three.spda#3: verified") ||
		!strings.Contains(out, "3 records: 2 verified, 0 disputed, 0 illegal, 1 malformed") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// badArchive is an archive of rec, a payload that frames well but is not a
// record (deal kind 9), and rec again, written by hand: "SPDA", the
// version, and one zstd stream of length-prefixed payloads.
func badArchive(t *testing.T, cd *codec.Codec, rec *codec.Record) []byte {
	t.Helper()
	bin, err := cd.EncodeBinary(nil, rec)
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := zstd.NewReader(nil)
	defer dec.Close()
	payload, err := dec.DecodeAll(bin[5:], nil)
	if err != nil {
		t.Fatal(err)
	}
	var stream []byte
	for _, p := range [][]byte{payload, {9, 0, 0}, payload} {
		stream = binary.AppendUvarint(stream, uint64(len(p)))
		stream = append(stream, p...)
	}
	enc, _ := zstd.NewWriter(nil)
	defer enc.Close()
	return enc.EncodeAll(stream, []byte("SPDA\x01"))
}

// TestConvertLongSeed: an lklynet log whose seed is far over the tag limit
// (200 KB of '<') converts to every form, and each verifies.
func TestConvertLongSeed(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.json")
	os.WriteFile(log, []byte(`{"seed":"`+strings.Repeat("<", 200_000)+`","events":[{"type":"deal"},{"type":"undo"}]}`), 0o644)
	prev := log
	for _, out := range []string{"g.spider", "g.spdz", "g.json", "back.spider"} {
		out = filepath.Join(dir, out)
		if _, errOut, code := spiderRun("convert", prev, out); code != 0 {
			t.Fatalf("convert %s %s: exit %d: %s", prev, out, code, errOut)
		}
		if o, errOut, code := spiderRun("verify", out); code != 0 || !strings.Contains(o, "verified") {
			t.Fatalf("verify %s: exit %d: %s%s", out, code, o, errOut)
		}
		prev = out
	}
	a, _ := os.ReadFile(filepath.Join(dir, "g.spider"))
	b, _ := os.ReadFile(filepath.Join(dir, "back.spider"))
	if !bytes.Equal(a, b) || len(a) < 200_000 {
		t.Errorf("text -> binary -> JSON -> text changed the record (%d and %d bytes)", len(a), len(b))
	}
}
