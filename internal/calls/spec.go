package calls

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Op numbers a call. The numbers are the interface's, the same in
// JavaScript and C: a call's number is its row's place in the table
// (ops.go), from 1, and a new call takes the next.
type Op int

// ArgKind is how an argument travels in a request (Request has the
// layout), and what JavaScript passes for it.
type ArgKind uint8

const (
	// Int is an int32; in JavaScript a whole number from Arg.Min to
	// Arg.Max.
	Int ArgKind = iota
	// Text is a string.
	Text
	// Flag is an int32, 0 or 1; in JavaScript false or true.
	Flag
	// Object is a string of JSON; in JavaScript an object, which the
	// package writes as JSON, and "" for none.
	Object
	// Decimal is a string of a whole number in decimal; in JavaScript a
	// whole number from Arg.Min to Arg.Max.
	Decimal
)

// Arg is one argument of a call: its name, how it travels, what it is,
// and what JavaScript takes for it.
type Arg struct {
	Name string
	Kind ArgKind
	// Doc says what the argument is, for the docs and the C header: "the
	// column (0 for a)".
	Doc string
	// Optional: a request may end before it (and every argument after
	// it). The handler then sees Default, or asks Args.Has.
	Optional bool
	// Default is the argument's value when a page leaves it out in
	// JavaScript, and when a request ends before an Optional one (an
	// int, a string or a bool; nil: none, and JavaScript sends nothing).
	Default any
	// Option: in JavaScript the argument is a key of the method's options
	// object rather than a parameter of its own.
	Option bool
	// Min and Max bound an Int or a Decimal in JavaScript (both 0: any
	// int32).
	Min, Max int64
	// Says is how JavaScript's refusal of a value of another type names
	// the argument: an Int's subject ("the column (0 for a)", "is a whole
	// number" follows), a Text's or an Object's whole clause ("the order
	// is \"complete\" or \"suit\"", ", not ..." follows).
	Says string
	// Code is that refusal's code, "bad-request" by default.
	Code string
	// TS is the argument's TypeScript type; "" for its kind's (number,
	// string, boolean).
	TS string
}

// Alone is a method's shorthand in JavaScript: a value of Type given
// instead of its options stands for the options {Key: value}.
type Alone struct {
	Key  string
	Type string // "string" or "number"
}

// Spec is one row of the table of the calls: the call's name, its
// arguments, its answer, its handler, and what its JavaScript method and
// its docs say. From the table go generate writes the C header's op enum,
// the JavaScript package's methods and declarations and the docs' tables
// (internal/gen); Call dispatches by it.
type Spec struct {
	// Op is the call's number: its row's place in the table, from 1.
	Op Op
	// Name is the call's name and its method's in JavaScript; in C it is
	// SPIDER_OP_ and its words in capitals (CName).
	Name string
	// Doc says what the call does and answers, for the docs, the
	// declarations and the C header.
	Doc  string
	Args []Arg
	// Answer is the Go type of the answer's value: State's answer is
	// written by the State's encoders, and any other as JSON.
	Answer reflect.Type
	// AnswerTS is the answer's TypeScript type where the Go type does not
	// say it ("" for the Go type's); "void" for an answer JavaScript
	// drops.
	AnswerTS string
	// OnGame: the call acts on an open game, its handle the first
	// argument (in JavaScript a method of Game).
	OnGame bool
	// Opens: the call opens a game and answers its handle (in JavaScript
	// a Game).
	Opens bool
	// JS says how the JavaScript package offers the call: JSMethod (a
	// method of its own), JSBase (a method that the package's own
	// method of the same name calls, for what the table cannot say),
	// JSNone (no method: the package calls it from its own code).
	JS JSForm
	// TS is the method's TypeScript signature(s) where the table cannot
	// say them (overloads), one a line; "" for the table's.
	TS string
	// Alone is the method's shorthand for its options, if any.
	Alone *Alone
	// OptionsFirst: in JavaScript the first parameter may also be an
	// object of every argument by name.
	OptionsFirst bool
	// Frees: the call forgets the game, holding no lock (a game forgotten
	// already answers true too).
	Frees bool
	// Run is the handler: it runs the call with its arguments, read as
	// Args says, on the API and, for a call on a game, the game, which
	// Call holds (its lock) until the answer is written; and returns the
	// answer, which may be in the game's buffers.
	Run func(a *API, g *game, in Args) (any, error)
}

