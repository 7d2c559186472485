package style

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/deals"
	"github.com/spiderkit/spider/internal/calls"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/lklynet/judge"
	"github.com/spiderkit/spider/replay"
	"github.com/spiderkit/spider/solve"
)

// sentinels are the SDK's exported errors, by package and name.
var sentinels = map[string]error{
	"spider.ErrNoColumn": spider.ErrNoColumn, "spider.ErrSameColumn": spider.ErrSameColumn,
	"spider.ErrBadCount": spider.ErrBadCount, "spider.ErrEmptyColumn": spider.ErrEmptyColumn,
	"spider.ErrTooFew": spider.ErrTooFew, "spider.ErrFaceDown": spider.ErrFaceDown,
	"spider.ErrMixedSuits": spider.ErrMixedSuits, "spider.ErrGap": spider.ErrGap,
	"spider.ErrOnAce": spider.ErrOnAce, "spider.ErrRank": spider.ErrRank,
	"spider.ErrDealEmpty": spider.ErrDealEmpty, "spider.ErrStockEmpty": spider.ErrStockEmpty,
	"spider.ErrAutoFlip": spider.ErrAutoFlip, "spider.ErrNotFaceDown": spider.ErrNotFaceDown,
	"spider.ErrNothingUndo": spider.ErrNothingUndo, "spider.ErrUndoOff": spider.ErrUndoOff,
	"spider.ErrUndoLimit": spider.ErrUndoLimit, "spider.ErrUndoDeal": spider.ErrUndoDeal,
	"spider.ErrUndoFlip": spider.ErrUndoFlip, "spider.ErrHintOff": spider.ErrHintOff,
	"spider.ErrGameOver": spider.ErrGameOver, "spider.ErrUnknownKind": spider.ErrUnknownKind,
	"spider.ErrWrongLayer": spider.ErrWrongLayer, "spider.ErrBadCard": spider.ErrBadCard,
	"spider.ErrBadDeal": spider.ErrBadDeal, "spider.ErrBadCode": spider.ErrBadCode,
	"spider.ErrUnknownVariant": spider.ErrUnknownVariant, "spider.ErrBadOutcome": spider.ErrBadOutcome,
	"spider.ErrUntimed": spider.ErrUntimed, "spider.ErrTimed": spider.ErrTimed,
	"spider.ErrNoTarget": spider.ErrNoTarget, "spider.ErrStrands": spider.ErrStrands,
	"spider.ErrNotation": spider.ErrNotation, "spider.ErrBadSetting": spider.ErrBadSetting,
	"spider.ErrWholeColumn": spider.ErrWholeColumn,
	"spider.ErrTimeUp":      spider.ErrTimeUp,
	"codec.ErrManyRecords":  codec.ErrManyRecords,
	"codec.ErrSyntax":       codec.ErrSyntax, "codec.ErrFormat": codec.ErrFormat, "codec.ErrTooLarge": codec.ErrTooLarge,
	"codec.ErrTruncated": codec.ErrTruncated, "codec.ErrInvalid": codec.ErrInvalid,
	"codec.ErrNotReplayable": codec.ErrNotReplayable, "codec.ErrOverBudget": codec.ErrOverBudget,
	"codec.ErrDuplicateKey": codec.ErrDuplicateKey, "codec.ErrUnknownKey": codec.ErrUnknownKey,
	"lklynet.ErrCardIndex": lklynet.ErrCardIndex,
	"replay.ErrNoDeal":     replay.ErrNoDeal, "replay.ErrPolicy": replay.ErrPolicy,
	"solve.ErrNotWon": solve.ErrNotWon, "deals.ErrBadGame": deals.ErrBadGame,
	"advisor.ErrLevel": advisor.ErrLevel,
	"calls.ErrNoGame":  calls.ErrNoGame, "calls.ErrBadRequest": calls.ErrBadRequest, "calls.ErrBadOptions": calls.ErrBadOptions,
	"calls.ErrBadGroup": calls.ErrBadGroup, "calls.ErrBadForm": calls.ErrBadForm, "calls.ErrBadDate": calls.ErrBadDate,
	"calls.ErrNotVerified": calls.ErrNotVerified, "calls.ErrInternal": calls.ErrInternal,
	"calls.ErrRecordFull": calls.ErrRecordFull, "calls.ErrNothingToTakeBack": calls.ErrNothingToTakeBack,
	// Only in the WebAssembly build (codec/zstd_js.go).
	"codec.ErrNoBinary": spider.NewError("no-binary", "binary records are not in this build"),
}

