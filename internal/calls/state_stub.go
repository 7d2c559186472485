//go:build callsgen

package calls

// Under the tag callsgen, which go generate builds its generator with,
// the package compiles without the State's encoders (state_gen.go), which
// the generator writes from the State's type: a State of a new shape
// never stops the generator that writes its encoders.

func appendStateJSON([]byte, *State) []byte {
	panic("calls: built without the State's encoders (callsgen)")
}
func appendStateCompact([]byte, *State) []byte {
	panic("calls: built without the State's encoders (callsgen)")
}
