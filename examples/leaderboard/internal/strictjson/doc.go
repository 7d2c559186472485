// Package strictjson checks the keys of a JSON text before
// encoding/json decodes it, refusing what encoding/json lets through: a
// key given twice in one object (encoding/json keeps the last), and a key
// spelled in another case than the schema's ("DEAL" for "deal", which
// encoding/json matches case-insensitively). It checks every depth, and
// reports the key's byte offset, line and column.
//
// Use it as
//
//	var known = strictjson.Keys(recordJSON{}) // once
//	if err := strictjson.Check(data, known, ErrFormat); err != nil { ... }
//	dec := json.NewDecoder(bytes.NewReader(data))
//	dec.DisallowUnknownFields() // keys no schema has
//
// Check leaves malformed JSON to the decoder, which says what is wrong
// with it: it returns nil for input encoding/json would not accept. It
// scans the bytes once, with a map of folded keys per open object, so it
// takes time in proportion to the input (it costs the codec's JSON
// decoder some 10 to 20 percent); FuzzCheck holds it to a plain scan of
// encoding/json's tokens.
package strictjson
