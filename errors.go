package spider

import "errors"

// Reasons an action is refused. Each message is a short sentence a player
// understands; test for them with errors.Is. Checking or applying an illegal
// action never changes anything.
var (
	ErrNoColumn     = errors.New("no such column")
	ErrSameColumn   = errors.New("a group cannot move onto its own column")
	ErrBadCount     = errors.New("a move takes at least one card")
	ErrEmptyColumn  = errors.New("column is empty")
	ErrTooFew       = errors.New("column has not that many cards")
	ErrFaceDown     = errors.New("card is face down")
	ErrMixedSuits   = errors.New("group mixes suits")
	ErrGap          = errors.New("gap in the group")
	ErrOnAce        = errors.New("nothing goes on an ace")
	ErrRank         = errors.New("rank does not fit")
	ErrDealEmpty    = errors.New("no deal while a column is empty")
	ErrStockEmpty   = errors.New("stock is empty")
	ErrAutoFlip     = errors.New("cards turn over by themselves in these rules")
	ErrNotFaceDown  = errors.New("top card is already face up")
	ErrNothingUndo  = errors.New("nothing to undo")
	ErrUndoOff      = errors.New("these rules have no undo")
	ErrUndoLimit    = errors.New("undo limit reached")
	ErrUndoDeal     = errors.New("a deal cannot be undone")
	ErrUndoFlip     = errors.New("turning a card over cannot be undone")
	ErrHintOff      = errors.New("these rules have no hints")
	ErrGameOver     = errors.New("the game is over")
	ErrUnknownKind  = errors.New("unknown action")
	ErrWrongLayer   = errors.New("undo, hint and resign belong to a game, not a position")
	ErrBadCard      = errors.New("not a card")
	ErrBadDeal      = errors.New("deal cannot be played")
	ErrBadCode      = errors.New("bad game code")
	ErrUnknownRules = errors.New("unknown preset")
)
