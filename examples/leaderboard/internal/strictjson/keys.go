package strictjson

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
)

// Known is the set of keys a schema spells, at any depth.
type Known map[string]bool

// Keys returns the keys of the JSON schemas of vs (structs, or pointers,
// slices, arrays or maps of them), from their fields' json tags or names,
// at every depth; a type that decodes itself (json.Unmarshaler,
// encoding.TextUnmarshaler, json.RawMessage) adds none, so a RawMessage's
// schema is passed as one of vs.
func Keys(vs ...any) Known {
	k := Known{}
	seen := map[reflect.Type]bool{}
	for _, v := range vs {
		k.add(reflect.TypeOf(v), seen)
	}
	return k
}

var (
	unmarshaler     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// add adds the keys of t's schema.
func (k Known) add(t reflect.Type, seen map[reflect.Type]bool) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	if reflect.PointerTo(t).Implements(unmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		k.add(t.Elem(), seen)
	case reflect.Map:
		k.add(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			k.field(t.Field(i), seen)
		}
	}
}

// field adds the key of one struct field and the keys of its type.
func (k Known) field(f reflect.StructField, seen map[reflect.Type]bool) {
	tag := f.Tag.Get("json")
	name, _, _ := strings.Cut(tag, ",")
	switch {
	case name == "-" && tag == "-":
		return
	case f.Anonymous && name == "":
		k.add(f.Type, seen) // embedded: its fields are the parent's
		return
	case !f.IsExported():
		return
	case name == "":
		name = f.Name
	}
	k[name] = true
	k.add(f.Type, seen)
}
