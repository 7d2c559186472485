//go:build js && wasm

// Command spider-wasm is the SDK compiled to WebAssembly: it puts one
// object, globalThis.spiderkit, whose functions take strings and numbers
// and return JSON ({"ok": value} or {"error": {"code", "message", ...}}),
// then waits for calls. The JavaScript package in js/ loads it and wraps
// it; build both with go run ./cmd/wasmbuild.
package main

import (
	"encoding/json"
	"strconv"
	"syscall/js"

	"github.com/spiderkit/spider/wasm"
)

func main() {
	var api wasm.API
	fns := map[string]func(args []js.Value) (any, error){
		"newGame": func(args []js.Value) (any, error) {
			var o wasm.NewGameOptions
			if err := json.Unmarshal([]byte(args[0].String()), &o); err != nil {
				return nil, &wasm.Error{Code: "bad-options", Message: err.Error()}
			}
			return api.NewGame(o)
		},
		"free":  func(args []js.Value) (any, error) { api.Free(args[0].Int()); return true, nil },
		"state": func(args []js.Value) (any, error) { return raw(api.StateJSON(args[0].Int())) },
		"legal": func(args []js.Value) (any, error) { return raw(api.LegalJSON(args[0].Int())) },
		"apply": func(args []js.Value) (any, error) {
			return raw(api.ApplyJSON(args[0].Int(), args[1].String(), uint32(args[2].Int())))
		},
		"tap": func(args []js.Value) (any, error) {
			return api.Tap(args[0].Int(), args[1].Int(), args[2].Int(), args[3].String())
		},
		"segments":   func(args []js.Value) (any, error) { return api.Segments(args[0].Int(), args[1].Int()) },
		"suggest":    func(args []js.Value) (any, error) { return api.Suggest(args[0].Int(), args[1].String()) },
		"solverHint": func(args []js.Value) (any, error) { return api.SolverHint(args[0].Int(), args[1].Int()) },
		"record":     func(args []js.Value) (any, error) { return api.Record(args[0].Int(), args[1].String()) },
		"verify":     func(args []js.Value) (any, error) { return api.Verify(args[0].String(), args[1].String()) },
		"presets":    func(args []js.Value) (any, error) { return api.Presets(), nil },
		"dailyCode": func(args []js.Value) (any, error) {
			return api.DailyCode(args[0].String(), args[1].Int(), args[2].String())
		},
	}
	obj := js.Global().Get("Object").New()
	for name, fn := range fns {
		obj.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			return reply(fn(args))
		}))
	}
	js.Global().Set("spiderkit", obj)
	select {} // serve calls until the page goes
}

// raw marks JSON already written, which reply copies as it is.
func raw(b []byte, err error) (any, error) { return json.RawMessage(b), err }

// reply writes a call's answer as JSON.
func reply(v any, err error) any {
	if err == nil { // the common answers, without reflection
		switch x := v.(type) {
		case json.RawMessage:
			return `{"ok":` + string(x) + `}`
		case bool:
			return `{"ok":` + strconv.FormatBool(x) + `}`
		case int:
			return `{"ok":` + strconv.Itoa(x) + `}`
		}
	}
	var out any = map[string]any{"ok": v}
	if err != nil {
		out = map[string]any{"error": err}
	}
	b, jerr := json.Marshal(out)
	if jerr != nil {
		b, _ = json.Marshal(map[string]any{"error": wasm.Error{Code: "internal", Message: jerr.Error()}})
	}
	return string(b)
}
