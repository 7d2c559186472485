// Package play is the game of spider play in the terminal: full screen when
// standard input and output are a terminal (on Linux), line by line
// otherwise (from a pipe, or with Options.Lines). Either way the game's
// record is written when the game ends, on quit, at the end of the input
// and on Ctrl-C.
//
// The full-screen game says when the terminal is too narrow for the ten
// columns, shows an end panel with the ways out (undo, the same cards, a
// new deal) once nothing can move, and, once every card is known, checks
// on a hint whether the deal can still be finished (solve.Finishable, in
// a goroutine) while the player plays on.
//
// Watch replays a record full screen with the same table (spider replay
// --watch): play, pause, steps and speed.
package play

import (
	"io"
	"os"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
)

// ErrInterrupted is what Run returns when Ctrl-C stopped the line-by-line
// game, after the record was written.
var ErrInterrupted = spider.NewError("interrupted", "play: interrupted")

// Options is the game to play and where its record goes.
type Options struct {
	// Code is the deal; its group rule wins over the variant's.
	Code spider.Code
	// Daily says that Code is today's deal (spider.DailyCode), and the
	// game says so.
	Daily bool
	// Variant is the rules and scoring.
	Variant spider.Variant
	// Out is where the record goes: a path, or "-" for standard output
	// (then the game is played line by line, and says what it has to say
	// on the error writer).
	Out string
	// Tags are the record's tags (Player, Date).
	Tags []codec.Tag
	// Tap is where a column's letter sends its group.
	Tap spider.TapOrder
	// ASCII writes cards as Ks, Th instead of K♠, 10♥.
	ASCII bool
	// Lines plays line by line even on a terminal.
	Lines bool
	// Opponent, when not nil, is the level of a duel's bot: it plays the
	// same deal under the same variant, one action for each of the
	// player's, and the end says who won on the duel's scoring.
	Opponent *advisor.Level
	// Resume, when not nil, is a game to play on from its end, as
	// replay.Resume gives a record's (its score, its undo history, its
	// actions' times): Code and Variant must be the record's, and Tags
	// its tags (with the new player's). The record written at the end
	// holds the earlier actions and the new ones.
	Resume *spider.Board
	// ResumeName is what the game says it plays on from (a file's name).
	ResumeName string
}

// Run plays the game of opt until the player quits or, line by line, the
// input ends: full screen when in and out are a terminal, line by line
// otherwise. The record goes to opt.Out (out for "-"); errOut is for the
// messages when out holds the record.
func Run(opt Options, in io.Reader, out, errOut io.Writer) error {
	m := &match{daily: opt.Daily, variant: opt.Variant, out: opt.Out, tags: opt.Tags, tap: opt.Tap, ascii: opt.ASCII, bot: opt.Opponent}
	if err := m.newGame(opt.Code); err != nil {
		return err
	}
	if opt.Resume != nil {
		m.resume(opt.Resume, opt.ResumeName)
	}
	return m.play(opt.Lines, in, out, errOut)
}

// play plays the match: full screen when in and out are a terminal and
// not lines, line by line otherwise.
func (m *match) play(lines bool, in io.Reader, out, errOut io.Writer) error {
	inFile, inOK := in.(*os.File)
	outFile, outOK := out.(*os.File)
	if inOK && outOK && !lines && m.out != "-" && isTerminal(inFile) && isTerminal(outFile) {
		return m.fullScreen(inFile, outFile, errOut)
	}
	return m.lines(in, out, errOut)
}
