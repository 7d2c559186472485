package spider

// The names of the variants' API before "variant" became the one word for
// a named set of rules and scoring. They stay for one release.
const (
	// Deprecated: use VariantApp.
	PresetApp = VariantApp
	// Deprecated: use VariantGratuit.
	PresetGratuit = VariantGratuit
	// Deprecated: use VariantWinnable.
	PresetWinnable = VariantWinnable
	// Deprecated: use VariantUnlimited.
	PresetUnlimited = VariantUnlimited
	// Deprecated: use VariantDuel.
	PresetDuel = VariantDuel
	// Deprecated: use VariantMicrosoft.
	PresetMicrosoft = VariantMicrosoft
	// Deprecated: use VariantLklynet.
	PresetLklynet = VariantLklynet
)

// ErrUnknownRules is ErrUnknownVariant.
//
// Deprecated: use ErrUnknownVariant.
var ErrUnknownRules = ErrUnknownVariant

// Presets returns Variants().
//
// Deprecated: use Variants.
func Presets() []Variant { return Variants() }

// Preset returns ParseVariant(name).
//
// Deprecated: use ParseVariant.
func Preset(name string) (Variant, error) { return ParseVariant(name) }

// MustPreset returns MustVariant(name).
//
// Deprecated: use MustVariant.
func MustPreset(name string) Variant { return MustVariant(name) }
