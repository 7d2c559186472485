package codec

import (
	"fmt"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
)

// Limits bound what a decoder accepts, so that hostile input cannot make it
// allocate without end. The defaults fit any real game many times over.
// A seed program's seed has its own bound, the program's MaxSeed (see
// WithPrograms).
type Limits struct {
	// MaxBytes is the most bytes a record may take, as text, as JSON, or as
	// the decompressed binary payload.
	MaxBytes int
	// MaxActions is the most actions a record may hold.
	MaxActions int
	// MaxTags is the most free tags a record may hold.
	MaxTags int
	// MaxTagSize is the longest a tag's value (or a settings text, a
	// variant's name, another program's game number) may be, in bytes.
	MaxTagSize int
	// MaxArchiveRecords is the most records an archive may hold; 0 means
	// the default.
	MaxArchiveRecords int
	// MaxInflate is the most bytes the zstd frame of a binary record
	// (.spdz) may inflate to, whatever the frame claims; 0 means MaxBytes.
	// A service that takes bodies of at most 1 MiB sets it to 1 MiB, so
	// that a small frame cannot make it inflate 8 MiB before failing.
	MaxInflate int
	// MaxArchiveWork is the work budget of reading an archive, counted in
	// actions replayed: each record costs RecordWork (reading it and
	// dealing it) plus its actions, an explicit record's charged when its
	// header is read (a verifier replays every action), an index-coded
	// one's as they are decoded, each costing one and RankWork for each
	// legal action its decoder ranks (decoding index-coded actions
	// replays the game). When the budget is spent the archive stops with
	// a *FormatError matching ErrOverBudget. 0 means the default.
	MaxArchiveWork int64
	// ArchiveWorkPerByte keeps the work in proportion to what the archive
	// holds: reading may cost at most ArchiveWorkBase actions, plus this
	// many for each byte of records read so far (decompressed: a record's
	// length and payload, as the writer wrote them), and never more than
	// MaxArchiveWork. The bytes of index-coded actions count as their
	// decoder reads them, each IndexByteWeight times (zeros no action
	// reads count nothing). Explicit actions take at most 2 a byte (a
	// deal, the shortest code, is 4 bits); index-coded records of real
	// games under 2,000 a byte of their actions (the bot's 1-suit games,
	// 1.6 bits an action, ranking up to 435 legal actions a byte); a
	// record of zero bytes undoing and redoing one action 100,000 times
	// takes 16,400. 0 means the default.
	ArchiveWorkPerByte int64
	// MaxArchiveTime is the wall time reading an archive may take, from
	// NewArchiveReader; past it the archive stops with a *FormatError
	// matching ErrOverBudget. 0 means no bound on time.
	MaxArchiveTime time.Duration
}

// withDefaults fills the fields whose zero value means a default.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxArchiveRecords == 0 {
		l.MaxArchiveRecords = d.MaxArchiveRecords
	}
	if l.MaxArchiveWork == 0 {
		l.MaxArchiveWork = d.MaxArchiveWork
	}
	if l.ArchiveWorkPerByte == 0 {
		l.ArchiveWorkPerByte = d.ArchiveWorkPerByte
	}
	return l
}

// inflateLimit is the most bytes a binary record's frame inflates to.
func (l Limits) inflateLimit() int {
	if l.MaxInflate > 0 {
		return l.MaxInflate
	}
	return l.MaxBytes
}

// DefaultLimits are the limits a Codec uses unless told otherwise.
func DefaultLimits() Limits {
	return Limits{MaxBytes: 8 << 20, MaxActions: 100_000, MaxTags: 64, MaxTagSize: 1024,
		MaxArchiveRecords: 10_000_000, MaxArchiveWork: DefaultArchiveWork, ArchiveWorkPerByte: 16}
}

// DefaultArchiveWork is the default MaxArchiveWork: 100 million actions,
// the replay of some 200,000 long games.
const DefaultArchiveWork = 100_000_000

// ArchiveWorkBase is the work any archive may cost, in actions, before
// ArchiveWorkPerByte adds to it: one record of the longest game (100,000
// actions, the default MaxActions) coded explicitly, and its RecordWork.
// An index-coded record reads when its work is within ArchiveWorkPerByte a
// byte, its actions' bytes counting IndexByteWeight times (a real game's
// does), or within what the records before it left.
const ArchiveWorkBase = 100_000 + RecordWork

// RecordWork is what a record of an archive costs its budget before its
// actions, in actions: reading its header, dealing its game and reporting
// on it cost about as much as replaying 64 actions.
const RecordWork = 64

// RankWork is what ranking one legal action costs an archive's budget, in
// actions: decoding an index-coded action ranks every legal action of its
// position (a step of the rules engine and a look-up among the positions
// seen), some 160 ns each where a verifier replays an action in 40.
const RankWork = 4

