package codec

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
)

// TestWithPrograms: a codec knows the standard programs and the ones it is
// given, refuses a program no record could name or deal, and lets a
// program replace the one of its name.
func TestWithPrograms(t *testing.T) {
	dealer := func(string, int) (spider.Deal, error) { return spider.NumberDeal(1, 1) }
	for _, p := range []deals.Program{
		{Name: "", Deal: dealer}, {Name: "Caps", Deal: dealer}, {Name: "a b", Deal: dealer},
		{Name: strings.Repeat("x", maxProgram+1), Deal: dealer},
		{Name: "nodeal"}, {Name: "seedless", Seed: true, Deal: dealer},
	} {
		if _, err := New(WithPrograms(p)); err == nil {
			t.Errorf("WithPrograms(%+v) accepted", p)
		}
	}
	c := newCodec(t)
	for _, name := range []string{deals.PySolFC, deals.KPat, "seeds"} {
		if _, ok := c.Program(name); !ok {
			t.Errorf("the codec does not know %s", name)
		}
	}
	// A program of a known name replaces it.
	own := newCodec(t, WithPrograms(deals.Program{Name: deals.KPat, Deal: dealer}))
	d := DealSource{Kind: DealProgram, Program: deals.KPat, Game: "123", Suits: 4}
	got, err := own.Deal(d)
	want, _ := spider.NumberDeal(1, 1)
	if err != nil || !cmp.Equal(got, want) {
		t.Errorf("a replaced KPat: %v", err)
	}
	if std, _ := c.Deal(d); cmp.Equal(std, want) {
		t.Error("replacing KPat in one codec changed another")
	}
}

// TestSeedPrograms: a seed program's game is its seed, verbatim, in the
// Deal tag and in every form, up to its MaxSeed; a codec that does not
// know the program reads the game as words, and fails to deal it.
func TestSeedPrograms(t *testing.T) {
	c := newCodec(t)
	r := &Record{Deal: DealSource{Kind: DealProgram, Program: "seeds", Game: "  two  spaces suits=2 "},
		Variant: spider.VariantMicrosoft, Rules: spider.Rules{}, Scoring: spider.ScoringMicrosoft()}
	text, err := c.AppendText(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), `[Deal "seeds   two  spaces suits=2 "]`) {
		t.Errorf("the seed is not kept verbatim:\n%s", text)
	}
	for form, back := range everyForm(t, c, r) {
		if !cmp.Equal(back.Deal, r.Deal) {
			t.Errorf("%s: %+v", form, back.Deal)
		}
	}
	if _, err := AppendText(nil, r); !errors.Is(err, ErrInvalid) {
		t.Errorf("the package's AppendText, which knows no seeds program: %v, want ErrInvalid", err)
	}
	plain, _ := New()
	defer plain.Close()
	words, err := plain.DecodeText(text)
	if err != nil || words.Deal.Game != "two spaces" || words.Deal.Suits != 2 {
		t.Fatalf("a codec without the program: %+v, %v", words, err)
	}
	if _, err := plain.Deal(words.Deal); !errors.Is(err, deals.ErrBadGame) || !strings.Contains(err.Error(), `unknown program "seeds" (pysolfc or kpat)`) {
		t.Errorf("dealing an unknown program's game: %v", err)
	}
	if _, err := c.Deal(r.Deal); err != nil {
		t.Errorf("dealing a known one: %v", err)
	}
	// The seed's bound is the program's.
	small := seeds()
	small.MaxSeed = 4
	sc := newCodec(t, WithPrograms(small))
	for n, wantErr := range map[int]bool{4: false, 5: true} {
		r := &Record{Deal: DealSource{Kind: DealProgram, Program: "seeds", Game: strings.Repeat(" ", n)}}
		if err := sc.Validate(r); errors.Is(err, ErrTooLarge) != wantErr {
			t.Errorf("a seed of %d bytes, MaxSeed 4: %v", n, err)
		}
	}
	if _, err := sc.DecodeText([]byte("[Deal \"seeds 12345\"]\n")); !errors.Is(err, ErrTooLarge) {
		t.Errorf("text with a seed over MaxSeed: %v", err)
	}
}
