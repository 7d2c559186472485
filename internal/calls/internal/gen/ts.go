package main

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"github.com/spiderkit/spider/internal/calls"
)

// The TypeScript declarations: the unions of the enums' words and of the
// error codes, the interfaces of the answers' Go types, and the methods'
// signatures.

// jsOnlyCodes are the codes a SpiderError carries besides the SDK's: an
// error without a code, and the package's own (the module stopped
// answering).
var jsOnlyCodes = []string{"error", "module-failed"}

// ts is index.d.ts's region.
func (m *model) ts() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// BEGIN calls: written by go generate ./internal/calls from the table of the calls; do not edit.\n")
	for _, e := range m.enums {
		fmt.Fprintf(&b, "\n%sexport type %s = %s;\n", jsDoc(e.Doc, ""), e.Name, quoted(e.Words, " | "))
	}
	codes := append(append([]string(nil), m.codes...), jsOnlyCodes...)
	fmt.Fprintf(&b, "\n%sexport type ErrorCode =\n%s;\n",
		jsDoc("Every code a SpiderError carries: the SDK's (spider.NewError in the Go sources), \"error\" for an error without one, and the package's own \"module-failed\" (the module stopped answering).", ""),
		wrapUnion(codes))
	for _, t := range m.structs {
		if err := m.tsInterface(&b, t); err != nil {
			return nil, err
		}
	}
	for _, onGame := range []bool{false, true} {
		name, doc := "Spider", "The calls on no game: the SDK once loaded."
		if onGame {
			name, doc = "Game", "The calls on one game: every method is one call into the SDK."
		}
		fmt.Fprintf(&b, "\n%sexport interface %s {\n", jsDoc(doc, ""), name)
		for _, s := range m.specs {
			if s.OnGame != onGame || s.JS == calls.JSNone {
				continue
			}
			sig, err := m.tsSignature(s)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
			b.WriteString(jsDoc(s.Doc, "  "))
			for _, line := range strings.Split(sig, "\n") {
				b.WriteString("  " + line + "\n")
			}
		}
		b.WriteString("}\n")
	}
	b.WriteString("// END calls\n")
	return b.Bytes(), nil
}

// tsInterface writes the interface of struct t.
func (m *model) tsInterface(b *bytes.Buffer, t reflect.Type) error {
	fmt.Fprintf(b, "\n%sexport interface %s {\n", jsDoc(goDocToTS(m.doc(t, ""), t.Name()), ""), t.Name())
	for _, f := range fields(t) {
		typ := f.Tag.Get("ts")
		if typ == "" {
			var err error
			if typ, err = m.tsType(f.Type); err != nil {
				return fmt.Errorf("%v.%s: %w", t, f.Name, err)
			}
		}
		opt := ""
		if f.omitEmpty {
			opt = "?"
		}
		b.WriteString(jsDoc(goDocToTS(m.doc(t, f.Name), f.Name), "  "))
		fmt.Fprintf(b, "  %s%s: %s;\n", f.name, opt, typ)
	}
	b.WriteString("}\n")
	return nil
}

// tsType is the TypeScript type of a Go value's JSON.
func (m *model) tsType(t reflect.Type) (string, error) {
	if name, ok := declared[t]; ok {
		return name, nil
	}
	if e, ok := m.enumOf(t); ok {
		return e.Name, nil
	}
	switch t {
	case cardType:
		return "Card", nil
	case knownType:
		return "Card | null", nil
	case actionType:
		return "Action", nil
	}
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "number", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Pointer:
		return m.tsType(t.Elem())
	case reflect.Slice, reflect.Array:
		e, err := m.tsType(t.Elem())
		if err != nil {
			return "", err
		}
		if strings.Contains(e, " ") && !strings.HasSuffix(e, "]") {
			e = "(" + e + ")"
		}
		return e + "[]", nil
	case reflect.Struct:
		if t.Name() != "" {
			return t.Name(), nil
		}
	}
	return "", fmt.Errorf("no TypeScript type for %v (a row's AnswerTS, or a field's ts tag, says it)", t)
}

