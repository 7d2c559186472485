package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/spiderkit/spider/internal/calls"
)

// The JavaScript package's generated region: the calls' numbers, the
// enums' words, the compact State's decoder, and the methods: each checks
// its arguments as its row says, writes the request and reads the answer.
// index.js around it holds the call path (Calls), the checks (text,
// whole, flag, object, checkOptions) and the methods written by hand.

// js is index.js's region.
func (m *model) js() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// BEGIN calls: written by go generate ./internal/calls from the table of the calls; do not edit.\n\n")
	b.WriteString("/** The calls by name, numbered as the table numbers them. */\nconst ops = Object.freeze({\n")
	for _, s := range m.specs {
		fmt.Fprintf(&b, "  %s: %d,\n", s.Name, s.Op)
	}
	b.WriteString("});\n")
	for _, e := range m.enums {
		fmt.Fprintf(&b, "\n%sconst %s = Object.freeze([%s]);\n", jsDoc(e.Doc, ""), jsWordsName(e.Name), quoted(e.Words, ", "))
	}
	dec, err := m.jsDecoder()
	if err != nil {
		return nil, err
	}
	b.WriteString("\n" + dec)
	for _, onGame := range []bool{false, true} {
		name, doc, fieldsInit, params := "SpiderCalls", "The calls on no game, Spider's methods.", "this.api = api;", "api"
		if onGame {
			name, doc, fieldsInit, params = "GameCalls", "The calls on a game, Game's methods.", "this.api = api;\n    this.handle = handle;", "api, handle"
		}
		fmt.Fprintf(&b, "\n/** %s */\nclass %s {\n  constructor(%s) {\n    %s\n  }\n", doc, name, params, fieldsInit)
		for _, s := range m.specs {
			if s.OnGame != onGame || s.JS == calls.JSNone {
				continue
			}
			method, err := m.jsMethod(s)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
			b.WriteString(jsDoc(s.Doc, "  "))
			b.WriteString(method)
		}
		b.WriteString("}\n")
	}
	b.WriteString("// END calls\n")
	return b.Bytes(), nil
}

// jsWordsName is the name of an enum's list: outcomeWords for Outcome.
func jsWordsName(name string) string { return strings.ToLower(name[:1]) + name[1:] + "Words" }

// jsLiteral is a Go default as a JavaScript literal.
func jsLiteral(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the table's defaults are ints, strings, bools and {}
	}
	return string(b)
}

// jsCheck is the expression that checks argument a's value (the variable
// of its name) and gives what the request carries.
func jsCheck(method string, a calls.Arg) string {
	code := a.Code
	if code == "" {
		code = "bad-request"
	}
	m, says := strconv.Quote(method), jsString(a.Says)
	switch a.Kind {
	case calls.Text:
		if code == "bad-request" {
			return fmt.Sprintf("text(%s, %s, %s)", m, says, a.Name)
		}
		return fmt.Sprintf("text(%s, %s, %s, %q)", m, says, a.Name, code)
	case calls.Flag:
		return fmt.Sprintf("flag(%s, %q, %s)", m, a.Name, a.Name)
	case calls.Object:
		return fmt.Sprintf("object(%s, %s, %s, %q, %v)", m, says, a.Name, code, a.Default == nil)
	case calls.Decimal:
		return fmt.Sprintf("String(%s)", wholeCheck(m, says, a))
	}
	return wholeCheck(m, says, a)
}

func wholeCheck(m, says string, a calls.Arg) string {
	if a.Min == 0 && a.Max == 0 {
		return fmt.Sprintf("whole(%s, %s, %s)", m, says, a.Name)
	}
	max := strconv.FormatInt(a.Max, 10)
	switch a.Max {
	case 1<<31 - 1:
		max = "0x7fffffff"
	case 1<<32 - 1:
		max = "0xffffffff"
	case 1<<53 - 1:
		max = "Number.MAX_SAFE_INTEGER"
	}
	return fmt.Sprintf("whole(%s, %s, %s, %d, %s)", m, says, a.Name, a.Min, max)
}

