package style

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is the longest a function outside tests may be.
const maxLines = 80

// hotLoop marks, in a function's doc comment, a hot loop measured faster
// as one function; the comment names the benchmark.
const hotLoop = "Hot loop, measured:"

// tooLong are the functions over maxLines still to be split, by file and
// name; each is removed from the list when it is. The test fails on any
// other long function, and on an entry no longer needed.
var tooLong = map[string]bool{}

// TestFunctionLength: no function of the module (examples included, tests
// not) is longer than maxLines lines, unless its doc comment says it is a
// hot loop measured faster as one, with the benchmark.
func TestFunctionLength(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			rel, _ := filepath.Rel(root, path)
			key := filepath.ToSlash(rel) + " " + name(fn)
			long := lines > maxLines && !strings.Contains(fn.Doc.Text(), hotLoop)
			switch {
			case long && !tooLong[key]:
				t.Errorf("%s: %s is %d lines (at most %d, or a %q note)", fset.Position(fn.Pos()), name(fn), lines, maxLines, hotLoop)
			case !long && tooLong[key]:
				t.Errorf("%s: %s is %d lines now: take it off tooLong", fset.Position(fn.Pos()), name(fn), lines)
			}
			seen[key] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range tooLong {
		if !seen[key] {
			t.Errorf("%s is gone: take it off tooLong", key)
		}
	}
}

// name is a function's name with its receiver's type.
func name(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	typ := fn.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}