// answerTS is the TypeScript type of a call's answer in JavaScript.
func (m *model) answerTS(s calls.Spec) (string, error) {
	switch {
	case s.Opens:
		return "Game", nil
	case s.AnswerTS != "":
		return s.AnswerTS, nil
	}
	return m.tsType(s.Answer)
}

// argTS is an argument's TypeScript type.
func argTS(a calls.Arg) string {
	if a.TS != "" {
		return a.TS
	}
	switch a.Kind {
	case calls.Text:
		return "string"
	case calls.Flag:
		return "boolean"
	}
	return "number"
}

// tsSignature is a method's signature, or the row's own.
func (m *model) tsSignature(s calls.Spec) (string, error) {
	if s.TS != "" {
		return s.TS, nil
	}
	ret, err := m.answerTS(s)
	if err != nil {
		return "", err
	}
	var params, options []string
	for _, a := range jsArgs(s) {
		opt := ""
		if a.Default != nil || a.Optional || a.Kind == calls.Object {
			opt = "?"
		}
		if a.Option {
			options = append(options, a.Name+opt+": "+argTS(a))
			continue
		}
		typ := argTS(a)
		if s.Alone != nil && a.Kind == calls.Object {
			typ += " | " + s.Alone.Type
		}
		params = append(params, a.Name+opt+": "+typ)
	}
	if len(options) > 0 {
		typ := "{ " + strings.Join(options, "; ") + " }"
		if s.Alone != nil {
			typ = s.Alone.Type + " | " + typ
		}
		params = append(params, "options?: "+typ)
	}
	return fmt.Sprintf("%s(%s): %s;", s.Name, strings.Join(params, ", "), ret), nil
}

// jsArgs are a call's arguments that a JavaScript method takes: all but
// the handle of a game's call.
func jsArgs(s calls.Spec) []calls.Arg {
	if s.OnGame {
		return s.Args[1:]
	}
	return s.Args
}

// goDocToTS is the Go doc comment of name as a declaration's doc: one
// paragraph a line, and without Go's "Name is" or "Name are" at its
// start ("State is a game as ..." becomes "A game as ...").
func goDocToTS(doc, name string) string {
	paras := strings.Split(strings.TrimSpace(doc), "\n\n")
	for i, p := range paras {
		paras[i] = strings.Join(strings.Fields(p), " ")
	}
	out := strings.Join(paras, "\n\n")
	for _, verb := range []string{" is ", " are "} {
		if rest, ok := strings.CutPrefix(out, name+verb); ok && rest != "" {
			return strings.ToUpper(rest[:1]) + rest[1:]
		}
	}
	return out
}

// jsDoc is a /** */ comment of text, wrapped, each line indented; "" for
// no text.
func jsDoc(text, indent string) string {
	if text == "" {
		return ""
	}
	lines := wrap(text, 110-len(indent)-3)
	if len(lines) == 1 && len(lines[0]) < 110-len(indent)-7 {
		return indent + "/** " + lines[0] + " */\n"
	}
	var b strings.Builder
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		if l == "" {
			b.WriteString(indent + " *\n")
			continue
		}
		b.WriteString(indent + " * " + l + "\n")
	}
	b.WriteString(indent + " */\n")
	return b.String()
}

// wrap breaks text into lines of at most width characters, at spaces,
// keeping its paragraphs (blank lines) apart.
func wrap(text string, width int) []string {
	var out []string
	for i, p := range strings.Split(text, "\n\n") {
		if i > 0 {
			out = append(out, "")
		}
		line := ""
		for _, w := range strings.Fields(p) {
			switch {
			case line == "":
				line = w
			case len(line)+1+len(w) > width:
				out = append(out, line)
				line = w
			default:
				line += " " + w
			}
		}
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

// wrapUnion writes a union of words a few to a line, each line
// indented and starting with "| ".
func wrapUnion(words []string) string {
	var lines []string
	line := ""
	for _, w := range words {
		q := fmt.Sprintf("%q", w)
		if line != "" && len(line)+3+len(q) > 100 {
			lines = append(lines, line)
			line = ""
		}
		if line == "" {
			line = "  | " + q
		} else {
			line += " | " + q
		}
	}
	return strings.Join(append(lines, line), "\n")
}