// jsString is s as a JavaScript string literal, in double quotes unless
// it holds one.
func jsString(s string) string {
	if strings.Contains(s, `"`) && !strings.Contains(s, "'") {
		return "'" + strings.ReplaceAll(s, `\`, `\\`) + "'"
	}
	return strconv.Quote(s)
}

// jsMethod is a call's method: its parameters, the checks of its
// options, and the call.
func (m *model) jsMethod(s calls.Spec) (string, error) {
	args := jsArgs(s)
	params, body, err := jsParams(s)
	if err != nil {
		return "", err
	}
	call := "call"
	if s.Answer == reflect.TypeFor[*calls.State]() {
		call = "callState"
	}
	request := []string{strconv.Quote(s.Name)}
	if s.OnGame {
		request = append(request, "this.handle")
	}
	answer := func(req []string) string {
		c := fmt.Sprintf("this.api.%s(%s)", call, strings.Join(req, ", "))
		switch {
		case s.Opens:
			return "return new Game(this.api, " + c + ");"
		case s.AnswerTS == "void":
			return c + ";"
		}
		return "return " + c + ";"
	}
	// An argument optional without a default, the last, is left off when
	// the page leaves it out.
	cut := len(args)
	for i, a := range args {
		if a.Optional && a.Default == nil {
			cut = i
			break
		}
	}
	switch {
	case cut == len(args):
		for _, a := range args {
			request = append(request, jsCheck(s.Name, a))
		}
		body = append(body, answer(request))
	case cut != len(args)-1:
		return "", fmt.Errorf("an optional argument without a default is the last")
	default:
		for i, a := range args[:cut] {
			v := "a" + strconv.Itoa(i)
			body = append(body, fmt.Sprintf("const %s = %s;", v, jsCheck(s.Name, a)))
			request = append(request, v)
		}
		last := args[cut]
		body = append(body, fmt.Sprintf("if (%s === undefined) %s", last.Name, answer(request)),
			answer(append(request, jsCheck(s.Name, last))))
	}
	return fmt.Sprintf("  %s(%s) {\n    %s\n  }\n", s.Name, strings.Join(params, ", "), strings.Join(body, "\n    ")), nil
}

// jsParams are a method's parameters, with their defaults, and the
// statements that read its options object (or its Alone shorthand, or its
// options given first) into variables of the arguments' names.
func jsParams(s calls.Spec) (params, body []string, err error) {
	args := jsArgs(s)
	var options, optionDefaults, all []string
	for _, a := range args {
		if a.Says == "" && a.Kind != calls.Flag {
			return nil, nil, fmt.Errorf("argument %s: no Says for the JavaScript refusal", a.Name)
		}
		def := ""
		if a.Default != nil {
			def = " = " + jsLiteral(a.Default)
		}
		all = append(all, a.Name+def)
		if a.Option {
			options = append(options, a.Name)
			optionDefaults = append(optionDefaults, a.Name+def)
			continue
		}
		params = append(params, a.Name+def)
	}
	switch {
	case s.OptionsFirst:
		first := args[0].Name
		if len(optionDefaults) > 0 {
			body = append(body, "let "+strings.Join(optionDefaults, ", ")+";")
		}
		body = append(body, fmt.Sprintf("if (%s !== null && typeof %s === \"object\" && !Array.isArray(%s)) {", first, first, first),
			fmt.Sprintf("  checkOptions(%q, %s, [%s]);", s.Name, first, quoted(names(args), ", ")),
			fmt.Sprintf("  ({ %s } = %s);", strings.Join(all, ", "), first),
			"}")
	case len(options) > 0:
		params = append(params, "options = {}")
		if s.Alone != nil {
			body = append(body, fmt.Sprintf("if (typeof options === %q) options = { %s: options };", s.Alone.Type, s.Alone.Key))
		}
		body = append(body, fmt.Sprintf("checkOptions(%q, options, [%s]);", s.Name, quoted(options, ", ")),
			fmt.Sprintf("const { %s } = options;", strings.Join(optionDefaults, ", ")))
	case s.Alone != nil:
		p := args[0].Name
		body = append(body, fmt.Sprintf("if (typeof %s === %q) %s = { %s: %s };", p, s.Alone.Type, p, s.Alone.Key, p))
	}
	return params, body, nil
}

func names(args []calls.Arg) []string {
	var out []string
	for _, a := range args {
		out = append(out, a.Name)
	}
	return out
}

// jsDecoder is decodeState, the compact State's reader, written from the
// State's type as its Go encoder is.
func (m *model) jsDecoder() (string, error) {
	d := &jsDec{m: m}
	d.line("/** Reads a compact State at bytes[i:] (its tag there): the same object as the JSON State. */")
	d.line("function decodeState(bytes, view, i) {")
	d.line("  i++;")
	v, err := d.value(stateType, "", "  ")
	if err != nil {
		return "", err
	}
	d.line("  return " + v + ";")
	d.line("}")
	return d.b.String(), nil
}

type jsDec struct {
	m *model
	b strings.Builder
	n int // the variables named so far
}

func (d *jsDec) line(s string) { d.b.WriteString(s + "\n") }

func (d *jsDec) name(p string) string {
	d.n++
	return p + strconv.Itoa(d.n)
}

// value writes the statements that read a value of type t (a field with
// compact tag) and returns the expression of it.
func (d *jsDec) value(t reflect.Type, tag, in string) (string, error) {
	switch {
	case t == cardType:
		return "cardNames[bytes[i++]]", nil
	case t == knownType:
		return "(cardNames[bytes[i++]] ?? null)", nil
	case t == actionType:
		v := d.name("a")
		d.line(in + "const " + v + " = actionName(bytes, i);")
		d.line(in + "i += actionSize(bytes, i);")
		return v, nil
	}
	if e, ok := d.m.enumOf(t); ok {
		if e.First != 0 {
			return fmt.Sprintf("%s[bytes[i++] - %d]", jsWordsName(e.Name), e.First), nil
		}
		return fmt.Sprintf("%s[bytes[i++]]", jsWordsName(e.Name)), nil
	}
	switch t.Kind() {
	case reflect.String:
		v := d.name("s")
		d.line(in + "const " + v + " = short(bytes, i);")
		d.line(in + "i += 1 + bytes[i];")
		return v, nil
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint8, reflect.Uint16, reflect.Uint32:
		v := d.name("n")
		switch tag {
		case "u8":
			return "bytes[i++]", nil
		case "u16":
			d.line(in + "const " + v + " = view.getUint16(i, true);")
			d.line(in + "i += 2;")
		default:
			d.line(in + "const " + v + " = view.getInt32(i, true);")
			d.line(in + "i += 4;")
		}
		return v, nil
	case reflect.Struct:
		return d.object(t, in)
	case reflect.Slice, reflect.Array:
		var n string
		if t.Kind() == reflect.Slice {
			n = d.name("n")
			if tag == "u16" {
				d.line(in + "const " + n + " = view.getUint16(i, true);")
				d.line(in + "i += 2;")
			} else {
				d.line(in + "const " + n + " = bytes[i++];")
			}
		} else {
			n = strconv.Itoa(t.Len())
		}
		v, k := d.name("l"), d.name("k")
		d.line(fmt.Sprintf("%sconst %s = new Array(%s);", in, v, n))
		d.line(fmt.Sprintf("%sfor (let %s = 0; %s < %s; %s++) {", in, k, k, n, k))
		e, err := d.value(t.Elem(), "", in+"  ")
		if err != nil {
			return "", err
		}
		d.line(fmt.Sprintf("%s  %s[%s] = %s;", in, v, k, e))
		d.line(in + "}")
		return v, nil
	}
	return "", fmt.Errorf("no compact decoding for %v", t)
}

// object writes the statements that read a struct, each field into a
// variable in order, and returns the object: a literal, or for a struct
// with an omitempty field one built key by key in order, the field left
// out where empty.
func (d *jsDec) object(t reflect.Type, in string) (string, error) {
	fs := fields(t)
	vals := make([]string, len(fs))
	for i := 0; i < len(fs); i++ {
		f := fs[i]
		if f.Type.Kind() == reflect.Bool {
			flags := d.name("f")
			d.line(in + "const " + flags + " = bytes[i++];")
			for bit := 0; i < len(fs) && fs[i].Type.Kind() == reflect.Bool && bit < 8; i, bit = i+1, bit+1 {
				vals[i] = fmt.Sprintf("(%s & %d) !== 0", flags, 1<<bit)
			}
			i--
			continue
		}
		v, err := d.value(f.Type, f.compact, in)
		if err != nil {
			return "", fmt.Errorf("%v.%s: %w", t, f.Name, err)
		}
		if strings.Contains(v, "[") || strings.Contains(v, "(") {
			// An expression that reads: into a variable now, in order.
			x := d.name("v")
			d.line(in + "const " + x + " = " + v + ";")
			v = x
		}
		vals[i] = v
	}
	omit := false
	for _, f := range fs {
		omit = omit || f.omitEmpty
	}
	if !omit {
		var kv []string
		for i, f := range fs {
			kv = append(kv, f.name+": "+vals[i])
		}
		return "{ " + strings.Join(kv, ", ") + " }", nil
	}
	o := d.name("o")
	d.line(in + "const " + o + " = {};")
	for i, f := range fs {
		if f.omitEmpty {
			d.line(fmt.Sprintf("%sif (%s !== \"\") %s.%s = %s;", in, vals[i], o, f.name, vals[i]))
		} else {
			d.line(fmt.Sprintf("%s%s.%s = %s;", in, o, f.name, vals[i]))
		}
	}
	return o, nil
}