// JSForm is how the JavaScript package offers a call.
type JSForm uint8

const (
	// JSMethod: a method of Spider (a call on no game) or Game (a call
	// on a game).
	JSMethod JSForm = iota
	// JSBase: a method of the package's generated base class, which a
	// method of the same name written by hand overrides and calls.
	JSBase
	// JSNone: no method; the package makes the call from its own code.
	JSNone
)

// Args are a call's arguments as Call read them from the request, for
// its handler, by name. Its methods take a pointer, so that a handler's
// calls copy nothing.
type Args struct {
	spec  *Spec
	ints  [4]int
	strs  [4]string
	given int // how many arguments the request held
}

// index is the argument's place in the row, panicking for a name the row
// does not have: a handler's bug, which Call answers as internal.
func (in *Args) index(name string) int {
	for i := range in.spec.Args {
		if in.spec.Args[i].Name == name {
			return i
		}
	}
	panic("calls: " + in.spec.Name + " has no argument " + name)
}

// Int is an Int or Flag argument (1 for true), or its Default when the
// request ended before it. The accessors are not inlined: a copy in each
// of the table's handlers made the WebAssembly module 28 KB larger
// (measured).
//
//go:noinline
func (in *Args) Int(name string) int {
	i := in.index(name)
	if i >= in.given {
		switch d := in.spec.Args[i].Default.(type) {
		case int:
			return d
		case bool:
			if d {
				return 1
			}
		}
		return 0
	}
	return in.ints[i]
}

// Bool is a Flag argument: true when it is not 0.
func (in *Args) Bool(name string) bool { return in.Int(name) != 0 }

// String is a Text, Object or Decimal argument, or its Default when the
// request ended before it.
//
//go:noinline
func (in *Args) String(name string) string {
	i := in.index(name)
	if i >= in.given {
		if d, ok := in.spec.Args[i].Default.(string); ok {
			return d
		}
		return ""
	}
	return in.strs[i]
}

// Has reports whether the request held the argument.
//
//go:noinline
func (in *Args) Has(name string) bool { return in.index(name) < in.given }

// Handle is a call on a game's first argument, the game's handle.
func (in *Args) Handle() int { return in.ints[0] }

// read reads s's arguments from r: the required ones, then the optional
// ones while the request has more.
func (s *Spec) read(r *Request) Args {
	in := Args{spec: s}
	for i, a := range s.Args {
		if a.Optional && !r.More() {
			break
		}
		switch a.Kind {
		case Int, Flag:
			in.ints[i] = r.Int()
		default:
			in.strs[i] = r.String()
		}
		in.given = i + 1
	}
	return in
}

// typeOf is T's reflect.Type, for a row's Answer.
func typeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }

// Calls returns the table of the calls, in the order of their Ops: the
// one list of them, from which go generate writes spider.h's enum, the
// JavaScript package's methods and declarations, and the docs' tables.
func Calls() []Spec {
	out := slices.Clone(table)
	for i := range out {
		out[i].Args = slices.Clone(out[i].Args)
	}
	return out
}

// OpOf returns the number of the call named name, 0 for none.
func OpOf(name string) Op {
	return Op(slices.IndexFunc(table, func(s Spec) bool { return s.Name == name }) + 1)
}

// spec is op's row of the table.
func (op Op) spec() (*Spec, bool) {
	if op < 1 || int(op) > len(table) {
		return nil, false
	}
	return &table[op-1], true
}

// String returns the call's name ("newGame"), or "op(N)" for a number of
// no call.
func (op Op) String() string {
	if s, ok := op.spec(); ok {
		return s.Name
	}
	return "op(" + strconv.Itoa(int(op)) + ")"
}

// CName is the call's name in C: SPIDER_OP_NEW_GAME for newGame.
func CName(name string) string {
	var b strings.Builder
	b.WriteString("SPIDER_OP_")
	for i, r := range name {
		if r >= 'A' && r <= 'Z' && i > 0 {
			b.WriteByte('_')
		}
		b.WriteString(strings.ToUpper(string(r)))
	}
	return b.String()
}
