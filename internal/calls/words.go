package calls

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
	"github.com/spiderkit/spider/solve"
)

// The words of the interface: each enum's words come from its Go type's
// one method, String (Outcome's, SuggestionKind's, SuggestOrder's, ...),
// and are read back by its Parse function; the record's forms are
// codec's. go generate writes them into the JavaScript package's lists
// and TypeScript unions (Words).

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
	lastBasis          = advisor.BasisScore
	lastWinnability    = solve.Unwinnable
	lastProof          = solve.ProofStranded
	lastReason         = advisor.ReasonScore
	lastReach          = solve.ReachNone
	lastVerdict        = replay.Rejected
)

// Enum is the words of one of the interface's enums.
type Enum struct {
	// Name is the type's name in TypeScript: "Outcome".
	Name string
	// Doc says what the words are, for the declaration.
	Doc   string
	Words []string
	// Type is the Go type whose values the words say, nil for words of no
	// one type: the value First+i has word i, in JSON and in the compact
	// State (the byte of the value).
	Type  reflect.Type
	First int
}

// wordsOf lists the words of T's values from first to last, each from
// word.
func wordsOf[T ~uint8 | ~int](first, last T, word func(T) string) []string {
	var out []string
	for v := first; v <= last; v++ {
		out = append(out, word(v))
	}
	return out
}

// levelWords are the advisor's levels, weakest first.
func levelWords() []string { return words(advisor.Levels()) }

// Words returns the words of the interface's enums, each from its Go
// type: what the JavaScript package's lists and the TypeScript unions say
// of them (every union of the declarations but ErrorCode, which go
// generate reads from the SDK's errors).
func Words() []Enum {
	var outcomes, variants []string
	for o := spider.Outcome(0); o.Valid(); o++ {
		outcomes = append(outcomes, o.String())
	}
	for _, v := range spider.Variants() {
		variants = append(variants, v.Name)
	}
	claims := wordsOf(0, 4, func(i int) string { return replay.ClaimSet(1 << i).String() })
	return []Enum{
		{"Outcome", "How a game stands (spider.Outcome): the same word in Go, records, reports and here.", outcomes, typeOf[spider.Outcome](), 0},
		{"Group", "The group rule (spider.GroupRule): which runs move as one.", words(groups), typeOf[spider.GroupRule](), 0},
		{"Suit", "A suit (spider.Suit) by its letter: spades, hearts, diamonds, clubs.",
			wordsOf(spider.Spades, spider.Clubs, spider.Suit.Letter), typeOf[spider.Suit](), int(spider.Spades)},
		{"SuggestionKind", `What a suggested action achieves (spider.SuggestionKind); "advice" for the advisor's action (advise).`,
			append(wordsOf(spider.SuggestNone, lastSuggestionKind, spider.SuggestionKind.String), adviceKind), nil, 0},
		{"NextStep", "What to do when nothing on the table is progress (spider.NextStep).",
			wordsOf(spider.NextNone, lastNextStep, spider.NextStep.String), typeOf[spider.NextStep](), 0},
		{"SuggestOrder", "The order of suggest() (spider.SuggestOrder): a card turned over first, or a run completed first.", words(suggestOrders), nil, 0},
		{"TapOrder", "The order of tap() (spider.TapOrder): a completed run first, or the group's own suit first.", words(tapOrders), nil, 0},
		{"RecordForm", "A record's form.", recordForms, nil, 0},
		{"ActionKind", "The kinds of action (spider.Kind), as legal({kinds}) selects them and a Step names them.",
			wordsOf(spider.KindMove, lastKind, spider.Kind.String), typeOf[spider.Kind](), int(spider.KindMove)},
		{"VariantName", "The variants' names (variants() lists them): rules and scoring together.", variants, nil, 0},
		{"Level", "The advisor's levels, weakest first (advisor.Levels).", levelWords(), nil, 0},
		{"Basis", "What the advisor's action rests on (advisor.Basis).", wordsOf(advisor.BasisSearch, lastBasis, advisor.Basis.String), typeOf[advisor.Basis](), 0},
		{"BotReason", `Why a bot resigns (advisor.Reason): "lost" (the game is proven lost and nothing raises its score), "stalled" (no progress in 150 decisions), "cap" (its 1000th action), "stuck" (nothing legal), "score" (in a duel, what it would play next would take its score below what resigning at once scores); "" for an action that is no resignation.`,
			wordsOf(advisor.ReasonNone, lastReason, advisor.Reason.String), typeOf[advisor.Reason](), 0},
		{"Winnability", "Whether a game can still be won (solve.Winnability), as finishable() says it.",
			wordsOf(solve.Unknown, lastWinnability, solve.Winnability.String), typeOf[solve.Winnability](), 0},
		{"Proof", `What an "unwinnable" verdict rests on (solve.Proof): "search" (every card known, every line searched), "no-turn" (the stock empty and no move among the seen cards turns a face-down card over), "stranded" (the stock can never be dealt); "" for the other verdicts.`,
			wordsOf(solve.ProofNone, lastProof, solve.Proof.String), typeOf[solve.Proof](), 0},
		{"Reach", `Whether a face-down card can be turned over by moves among the seen cards (solve.Reach): "turn" (a line does), "none" (no line does: with an empty stock, the game is lost), "unknown" (the budget ran out first).`,
			wordsOf(solve.ReachUnknown, lastReach, solve.Reach.String), typeOf[solve.Reach](), 0},
		{"HintSource", "What answered the solver site's hint (solve.HintSource).", wordsOf(solve.ByRanking, solve.BySolver, solve.HintSource.String), typeOf[solve.HintSource](), 0},
		{"ReportVerdict", "The verifier's verdict on a record (replay.Verdict).", wordsOf(replay.Verified, lastVerdict, replay.Verdict.String), typeOf[replay.Verdict](), 0},
		{"RejectionKind", "Why a policy refused a record before replaying it (replay.RejectionKind).", rejectionKinds(), typeOf[replay.RejectionKind](), 0},
		{"FindingKind", "A check of the verifier that has something to say (replay.FindingKind).", findingKinds(), typeOf[replay.FindingKind](), 0},
		{"Claim", "A claim a record makes, which a policy may require (replay.ClaimSet's names).", claims, nil, 0},
	}
}

// rejectionKinds are replay.RejectionKind's values (TestWordsCover checks
// replay's source for others).
func rejectionKinds() []string {
	return stringsOf([]replay.RejectionKind{replay.RejectVariant, replay.RejectDeal, replay.RejectPosition, replay.RejectClaims,
		replay.RejectTimes, replay.RejectTooFast, replay.RejectTooManyActions, replay.RejectTooLarge, replay.RejectOutcome})
}

// findingKinds are replay.FindingKind's values (TestWordsCover checks
// replay's source for others).
func findingKinds() []string {
	return stringsOf([]replay.FindingKind{replay.ActionsAfterEnd, replay.TimeTooShort, replay.UndoUsed, replay.HintUsed})
}

// stringsOf converts values of a string type to strings.
func stringsOf[T ~string](values []T) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}
