package calls

import (
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/solve"
)

// The words of the interface: each enum's words come from its Go type's
// one method, String (Outcome's, SuggestionKind's, SuggestOrder's, ...),
// and are read back by its Parse function; the record's forms are
// codec's. go generate writes them into js/ops.js and js/index.d.ts
// (Words).

// recordForms are the forms of a record the calls write, the default
// first.
var recordForms = []string{codec.FormText, codec.FormJSON}

// groups are spider.GroupRule's values (the compact State's group byte).
var groups = []spider.GroupRule{spider.GroupClassic, spider.GroupRelaxed}

// suggestOrders and tapOrders are spider.SuggestOrder's and
// spider.TapOrder's values, the default first.
var (
	suggestOrders = []spider.SuggestOrder{spider.RevealFirst, spider.CompleteFirst}
	tapOrders     = []spider.TapOrder{spider.TapRunFirst, spider.TapSuitFirst}
)

// words are the words of values, each its String.
func words[T fmt.Stringer](values []T) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = v.String()
	}
	return out
}

// or lists words as a sentence: "a, b or c".
func or(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// The last value of the enums that have no Valid method; TestWordsCover
// fails when a type gains a value past its last.
const (
	lastSuggestionKind = spider.SuggestJoinSuit
	lastNextStep       = spider.NextGameWon
	lastKind           = spider.KindResign
	lastBasis          = advisor.BasisStalled
	lastWinnability    = solve.Unwinnable
)

// Enum is the words of one of the interface's enums.
type Enum struct {
	// Name is the type's name in TypeScript: "Outcome".
	Name string
	// Doc says what the words are, for the declaration.
	Doc   string
	Words []string
}

// Words returns the words of the interface's enums, each from its Go
// type: what js/ops.js and js/index.d.ts say of them.
func Words() []Enum {
	var outcomes, kinds, next, actions, variants, levels, bases, verdicts []string
	for o := spider.Outcome(0); o.Valid(); o++ {
		outcomes = append(outcomes, o.String())
	}
	for k := spider.SuggestNone; k <= lastSuggestionKind; k++ {
		kinds = append(kinds, k.String())
	}
	kinds = append(kinds, adviceKind)
	for s := spider.NextNone; s <= lastNextStep; s++ {
		next = append(next, s.String())
	}
	for k := spider.KindMove; k <= lastKind; k++ {
		actions = append(actions, k.String())
	}
	for _, v := range spider.Variants() {
		variants = append(variants, v.Name)
	}
	for _, l := range advisor.Levels() {
		levels = append(levels, l.String())
	}
	for b := advisor.BasisSearch; b <= lastBasis; b++ {
		bases = append(bases, b.String())
	}
	for w := solve.Unknown; w <= lastWinnability; w++ {
		verdicts = append(verdicts, w.String())
	}
	return []Enum{
		{"Outcome", "How a game stands (spider.Outcome): the same word in Go, records, reports and here.", outcomes},
		{"Group", "The group rule (spider.GroupRule): which runs move as one.", words(groups)},
		{"SuggestionKind", `What a suggested action achieves (spider.SuggestionKind); "advice" for the advisor's action (advise).`, kinds},
		{"NextStep", "What to do when nothing on the table is progress (spider.NextStep).", next},
		{"SuggestOrder", "The order of suggest() (spider.SuggestOrder): a card turned over first, or a run completed first.", words(suggestOrders)},
		{"TapOrder", "The order of tap() (spider.TapOrder): a completed run first, or the group's own suit first.", words(tapOrders)},
		{"RecordForm", "A record's form.", recordForms},
		{"ActionKind", "The kinds of action (spider.Kind), as legal({kinds}) selects them and a Step names them.", actions},
		{"VariantName", "The variants' names (variants() lists them): rules and scoring together.", variants},
		{"Level", "The advisor's levels, weakest first (advisor.Levels).", levels},
		{"Basis", "What the advisor's action rests on (advisor.Basis).", bases},
		{"Verdict", "Whether a game can still be won (solve.Winnability), as finishable() says it.", verdicts},
	}
}
