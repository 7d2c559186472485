package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/calls"
	"github.com/spiderkit/spider/replay"
	"github.com/spiderkit/spider/solve"
)

// module is the SDK's module path, which a Go type's package path starts
// with.
const module = "github.com/spiderkit/spider"

// model is what the generated files are written from: the table, the
// enums' words by Go type, the Go docs of the answers' types, and the
// SDK's error codes.
type model struct {
	root    string
	specs   []calls.Spec
	enums   []calls.Enum
	byType  map[reflect.Type]calls.Enum
	docs    map[string]string // "pkgpath.Type" and "pkgpath.Type.Field": the doc comment
	parsed  map[string]bool   // package paths whose docs are read
	codes   []string          // every error code, sorted
	structs []reflect.Type    // the answers' struct types, in the order met
}

func newModel(root string) (*model, error) {
	m := &model{root: root, specs: calls.Calls(), enums: calls.Words(), byType: map[reflect.Type]calls.Enum{},
		docs: map[string]string{}, parsed: map[string]bool{}}
	for _, e := range m.enums {
		if e.Type != nil {
			m.byType[e.Type] = e
		}
	}
	codes, err := errorCodes(root)
	if err != nil {
		return nil, err
	}
	m.codes = codes
	for _, s := range m.specs {
		if err := m.collect(s.Answer); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
	}
	return m, nil
}

// Leaves of the State and the answers: the types the generated code
// writes without looking inside.
var (
	cardType    = reflect.TypeFor[spider.Card]()
	knownType   = reflect.TypeFor[calls.KnownCard]()
	actionType  = reflect.TypeFor[spider.Action]()
	stateType   = reflect.TypeFor[calls.State]()
	counterType = reflect.TypeFor[spider.Counters]()
)

// declared are the Go types of answers whose JSON is their own
// (MarshalJSON): index.d.ts declares their interfaces by hand, with the
// generated unions.
var declared = map[reflect.Type]string{
	reflect.TypeFor[*replay.Report]():    "Report",
	reflect.TypeFor[replay.Duel]():       "Duel",
	reflect.TypeFor[calls.Advice]():      "Suggestion",
	reflect.TypeFor[spider.Suggestion](): "Suggestion",
	reflect.TypeFor[solve.Hint]():        "Suggestion",
}

// collect notes the struct types an answer of type t holds, whose
// interfaces the declarations give.
func (m *model) collect(t reflect.Type) error {
	if t == nil {
		return nil
	}
	if _, ok := declared[t]; ok {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return m.collect(t.Elem())
	case reflect.Struct:
		for _, s := range m.structs {
			if s == t {
				return nil
			}
		}
		if t.Name() == "" || !strings.HasPrefix(t.PkgPath(), module) {
			return fmt.Errorf("%v: an answer's struct is a named type of the SDK", t)
		}
		if err := m.readDocs(t.PkgPath()); err != nil {
			return err
		}
		m.structs = append(m.structs, t)
		for _, f := range fields(t) {
			if err := m.collect(f.Type); err != nil {
				return err
			}
		}
	}
	return nil
}

// field is a struct field as JSON has it.
type field struct {
	reflect.StructField
	name      string // the JSON key
	omitEmpty bool
	compact   string // its compact tag
}

// fields are t's fields that JSON writes, in order.
func fields(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		out = append(out, field{StructField: f, name: name, omitEmpty: strings.Contains(opts, "omitempty"), compact: f.Tag.Get("compact")})
	}
	return out
}

// readDocs reads the doc comments of a package of the SDK's types and
// their fields.
func (m *model) readDocs(pkg string) error {
	if m.parsed[pkg] {
		return nil
	}
	m.parsed[pkg] = true
	dir := filepath.Join(m.root, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")))
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, spec := range g.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(g.Specs) == 1 {
					doc = g.Doc
				}
				m.docs[pkg+"."+ts.Name.Name] = doc.Text()
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					text := fl.Doc.Text()
					if text == "" {
						text = fl.Comment.Text()
					}
					for _, n := range fl.Names {
						m.docs[pkg+"."+ts.Name.Name+"."+n.Name] = text
					}
				}
			}
		}
	}
	return nil
}

// doc is a type's doc comment ("" for none), or its field's.
func (m *model) doc(t reflect.Type, field string) string {
	key := t.PkgPath() + "." + t.Name()
	if field != "" {
		key += "." + field
	}
	return strings.TrimSpace(m.docs[key])
}

// errorCodes reads the SDK's error codes from its source: the codes of
// spider.NewError and of the Code methods that answer a constant, in
// every package but the commands, examples and tests.
func errorCodes(root string) ([]string, error) {
	seen := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		top := strings.Split(filepath.ToSlash(rel), "/")[0]
		if d.IsDir() && rel != "." && (strings.HasPrefix(d.Name(), ".") || top == "cmd" || top == "examples" || top == "fuzz" ||
			top == "js" || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				name := ""
				switch fn := x.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				if name == "NewError" && len(x.Args) > 0 {
					if lit, ok := x.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if c, err := strconv.Unquote(lit.Value); err == nil {
							seen[c] = true
						}
					}
				}
			case *ast.FuncDecl:
				if x.Recv != nil && x.Name.Name == "Code" && x.Body != nil && len(x.Body.List) == 1 {
					if r, ok := x.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
						if lit, ok := r.Results[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if c, err := strconv.Unquote(lit.Value); err == nil {
								seen[c] = true
							}
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []string
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out, nil
}
