// Package spider is the rules of Spider Solitaire in every variant people
// play: cards, rule settings with named presets, reproducible deals and game
// codes, an immutable position and game, every legal action, undo and scoring.
package spider
