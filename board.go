package spider

import "iter"

// Board is a game that changes in place, for a game's user interface: Push
// plays an action (an undo, a hint or a resignation too) and keeps it in
// the log, Pop takes the last push back as if it had never been played.
// It follows exactly the rules of Game, which it is built on: Game returns
// the game as it stands, an immutable value to keep or share.
//
// Use a Game where positions are values to keep, compare or search (a
// solver, a verifier's checkpoints), a Board where one game goes on (a UI,
// python-chess's push and pop, chess.js's move and undo), and a Session to
// replay many actions fast. A Board is for one goroutine at a time; its
// zero value has no cards: build one with NewBoard.
type Board struct {
	games []Game // the start, then the game after each push
}

// NewBoard starts a board at game g (usually a new one: NewGame,
// Code.NewGame).
func NewBoard(g Game) *Board { return &Board{games: []Game{g}} }

// Game returns the game as it stands.
func (b *Board) Game() Game {
	if len(b.games) == 0 {
		return Game{}
	}
	return b.games[len(b.games)-1]
}

// Push plays action a, or leaves the board as it was and says why a is
// illegal (the errors of Game.Apply). Undo is an action like any other: it
// is kept in the log, and scored as the rules say.
func (b *Board) Push(a Action) error {
	g, err := b.Game().Apply(a)
	if err != nil {
		return err
	}
	b.games = append(b.games, g)
	return nil
}

// PushAt is Push for an action played ms milliseconds after the one
// before it (see Game.ApplyAt).
func (b *Board) PushAt(a Action, ms uint32) error {
	g, err := b.Game().ApplyAt(a, ms)
	if err != nil {
		return err
	}
	b.games = append(b.games, g)
	return nil
}

// Undo pushes an Undo: it takes back the last table action as the rules
// allow, and stays in the log (unlike Pop). In a timed game, use UndoAt.
func (b *Board) Undo() error { return b.Push(Undo) }

// UndoAt is Undo for an undo asked ms milliseconds after the action
// before it, in a timed game (see Game.ApplyAt).
func (b *Board) UndoAt(ms uint32) error { return b.PushAt(Undo, ms) }

// Pop takes back the last push as if it had never been played, even one
// the rules would not let Undo take back, and returns it; false when
// nothing was pushed. It is for exploring (a solver's line, a tutorial),
// not for players: a record has no trace of it.
func (b *Board) Pop() (Action, bool) {
	if len(b.games) < 2 {
		return NoAction, false
	}
	log := b.Game().log
	b.games = b.games[:len(b.games)-1]
	return log.a, true
}

// Position returns the table as it stands.
func (b *Board) Position() Position { return b.Game().Position() }

// Score returns the score as the player sees it.
func (b *Board) Score() int { return b.Game().Score() }

// Moves returns the move counter.
func (b *Board) Moves() int { return b.Game().Moves() }

// Outcome says whether the game goes on, is won or was resigned.
func (b *Board) Outcome() Outcome { return b.Game().Outcome() }

// Legal yields every legal action (see Game.Legal).
func (b *Board) Legal() iter.Seq[Action] { return b.Game().Legal() }

// Check reports whether action a is legal now, and if not, why.
func (b *Board) Check(a Action) error { return b.Game().Check(a) }

// Log returns every action pushed, oldest first (see Game.Log).
func (b *Board) Log() []Action { return b.Game().Log() }
