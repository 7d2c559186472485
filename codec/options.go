package codec

import "fmt"

// Limits bound what a decoder accepts, so that hostile input cannot make it
// allocate without end. The defaults fit any real game many times over.
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
	// MaxSeedSize is the longest an lklynet seed (a deal's game string,
	// kept verbatim) may be, in bytes, in a record or an lklynet log; 0
	// means MaxTagSize.
	MaxSeedSize int
	// MaxArchiveRecords is the most records an archive may hold; 0 means
	// the default.
	MaxArchiveRecords int
}

// withDefaults fills the fields whose zero value means a default.
func (l Limits) withDefaults() Limits {
	if l.MaxSeedSize == 0 {
		l.MaxSeedSize = l.MaxTagSize
	}
	if l.MaxArchiveRecords == 0 {
		l.MaxArchiveRecords = DefaultLimits().MaxArchiveRecords
	}
	return l
}

// DefaultLimits are the limits a Codec uses unless told otherwise.
func DefaultLimits() Limits {
	return Limits{MaxBytes: 8 << 20, MaxActions: 100_000, MaxTags: 64, MaxTagSize: 1024,
		MaxSeedSize: 256 << 10, MaxArchiveRecords: 10_000_000}
}

// Option configures a Codec. Options are checked when the Codec is built,
// and cannot change afterwards.
type Option func(*options) error

type options struct {
	limits Limits
	level  int
}

// WithLimits sets the decoding limits; every field must be positive.
func WithLimits(l Limits) Option {
	return func(o *options) error {
		if l.MaxBytes <= 0 || l.MaxActions <= 0 || l.MaxTags < 0 || l.MaxTagSize <= 0 || l.MaxSeedSize < 0 || l.MaxArchiveRecords < 0 {
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
