package spider

import (
	"bytes"
	"encoding/json"
)

// suggestionJSON is a Suggestion as JSON has it (MarshalJSON).
type suggestionJSON struct {
	Action string `json:"action,omitempty"`
	Kind   string `json:"kind"`
	Next   string `json:"next"`
	Fill   string `json:"fill,omitempty"`
	Card   string `json:"card,omitempty"`
	Text   string `json:"text"`
}

// MarshalJSON writes the suggestion as every JSON form of the SDK has it
// (the JavaScript and C calls, spider hint --json):
//
//	{"action": "d>f", "kind": "reveal", "next": "none", "card": "Jd", "text": "d>f turns a card over"}
//
// action and fill are in the record notation, absent when NoAction; kind
// and next are the words of SuggestionKind.String and NextStep.String; card is
// Card.ASCII's, absent when NoCard; text is String's sentence.
func (s Suggestion) MarshalJSON() ([]byte, error) {
	out := suggestionJSON{Kind: s.Kind.String(), Next: s.Next.String(), Text: s.String()}
	if s.Action != NoAction {
		out.Action = s.Action.String()
	}
	if s.Fill != NoAction {
		out.Fill = s.Fill.String()
	}
	if s.Card != NoCard {
		out.Card = s.Card.ASCII()
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "d>f", as the notation writes it; an encoder that escapes HTML still does
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