// IndexByteWeight is how many bytes of records each byte of index-coded
// actions counts for in an archive's budget once its decoder has read it:
// such a byte holds 3 to 5 actions of a real game, each ranking some 50
// legal actions, and so costs some 250 times what a byte of explicit
// actions does.
const IndexByteWeight = 256

// Option configures a Codec. Options are checked when the Codec is built,
// and cannot change afterwards.
type Option func(*options) error

// options are a Codec's settings, and what every check of a record
// consults: the limits and the programs whose deals records may name.
type options struct {
	limits   Limits
	level    int
	programs deals.Programs
	// forms are the forms WithForms added, asked first.
	forms []Form
	// maxGame is the longest game string any form reads: the longest seed
	// of the programs, or MaxTagSize (set by New).
	maxGame int
}

// newOptions are the options of a Codec built with none: the default
// limits and the standard programs. The functions that need no Codec
// (AppendText, AppendJSON, DealKey, ...) work with these.
func newOptions() options {
	o := options{limits: DefaultLimits(), level: 3, programs: deals.Standard()}
	o.maxGame = o.longestGame()
	return o
}

// longestGame is the longest game string a record may hold under o.
func (o *options) longestGame() int {
	n := o.limits.MaxTagSize
	for _, p := range o.programs {
		if p.Seed {
			n = max(n, p.MaxSeed)
		}
	}
	return n
}

// WithLimits sets the decoding limits; no field may be negative, and
// MaxBytes, MaxActions and MaxTagSize must be positive.
func WithLimits(l Limits) Option {
	return func(o *options) error {
		if l.MaxBytes <= 0 || l.MaxActions <= 0 || l.MaxTags < 0 || l.MaxTagSize <= 0 || l.MaxArchiveRecords < 0 ||
			l.MaxInflate < 0 || l.MaxArchiveWork < 0 || l.ArchiveWorkPerByte < 0 || l.MaxArchiveTime < 0 {
			return fmt.Errorf("codec: limits must be positive: %+v", l)
		}
		o.limits = l.withDefaults()
		return nil
	}
}

// WithLevel sets the zstd compression level, from 1 (fastest) to 4 (best).
func WithLevel(level int) Option {
	return func(o *options) error {
		if level < 1 || level > 4 {
			return fmt.Errorf("codec: compression level %d is not 1 to 4", level)
		}
		o.level = level
		return nil
	}
}

// WithPrograms adds programs to the ones whose deals the Codec knows,
// which are always the standard ones (deals.Standard) first. A program
// named as one already known replaces it. The Codec consults its programs
// wherever a record names another program's game: the text form's Deal
// tag and validation (a seed program's game is its seed, verbatim, of at
// most its MaxSeed bytes; any other program's game is words), DealKey and
// RankingKey (a long or odd seed is named by its hash), and dealing (Deal,
// index-coded archives, the verifier). A record naming a program the Codec
// does not know still decodes, its game words, and fails to deal.
//
// Each program needs a name (a lower-case word of at most 32 letters,
// digits and '_') and a Deal function; a seed program, a positive
// MaxSeed.
func WithPrograms(ps ...deals.Program) Option {
	return func(o *options) error {
		for _, p := range ps {
			if err := checkProgram(p); err != nil {
				return err
			}
			o.programs = withProgram(o.programs, p)
		}
		return nil
	}
}

// checkProgram refuses a program no record could name or deal.
func checkProgram(p deals.Program) error {
	switch {
	case !validWord(p.Name) || strings.ToLower(p.Name) != p.Name || len(p.Name) > maxProgram:
		return fmt.Errorf("codec: program %s: a name is a lower-case word of at most %d letters, digits and '_'", spider.Quote(p.Name), maxProgram)
	case p.Deal == nil:
		return fmt.Errorf("codec: program %s has no Deal function", spider.Quote(p.Name))
	case p.Seed && p.MaxSeed <= 0:
		return fmt.Errorf("codec: program %s takes seeds of at most %d bytes: want a positive MaxSeed", spider.Quote(p.Name), p.MaxSeed)
	}
	return nil
}

// withProgram returns ps with p added, or in the place of the program of
// its name; ps itself is never changed.
func withProgram(ps deals.Programs, p deals.Program) deals.Programs {
	out := make(deals.Programs, 0, len(ps)+1)
	replaced := false
	for _, q := range ps {
		if q.Name == p.Name {
			q, replaced = p, true
		}
		out = append(out, q)
	}
	if !replaced {
		out = append(out, p)
	}
	return out
}

// Join returns opts as one option, applied in order: a package that plugs
// several things into a Codec gives one option.
func Join(opts ...Option) Option {
	return func(o *options) error {
		for _, opt := range opts {
			if err := opt(o); err != nil {
				return err
			}
		}
		return nil
	}
}
