package spider

import "strings"

// The words of the settings a caller names (the command line's flags, the
// JSON of the call interface, records): each type's String gives its
// word, and its Parse function reads it back, so that every form spells a
// setting one way.

// ParseGroupRule reads a group rule's word, "classic" or "relaxed"
// (case-insensitive; "c" and "r", a game code's letters, too).
func ParseGroupRule(s string) (GroupRule, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "classic", "c":
		return GroupClassic, nil
	case "relaxed", "r":
		return GroupRelaxed, nil
	}
	return 0, ErrBadSetting.Detailf("group %s: use classic or relaxed", Quote(s))
}

// String returns "reveal" or "complete".
func (s SuggestOrder) String() string {
	if s == CompleteFirst {
		return "complete"
	}
	return "reveal"
}

// ParseSuggestOrder reads a suggestion order's word, "reveal" or
// "complete" (case-insensitive).
func ParseSuggestOrder(s string) (SuggestOrder, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "reveal":
		return RevealFirst, nil
	case "complete":
		return CompleteFirst, nil
	}
	return 0, ErrBadSetting.Detailf("order %s: use reveal or complete", Quote(s))
}

// String returns "complete" or "suit".
func (t TapOrder) String() string {
	if t == TapSuitFirst {
		return "suit"
	}
	return "complete"
}

// ParseTapOrder reads a tap order's word, "complete" or "suit"
// (case-insensitive).
func ParseTapOrder(s string) (TapOrder, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "complete":
		return TapRunFirst, nil
	case "suit":
		return TapSuitFirst, nil
	}
	return 0, ErrBadSetting.Detailf("tap order %s: use complete or suit", Quote(s))
}
