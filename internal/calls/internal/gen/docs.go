package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spiderkit/spider/internal/calls"
)

// The C header's op enum and the docs' tables of the calls.

// header is spider.h's region: the op enum, each call with its arguments,
// answer and doc.
func (m *model) header() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("/* BEGIN calls: written by go generate ./internal/calls from the table of the calls; do not edit. */\n")
	b.WriteString(`/*
 * The calls. Each one's arguments go in its request (REQUEST above), in
 * order: "int" an int32, "string" a string; those in brackets may be left
 * off, the last first. Each answers JSON (ANSWER above): its value is of
 * the type named after "->", which js/index.d.ts declares (TypeScript,
 * written from the same table): a State, a Report, ...
 */
enum spider_op {
`)
	for i, s := range m.specs {
		ans, err := m.cAnswer(s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		if i > 0 {
			b.WriteString("\n")
		}
		sig := s.Name + ": " + signature(s.Args, true) + "-> " + ans
		lines := wrap(sig, 68)
		lines = append(lines, wrap(s.Doc, 68)...)
		b.WriteString("\t/* " + lines[0] + "\n")
		for _, l := range lines[1:] {
			b.WriteString("\t * " + l + "\n")
		}
		b.WriteString("\t */\n")
		fmt.Fprintf(&b, "\t%s = %d,\n", calls.CName(s.Name), s.Op)
	}
	// No comma after the last enumerator, for C89 compilers.
	out := bytes.TrimSuffix(b.Bytes(), []byte(",\n"))
	b2 := bytes.NewBuffer(append([]byte(nil), out...))
	b2.WriteString("\n};\n/* END calls */\n")
	return b2.Bytes(), nil
}

// signature is a call's arguments in words: "int handle, string action[,
// int ms] " (with types, for C), or "handle, action[, ms] "; "" for none.
func signature(args []calls.Arg, types bool) string {
	var b strings.Builder
	optional := false
	for i, a := range args {
		if a.Optional && !optional {
			b.WriteString("[")
			optional = true
		}
		if i > 0 {
			b.WriteString(", ")
		}
		if types {
			if a.Kind == calls.Int || a.Kind == calls.Flag {
				b.WriteString("int ")
			} else {
				b.WriteString("string ")
			}
		}
		b.WriteString(a.Name)
		if types && a.Doc != "" && a.Name != "handle" {
			b.WriteString(" (" + a.Doc + ")")
		}
	}
	if optional {
		b.WriteString("]")
	}
	if len(args) > 0 {
		b.WriteString(" ")
	}
	return b.String()
}

// cAnswer is what a call answers, in C's words.
func (m *model) cAnswer(s calls.Spec) (string, error) {
	switch {
	case s.Opens:
		return "int, the game's handle", nil
	case s.AnswerTS == "void":
		return "true", nil
	}
	return m.answerTS(s)
}

// jsTable is js/README.md's region: the table of the methods.
func (m *model) jsTable() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("<!-- BEGIN calls: written by go generate ./internal/calls from the table of the calls; do not edit. -->\n")
	b.WriteString("| Call | Answers | What it does |\n|---|---|---|\n")
	for _, s := range m.specs {
		if s.JS == calls.JSNone {
			continue
		}
		ans, err := m.answerTS(s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", jsUsage(s), strings.ReplaceAll(ans, "|", "\\|"), strings.ReplaceAll(s.Doc, "|", "\\|"))
	}
	b.WriteString("<!-- END calls -->\n")
	return b.Bytes(), nil
}

// jsUsage is a method as a page calls it: "game.tap(column, index,
// order?)", "game.finishable({positions}?)".
func jsUsage(s calls.Spec) string {
	var params, options []string
	for _, a := range jsArgs(s) {
		opt := ""
		if a.Default != nil || a.Optional || a.Kind == calls.Object {
			opt = "?"
		}
		if a.Option {
			options = append(options, a.Name)
			continue
		}
		params = append(params, a.Name+opt)
	}
	who := "spider"
	if s.OnGame {
		who = "game"
	}
	if s.OptionsFirst { // the parameters, or an object of every argument
		return fmt.Sprintf("%s.%s(%s)`, `%s.%s({%s})", who, s.Name, strings.Join(params, ", "), who, s.Name, strings.Join(names(jsArgs(s)), ", "))
	}
	if len(options) > 0 {
		params = append(params, "{"+strings.Join(options, ", ")+"}?")
	}
	return fmt.Sprintf("%s.%s(%s)", who, s.Name, strings.Join(params, ", "))
}

// cTable is docs/native.md's region: the table of the ops.
func (m *model) cTable() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("<!-- BEGIN calls: written by go generate ./internal/calls from the table of the calls; do not edit. -->\n")
	b.WriteString("| Op | Arguments | Answer | What it does |\n|---|---|---|---|\n")
	for _, s := range m.specs {
		ans, err := m.cAnswer(s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		args := strings.TrimSpace(signature(s.Args, false))
		if args != "" {
			args = "`" + args + "`"
		}
		fmt.Fprintf(&b, "| `%s` (%d) | %s | %s | %s |\n", calls.CName(s.Name), s.Op, args, strings.ReplaceAll(ans, "|", "\\|"), strings.ReplaceAll(firstSentence(s.Doc), "|", "\\|"))
	}
	b.WriteString("<!-- END calls -->\n")
	return b.Bytes(), nil
}

// firstSentence is text up to its first ". " or ": ", or all of it.
func firstSentence(text string) string {
	if i := strings.Index(text, ". "); i >= 0 {
		return text[:i+1]
	}
	return text
}