// errorTypes are an instance of each of the SDK's exported error types.
var errorTypes = map[string]error{
	"spider.Refusal":       &spider.Refusal{Reason: spider.ErrRank, Sentence: "a>b refused"},
	"spider.CodeError":     &spider.CodeError{Text: "SP9", Reason: "bad"},
	"spider.DealError":     &spider.DealError{Reason: "bad"},
	"spider.NotationError": &spider.NotationError{Text: "z", Msg: "bad"},
	"spider.Error":         spider.ErrRank,
	"codec.SyntaxError":    &codec.SyntaxError{Line: 1, Col: 1, Msg: "bad", Err: codec.ErrSyntax},
	"codec.FormatError":    &codec.FormatError{Msg: "bad", Err: codec.ErrFormat},
	"codec.TooLargeError":  &codec.TooLargeError{Limit: "MaxBytes", Max: 1},
	"lklynet.LogError":     &lklynet.LogError{Event: -1, Msg: "bad"},
	"replay.ActionError":   &replay.ActionError{Action: spider.DealRow, Err: spider.ErrStockEmpty},
	"judge.Throw":          &judge.Throw{Name: "TypeError", Message: "x", Event: -1},
	"replay.Rejection":     &replay.Rejection{Kind: replay.RejectTimes, Message: "no times"},
}

// code is the form of a stable code: lower-case words joined by hyphens.
var code = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

// TestErrorsHaveCodes: every exported error of the SDK (every Err...
// variable and every exported type with an Error method, found in the
// source) is listed above, has a stable code and a sentence, and no two
// sentinels share a code.
func TestErrorsHaveCodes(t *testing.T) {
	vars, types := exportedErrors(t)
	for _, name := range vars {
		if _, ok := sentinels[name]; !ok {
			t.Errorf("%s is not in the test's list: add it", name)
		}
	}
	for _, name := range types {
		if _, ok := errorTypes[name]; !ok {
			t.Errorf("error type %s is not in the test's list: add it", name)
		}
	}
	owner := map[string]string{}
	for name, err := range sentinels {
		var e *spider.Error
		if !errors.As(err, &e) || !code.MatchString(e.Code()) || e.Error() == "" {
			t.Errorf("%s: code %q, sentence %q", name, spider.CodeOf(err), err)
			continue
		}
		if other, ok := owner[e.Code()]; ok && sentinels[other] != err { // a deprecated alias is the same error
			t.Errorf("%s and %s share the code %q", name, other, e.Code())
		}
		owner[e.Code()] = name
	}
	for name, err := range errorTypes {
		if c := spider.CodeOf(err); !code.MatchString(c) || err.Error() == "" {
			t.Errorf("%s: code %q, sentence %q", name, c, err)
		}
	}
}

// exportedErrors lists, from the SDK's source (every package but
// commands, examples, internal ones and tests), its exported Err...
// variables and exported types with an Error method, as "pkg.Name".
func exportedErrors(t *testing.T) (vars, types []string) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() && rel != "." && (strings.HasPrefix(d.Name(), ".") || strings.Contains("cmd examples internal fuzz testdata js docs", strings.Split(filepath.ToSlash(rel), "/")[0])) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		pkg := f.Name.Name
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok && d.Tok == token.VAR {
						for _, n := range vs.Names {
							if strings.HasPrefix(n.Name, "Err") && n.IsExported() {
								vars = append(vars, pkg+"."+n.Name)
							}
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil && d.Name.Name == "Error" && len(d.Recv.List) == 1 {
					if recv := receiver(d.Recv.List[0].Type); ast.IsExported(recv) {
						types = append(types, pkg+"."+recv)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return vars, types
}

// receiver is the name of a method's receiver type.
func receiver(e ast.Expr) string {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
