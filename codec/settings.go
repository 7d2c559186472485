package codec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
)

// A setting is one field of spider.Rules or spider.Scoring with its name in
// the settings text: "name" for a flag that is on, "name=value" otherwise.
// Only settings that differ from the zero value are written, in this order.
type setting[T any] struct {
	name string
	get  func(*T) int
	set  func(*T, int)
	flag bool           // written as a bare name when 1
	enum map[string]int // named values, when the field is an enum
}

func flagSetting[T any](name string, p func(*T) *bool) setting[T] {
	return setting[T]{name: name, flag: true,
		get: func(t *T) int {
			if *p(t) {
				return 1
			}
			return 0
		},
		set: func(t *T, v int) { *p(t) = v != 0 }}
}

func intSetting[T any](name string, p func(*T) *int) setting[T] {
	return setting[T]{name: name, get: func(t *T) int { return *p(t) }, set: func(t *T, v int) { *p(t) = v }}
}

var ruleSettings = []setting[spider.Rules]{
	{name: "group", enum: map[string]int{"classic": 0, "relaxed": 1},
		get: func(r *spider.Rules) int { return int(r.Group) }, set: func(r *spider.Rules, v int) { r.Group = spider.GroupRule(v) }},
	{name: "deal", enum: map[string]int{"strict": 0, "anytime": 1},
		get: func(r *spider.Rules) int { return int(r.Deal) }, set: func(r *spider.Rules, v int) { r.Deal = spider.DealRule(v) }},
	{name: "flip", enum: map[string]int{"auto": 0, "manual": 1},
		get: func(r *spider.Rules) int { return int(r.Flip) }, set: func(r *spider.Rules, v int) { r.Flip = spider.FlipRule(v) }},
	flagSetting("undo-off", func(r *spider.Rules) *bool { return &r.Undo.Off }),
	intSetting("undo-limit", func(r *spider.Rules) *int { return &r.Undo.Limit }),
	flagSetting("undo-no-deals", func(r *spider.Rules) *bool { return &r.Undo.NoDeals }),
	flagSetting("undo-no-flips", func(r *spider.Rules) *bool { return &r.Undo.NoFlips }),
	flagSetting("undo-keep-score", func(r *spider.Rules) *bool { return &r.Undo.KeepScore }),
	flagSetting("undo-keep-moves", func(r *spider.Rules) *bool { return &r.Undo.KeepMoves }),
	flagSetting("undo-counts-as-move", func(r *spider.Rules) *bool { return &r.Undo.CountsAsMove }),
	flagSetting("no-hints", func(r *spider.Rules) *bool { return &r.NoHints }),
	flagSetting("deal-not-move", func(r *spider.Rules) *bool { return &r.DealNotMove }),
	flagSetting("flip-is-move", func(r *spider.Rules) *bool { return &r.FlipIsMove }),
	flagSetting("hint-is-move", func(r *spider.Rules) *bool { return &r.HintIsMove }),
	flagSetting("play-after-win", func(r *spider.Rules) *bool { return &r.PlayAfterWin }),
	flagSetting("sweep-face-down", func(r *spider.Rules) *bool { return &r.SweepFaceDown }),
	flagSetting("lose-when-stuck", func(r *spider.Rules) *bool { return &r.LoseWhenStuck }),
	flagSetting("no-whole-column-to-empty", func(r *spider.Rules) *bool { return &r.NoWholeColumnToEmpty }),
	intSetting("time-limit", func(r *spider.Rules) *int { return &r.TimeLimitMs }),
	{name: "layout", enum: map[string]int{"standard": 0, "bicycle": 1},
		get: func(r *spider.Rules) int { return int(r.Layout) }, set: func(r *spider.Rules, v int) { r.Layout = spider.Layout(v) }},
}

var scoringSettings = []setting[spider.Scoring]{
	intSetting("start", func(s *spider.Scoring) *int { return &s.Start }),
	intSetting("move", func(s *spider.Scoring) *int { return &s.Move }),
	intSetting("deal", func(s *spider.Scoring) *int { return &s.Deal }),
	intSetting("flip", func(s *spider.Scoring) *int { return &s.Flip }),
	intSetting("undo", func(s *spider.Scoring) *int { return &s.Undo }),
	intSetting("hint", func(s *spider.Scoring) *int { return &s.Hint }),
	intSetting("reveal", func(s *spider.Scoring) *int { return &s.Reveal }),
	intSetting("same-suit", func(s *spider.Scoring) *int { return &s.SameSuit }),
	flagSetting("same-suit-once", func(s *spider.Scoring) *bool { return &s.SameSuitOnce }),
	intSetting("run", func(s *spider.Scoring) *int { return &s.Run }),
	intSetting("win", func(s *spider.Scoring) *int { return &s.Win }),
	intSetting("floor", func(s *spider.Scoring) *int { return &s.Floor }),
	{name: "floor-mode", enum: map[string]int{"none": 0, "each-step": 1, "total": 2, "each-event": 3},
		get: func(s *spider.Scoring) int { return int(s.FloorMode) }, set: func(s *spider.Scoring, v int) { s.FloorMode = spider.FloorMode(v) }},
}

// maxSetting bounds every number in a settings text, so that no record can
// smuggle in values that overflow a score.
const maxSetting = 1 << 24

