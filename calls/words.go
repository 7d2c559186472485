package calls

import (
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
)

// The words of the interface: each enum's words come from its Go type's
// one method (Outcome.String, SuggestionKind.Code, ...); the few that no
// type of the SDK names (the orders, the record's forms) are listed here
// once. The calls read them from here, and go generate writes them into
// js/ops.js and js/index.d.ts (Words).

// word is one word of an enum with its value.
type word[T any] struct {
	word string
	v    T
}

// suggestOrders are the words of spider.SuggestOrder, the default first.
var suggestOrders = []word[spider.SuggestOrder]{{"reveal", spider.RevealFirst}, {"complete", spider.CompleteFirst}}

// tapOrders are the words of spider.TapOrder, the default first.
var tapOrders = []word[spider.TapOrder]{{"complete", spider.TapRunFirst}, {"suit", spider.TapSuitFirst}}

// recordForms are the forms of a record, the default first.
var recordForms = []string{"text", "json"}

// groups are spider.GroupRule's words, by value (the compact State's
// group byte).
var groups = []spider.GroupRule{spider.GroupClassic, spider.GroupRelaxed}

// lookup returns the value of word w in list ("" is the first, the
// default).
func lookup[T any](list []word[T], w string) (T, bool) {
	if w == "" {
		return list[0].v, true
	}
	for _, x := range list {
		if x.word == w {
			return x.v, true
		}
	}
	var zero T
	return zero, false
}

// or lists words as a sentence: "a, b or c".
func or(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func wordsOf[T any](list []word[T]) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = x.word
	}
	return out
}

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
	var outcomes, kinds, next, actions, variants, levels, bases, groupWords []string
	for o := spider.Playing; o <= spider.Blocked; o++ {
		outcomes = append(outcomes, o.String())
	}
	for k := spider.SuggestNone; k <= spider.SuggestJoinSuit; k++ {
		kinds = append(kinds, k.Code())
	}
	kinds = append(kinds, adviceKind)
	for s := spider.NextNone; s <= spider.NextGameWon; s++ {
		next = append(next, s.Code())
	}
	for k := spider.KindMove; k <= spider.KindResign; k++ {
		actions = append(actions, k.String())
	}
	for _, v := range spider.Presets() {
		variants = append(variants, v.Name)
	}
	for _, l := range advisor.Levels() {
		levels = append(levels, l.String())
	}
	for b := advisor.BasisSearch; b <= advisor.BasisLastResort; b++ {
		bases = append(bases, b.String())
	}
	for _, g := range groups {
		groupWords = append(groupWords, g.String())
	}
	return []Enum{
		{"Outcome", "How a game stands (spider.Outcome): the same word in Go, records, reports and here.", outcomes},
		{"Group", "The group rule (spider.GroupRule): which runs move as one.", groupWords},
		{"SuggestionKind", `What a suggested action achieves (spider.SuggestionKind's code); "advice" for the advisor's action (advise).`, kinds},
		{"NextStep", "What to do when nothing on the table is progress (spider.NextStep's code).", next},
		{"SuggestOrder", "The order of suggest() (spider.SuggestOrder): a card turned over first, or a run completed first.", wordsOf(suggestOrders)},
		{"TapOrder", "The order of tap() (spider.TapOrder): a completed run first, or the group's own suit first.", wordsOf(tapOrders)},
		{"RecordForm", "A record's form.", recordForms},
		{"ActionKind", "The kinds of action (spider.Kind), as legal({kinds}) selects them and a Step names them.", actions},
		{"VariantName", "The variants' names (variants() lists them): rules and scoring together.", variants},
		{"Level", "The advisor's levels, weakest first (advisor.Levels).", levels},
		{"Basis", "What the advisor's action rests on (advisor.Basis).", bases},
	}
}
