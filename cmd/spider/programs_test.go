package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/codec"
)

var vectors = filepath.Join("..", "..", "testdata", "vectors")

// TestDealFromPrograms prints every vector deal with spider deal --from
// ... --json and compares the three keys with the program's own output.
func TestDealFromPrograms(t *testing.T) {
	for _, file := range []string{"pysolfc.jsonl", "kpat.jsonl", "lklynet-layouts.jsonl"} {
		f, err := os.Open(filepath.Join(vectors, file))
		if err != nil {
			t.Fatal(err)
		}
		s := bufio.NewScanner(f)
		for s.Scan() {
			var v struct {
				Program  string
				Game     json.RawMessage
				Seed     *string
				Suits    int
				Tableau  any
				FaceDown any
				Stock    any
			}
			json.Unmarshal(s.Bytes(), &v)
			args := []string{"deal", "--json", "--from", strings.ToLower(v.Program)}
			if v.Seed != nil {
				args = append(args, "--seed", *v.Seed)
			} else {
				game := strings.Trim(string(v.Game), `"`) // a number, or a string such as "ms3000000000"
				args = append(args, "--game", game, "--suits", fmt.Sprint(v.Suits))
			}
			out, errOut, code := spiderRun(args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errOut)
			}
			var got struct{ Tableau, FaceDown, Stock any }
			json.Unmarshal([]byte(out), &got)
			if !cmp.Equal(got.Tableau, v.Tableau) || !cmp.Equal(got.FaceDown, v.FaceDown) || !cmp.Equal(got.Stock, v.Stock) {
				t.Errorf("%v differs from the program's deal", args)
			}
		}
		f.Close()
	}
	if _, _, code := spiderRun("deal", "--from", "kpat", "--seed", "x"); code != 2 {
		t.Errorf("kpat with --seed: exit %d", code)
	}
	if _, _, code := spiderRun("deal", "--from", "pysolfc", "--game", "0"); code != 2 {
		t.Errorf("pysolfc game 0: exit %d", code)
	}
}

// TestVerifyFromLklynet prints lklynet's own verdict for each sample log,
// exactly as lklynet gave it.
func TestVerifyFromLklynet(t *testing.T) {
	file := filepath.Join(vectors, "lklynet-replays.jsonl")
	out, errOut, code := spiderRun("verify", "--judge", "lklynet", "--json", file)
	if code != 1 { // three sample logs are invalid
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want, _ := os.ReadFile(file)
	wantLines := strings.Split(strings.TrimSpace(string(want)), "\n")
	gotLines := strings.Split(strings.TrimSpace(out), "\n")
	if len(gotLines) != len(wantLines) {
		t.Fatalf("%d lines for %d logs", len(gotLines), len(wantLines))
	}
	for i := range wantLines {
		var w struct{ Verdict any }
		var g struct {
			Lklynet any
			Report  map[string]any
		}
		json.Unmarshal([]byte(wantLines[i]), &w)
		json.Unmarshal([]byte(gotLines[i]), &g)
		if !cmp.Equal(w.Verdict, g.Lklynet) {
			t.Errorf("line %d: %v, lklynet says %v", i+1, g.Lklynet, w.Verdict)
		}
		if g.Report == nil {
			t.Errorf("line %d: no report", i+1)
		}
	}
	out, _, code = spiderRunIn(`{"seed":"a","events":[{"type":"jump"}]}`+"\n", "verify", "--judge", "lklynet", "-")
	if code != 1 || !strings.Contains(out, "MALFORMED: lklynet event 0: unknown type") {
		t.Errorf("malformed log: exit %d\n%s", code, out)
	}
}

// TestConvertLklynet turns a log into a record and back.
func TestConvertLklynet(t *testing.T) {
	f, _ := os.Open(filepath.Join(vectors, "lklynet-replays.jsonl"))
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	s.Scan()
	var line struct {
		Seed   string
		Events []map[string]any
	}
	json.Unmarshal(s.Bytes(), &line)
	text, errOut, code := spiderRunIn(string(s.Bytes()), "convert", "-", "-")
	if code != 0 || !strings.Contains(text, `[Deal "lklynet `) {
		t.Fatalf("log to record: exit %d: %s\n%s", code, errOut, text)
	}
	back, _, code := spiderRunIn(text, "convert", "--to", "lklynet", "-", "-")
	var got struct {
		Seed   string
		Events []map[string]any
	}
	if err := json.Unmarshal([]byte(back), &got); err != nil || code != 0 {
		t.Fatalf("record to log: exit %d: %v", code, err)
	}
	if !cmp.Equal(line, got) {
		t.Errorf("the log changed on its way through a record")
	}
}

// TestVerifyLklynetLoose: on logs the project finds malformed, --json still
// gives lklynet's verdict, or the exception lklynet would throw, beside the
// project's error.
func TestVerifyLklynetLoose(t *testing.T) {
	tests := []struct {
		desc, line string
		want       string // the line's keys besides name and error, as JSON
	}{
		{desc: "a pile out of range", line: `{"seed":"v","events":[{"type":"move","fromPileIndex":12,"toPileIndex":2,"cardIndex":5}]}`,
			want: `{"lklynet":{"valid":false,"reason":"invalid_move"}}`},
		{desc: "a null event", line: `{"seed":"v","events":[null]}`,
			want: `{"lklynet":null,"lklynetThrows":{"name":"TypeError","message":"Cannot read properties of null (reading 'type')","event":0}}`},
		{desc: "not JSON", line: `{"seed":`, want: `{"lklynet":null}`},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			out, errOut, code := spiderRunIn(tc.line+"\n", "verify", "--judge", "lklynet", "--json", "-")
			if code != 1 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if e, _ := got["error"].(string); e == "" {
				t.Errorf("no error from the project: %s", out)
			}
			delete(got, "name")
			delete(got, "error")
			var want map[string]any
			json.Unmarshal([]byte(tc.want), &want)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	out, _, _ := spiderRunIn(`{"seed":"v","events":[null]}`+"\n", "verify", "--judge", "lklynet", "-")
	if !strings.Contains(out, "lklynet throws TypeError: Cannot read properties of null (reading 'type') at event 0; MALFORMED: ") {
		t.Errorf("text output: %s", out)
	}
}

// TestVerifyLklynetLongLine: --judge lklynet reads its lines through the
// codec (codec.Codec.Lines): a line over the codec's size limit is one
// malformed log, too large, and the lines after it are still judged.
func TestVerifyLklynetLongLine(t *testing.T) {
	long := `{"seed":"` + strings.Repeat("a", codec.DefaultLimits().MaxBytes) + `","events":[]}`
	good := `{"seed":"v","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5}]}`
	out, errOut, code := spiderRunIn(long+"\n"+good+"\n", "verify", "--judge", "lklynet", "--json", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, %d lines: %.300s %s", code, len(lines), out, errOut)
	}
	if !strings.Contains(lines[0], `"name":"-:1"`) || !strings.Contains(lines[0], "over 8388608 bytes") {
		t.Errorf("the long line: %.300s", lines[0])
	}
	if !strings.Contains(lines[1], `"name":"-:2"`) || !strings.Contains(lines[1], `"valid":true`) {
		t.Errorf("the line after it: %.300s", lines[1])
	}
}