// checkSettings reports the first setting of t that no settings text can
// hold: a number over maxSetting, an enum with no name. It does not
// allocate: every record read or written is checked.
func checkSettings[T any](t *T, list []setting[T]) error {
	for i := range list {
		s := &list[i]
		v := s.get(t)
		switch {
		case s.flag:
		case s.enum != nil:
			if v < 0 || v >= len(s.enum) { // enums are numbered from 0 (tested)
				return fmt.Errorf("%s %d has no name", s.name, v)
			}
		case v < -maxSetting || v > maxSetting:
			return fmt.Errorf("%s=%d is over %d", s.name, v, maxSetting)
		}
	}
	return nil
}

// settingsLen is the length of formatSettings(t, list), without writing it.
func settingsLen[T any](t *T, list []setting[T]) int {
	n := -1
	for i := range list {
		s := &list[i]
		v := s.get(t)
		switch {
		case v == 0:
			continue
		case s.flag:
			n += 1 + len(s.name)
		case s.enum != nil:
			n += 2 + len(s.name) + len(s.enumName(v))
		default:
			n += 2 + len(s.name) + digits(v)
		}
	}
	return max(n, 0)
}

// digits is the length of v in decimal, with its sign.
func digits(v int) int {
	n := 1
	if v < 0 {
		n++
		v = -v
	}
	for ; v >= 10; v /= 10 {
		n++
	}
	return n
}

// formatSettings writes every setting of t that is not zero.
func formatSettings[T any](t T, list []setting[T]) string {
	var parts []string
	for _, s := range list {
		v := s.get(&t)
		switch {
		case v == 0:
		case s.flag:
			parts = append(parts, s.name)
		case s.enum != nil:
			name := strconv.Itoa(v)
			for n, ev := range s.enum {
				if ev == v {
					name = n
				}
			}
			parts = append(parts, s.name+"="+name)
		default:
			parts = append(parts, s.name+"="+strconv.Itoa(v))
		}
	}
	return strings.Join(parts, " ")
}

// parseSettings reads a settings text: every setting not named is zero.
func parseSettings[T any](text string, list []setting[T]) (T, error) {
	var t T
	seen := map[string]bool{}
	for _, word := range strings.Fields(text) {
		name, val, hasVal := strings.Cut(word, "=")
		var s *setting[T]
		for i := range list {
			if list[i].name == name {
				s = &list[i]
			}
		}
		if s == nil {
			return t, fmt.Errorf("unknown setting %s", spider.Quote(name))
		}
		if seen[name] {
			return t, fmt.Errorf("setting %s given twice", spider.Quote(name))
		}
		seen[name] = true
		switch {
		case s.flag:
			if hasVal {
				return t, fmt.Errorf("setting %s takes no value", spider.Quote(name))
			}
			s.set(&t, 1)
		case s.enum != nil:
			v, ok := s.enum[val]
			if !ok {
				return t, fmt.Errorf("setting %s=%s: unknown value", name, spider.Quote(val))
			}
			s.set(&t, v)
		default:
			v, err := strconv.Atoi(val)
			if err != nil || v < -maxSetting || v > maxSetting {
				return t, fmt.Errorf("setting %s=%s: want a whole number of at most %d", name, spider.Quote(val), maxSetting)
			}
			s.set(&t, v)
		}
	}
	return t, nil
}

// FormatRules writes rules as a settings text, such as
// "deal=anytime flip=manual undo-limit=1"; the zero Rules is "".
func FormatRules(r spider.Rules) string { return formatSettings(r, ruleSettings) }

// ParseRules reads a settings text written by FormatRules.
func ParseRules(s string) (spider.Rules, error) { return parseSettings(s, ruleSettings) }

// FormatScoring writes a scoring scheme as a settings text, such as
// "start=500 move=-1 run=100".
func FormatScoring(s spider.Scoring) string { return formatSettings(s, scoringSettings) }

// ParseScoring reads a settings text written by FormatScoring.
func ParseScoring(s string) (spider.Scoring, error) { return parseSettings(s, scoringSettings) }

// word writes the setting's value in t as "name=value", a flag as
// "name=on" or "name=off", so that two values can be shown side by side.
func (s *setting[T]) word(t *T) string {
	v := s.get(t)
	switch {
	case s.flag && v == 0:
		return s.name + "=off"
	case s.flag:
		return s.name + "=on"
	case s.enum != nil && s.enumName(v) != "":
		return s.name + "=" + s.enumName(v)
	}
	return s.name + "=" + strconv.Itoa(v)
}

// enumName is the name of an enum setting's value v, or "".
func (s *setting[T]) enumName(v int) string {
	for n, ev := range s.enum {
		if ev == v {
			return n
		}
	}
	return ""
}

// SettingDiff is one setting in which two rule sets or scoring schemes
// differ, with each value written "name=value" ({"run", "run=1000",
// "run=100"}), a flag "name=on" or "name=off".
type SettingDiff struct {
	Name, Got, Want string
}

func diffSettings[T any](got, want T, list []setting[T]) []SettingDiff {
	var out []SettingDiff
	for i := range list {
		s := &list[i]
		if s.get(&got) != s.get(&want) {
			out = append(out, SettingDiff{Name: s.name, Got: s.word(&got), Want: s.word(&want)})
		}
	}
	return out
}

// DiffRules lists the rule settings in which got differs from want, in the
// settings text's order; none when they are equal.
func DiffRules(got, want spider.Rules) []SettingDiff { return diffSettings(got, want, ruleSettings) }

// DiffScoring lists the scoring settings in which got differs from want, in
// the settings text's order; none when they are equal.
func DiffScoring(got, want spider.Scoring) []SettingDiff {
	return diffSettings(got, want, scoringSettings)
}
