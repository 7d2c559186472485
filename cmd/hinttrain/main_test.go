package main

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spiderkit/spider/hint"
)

// The file hinttrain writes is Go source holding the weights exactly (each
// float read back is the one trained) and the command that made them.
func TestSource(t *testing.T) {
	o := hint.TrainOptions{First: 5000, Deals: 1, Every: 8, Worlds: 1, Seed: 1}
	out := filepath.Join(t.TempDir(), "weights_gen.go")
	if err := run(context.Background(), o, out, io.Discard); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "//\tgo run ./cmd/hinttrain -first 5000 -deals 1 -every 8 -worlds 1 -seed 1\n") {
		t.Errorf("the command is not in the file:\n%s", src)
	}
	f, err := parser.ParseFile(token.NewFileSet(), out, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []float64 // every float literal, in order: bias then weights, 2 suits then 4
	ast.Inspect(f, func(n ast.Node) bool {
		sign := 1.0
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.SUB {
			sign, n = -1, u.X
		}
		if l, ok := n.(*ast.BasicLit); ok && (l.Kind == token.FLOAT || l.Kind == token.INT) {
			x, err := strconv.ParseFloat(l.Value, 64)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, sign*x)
			return false
		}
		return true
	})
	var want []float64
	for _, suits := range []int{2, 4} {
		o.Suits = suits
		w, _, err := hint.Train(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		want = append(append(want, w.Bias), w.W[:]...)
	}
	// The case labels (1, 2) come first among the literals.
	if len(got) != len(want)+2 {
		t.Fatalf("%d literals, want %d weights and two case labels:\n%s", len(got), len(want), src)
	}
	for i, x := range want {
		if got[i+2] != x {
			t.Errorf("literal %d: %v, trained %v", i, got[i+2], x)
		}
	}
}
