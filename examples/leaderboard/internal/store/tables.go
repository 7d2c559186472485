package store

import (
	"context"
	"errors"
)

// Table is a duel table as the store keeps it: the rules of its board
// (the policy as it was when it opened), the deal, its seats and, once
// judged, the duel's result.
type Table struct {
	ID      int64
	Board   string
	Variant string
	// LimitMs is the variant's time limit.
	LimitMs int64
	Suits   int
	// Deal is the game code dealt.
	Deal string
	// Policy is the board's policy as JSON (replay.ParsePolicy's form).
	Policy string
	// Opener is the skeleton of the player who opened it.
	Opener    string
	CreatedMs int64
	// DeadlineMs is when a table still open closes without a second
	// player.
	DeadlineMs int64
	// Status is TableOpen, TableFull or TableEnded.
	Status  string
	EndedMs int64
	// Winner is the seat that won the duel, -1 for none (a tie, no fair
	// duel, or no duel).
	Winner int
	// Result is the verdict as JSON, "" until the table has ended.
	Result string
	// Seats are the taken seats, by number.
	Seats []Seat
}

// The statuses of a table.
const (
	// TableOpen: a seat is free.
	TableOpen = "open"
	// TableFull: both seats are taken.
	TableFull = "full"
	// TableEnded: judged, or closed without a second player.
	TableEnded = "ended"
)

// Seat is one seat of a table: its player and how their game stands.
type Seat struct {
	Seat int
	// Player is the player's skeleton, Name their name as registered.
	Player, Name string
	JoinedMs     int64
	// Ticket is the ticket of the game, issued when it started.
	Ticket string
	// StartedMs is when the game's clock started (0: not yet).
	StartedMs int64
	// Actions is how many actions are stored, ClaimedMs the sum of their
	// times, Score and Outcome the game's after the last.
	Actions   int
	ClaimedMs int64
	Score     int
	Runs      int
	Outcome   string
	// DeadlineMs is when the sweeper ends the game if it has not ended.
	DeadlineMs int64
	// EndedMs is when the game ended (0: it goes on); Left, whether its
	// player left the table.
	EndedMs int64
	Left    bool
}

// Played is one acknowledged action of a seat: the action as the SDK
// writes it, its time as kept, the score after it.
type Played struct {
	Action string
	Ms     uint32
	Score  int
}

// Play is what a seat's acknowledged batch changes: the actions added
// after the From stored ones, and the game after them; End ends it, with
// its whole record.
type Play struct {
	Table int64
	Seat  int
	// From is how many actions the store must hold before the batch.
	From      int
	Actions   []Played
	ClaimedMs int64
	Score     int
	Runs      int
	Outcome   string
	// End ends the game at EndedMs, with Record (binary) and Left.
	End     bool
	Left    bool
	EndedMs int64
	Record  []byte
	// Variant and Suits are the table's, for the player's best score.
	Variant string
	Suits   int
	// TokenHash, when not "", must still be the seat's player's token
	// hash (ErrStale otherwise): a token replaced stops working at once.
	TokenHash string
}

// Due are what the sweeper must end: seats past their deadline, open
// tables past theirs, and tables whose both games have ended but are not
// judged.
type Due struct {
	Seats    []SeatRef
	Open     []int64
	Unjudged []int64
}

// SeatRef names one seat of a table.
type SeatRef struct {
	Table int64
	Seat  int
}

// Invitation is an invitation to a table.
type Invitation struct {
	ID      int64
	Table   int64
	Inviter string // skeleton
	// InviterName is the inviter's name as registered (filled when read).
	InviterName string
	Invitee     string // skeleton
	CreatedMs   int64
	// Hidden: the invitee ignores the inviter; it is never shown.
	Hidden bool
	// Answer is "" (waiting), "accepted", "declined" or "expired" (its
	// table no longer waits for a player).
	Answer string
}

// Contact lists.
const (
	Friends = "friends"
	Ignored = "ignored"
)

// DuelStats are a player's games at tables and duels.
type DuelStats struct {
	Games int64 `json:"games"`
	Won   int64 `json:"won"`
	Lost  int64 `json:"lost"`
	Drawn int64 `json:"drawn"`
	// Best are the best scores, one for each variant and suit count.
	Best []Best `json:"best"`
}

// Best is a player's best score for a variant and suit count, and the
// table of that game.
type Best struct {
	Variant string `json:"variant"`
	Suits   int    `json:"suits"`
	Score   int    `json:"score"`
	Table   int64  `json:"table"`
}

// Errors of the tables' calls.
var (
	// ErrNoTable: no such table (or seat, or invitation).
	ErrNoTable = errors.New("store: no such table")
	// ErrSeats: the player sits at as many tables not ended as allowed.
	ErrSeats = errors.New("store: the player sits at too many tables")
	// ErrTablesFull: the service holds as many tables not ended as allowed.
	ErrTablesFull = errors.New("store: too many tables are open")
	// ErrSeatTaken: the table's seats are both taken.
	ErrSeatTaken = errors.New("store: the seat is taken")
	// ErrSeated: the player sits at this table already.
	ErrSeated = errors.New("store: the player sits at this table already")
	// ErrTableEnded: the table has ended.
	ErrTableEnded = errors.New("store: the table has ended")
	// ErrStale: the seat's stored game is not the one the call expected
	// (another batch came first, or it ended): read it again.
	ErrStale = errors.New("store: the seat changed")
	// ErrInviteRate: the inviter sent as many invitations this minute as
	// allowed.
	ErrInviteRate = errors.New("store: too many invitations this minute")
	// ErrInvitesFull: as many invitations wait for the invitee as allowed.
	ErrInvitesFull = errors.New("store: too many invitations wait for this player")
	// ErrContactsFull: the list holds as many names as allowed.
	ErrContactsFull = errors.New("store: the list is full")
)

// Tables keeps the duel tables. SQLStore implements it; every call takes
// a context first and, where time matters, the service's clock (nowMs),
// so that every instance on one database decides alike.
type Tables interface {
	// OpenTable stores a new table with its first seat, unless the player
	// sits at seats tables not closed (ErrSeats) or the service holds open
	// tables not ended (ErrTablesFull); it returns the table's id.
	OpenTable(ctx context.Context, t Table, first Seat, seats, open int) (int64, error)
	// JoinTable seats a player at a table's free seat; invitation, when
	// not 0, is the invitation accepted. ErrNoTable, ErrTableEnded,
	// ErrSeatTaken, ErrSeated, ErrSeats.
	JoinTable(ctx context.Context, id int64, s Seat, seats int, invitation int64) (Table, error)
	// Table returns a table with its seats, or ErrNoTable.
	Table(ctx context.Context, id int64) (Table, error)
	// Lobby returns up to limit tables not ended, newest first, with ids
	// below before (0: from the newest); player, when not "", keeps the
	// tables where that player (a skeleton) sits.
	Lobby(ctx context.Context, player string, before int64, limit int) ([]Table, error)
	// StartSeat starts a seat's game once: its ticket, when its clock
	// started and its new deadline. A seat started already is returned as
	// it is; ErrNoTable, ErrTableEnded for a seat that has ended.
	StartSeat(ctx context.Context, id int64, seat int, ticket string, startedMs, deadlineMs int64) (Seat, error)
	// Actions returns a seat's stored actions from index from on.
	Actions(ctx context.Context, id int64, seat, from int) ([]Played, error)
	// SeatRecord returns the whole record (binary) of a seat whose game
	// has ended, nil before.
	SeatRecord(ctx context.Context, id int64, seat int) ([]byte, error)
	// Play stores a batch of a seat in one transaction, durable when it
	// returns nil; ErrStale when the seat does not hold p.From actions, has
	// not started or has ended.
	Play(ctx context.Context, p Play) error
	// EndTable ends a table not ended yet, with its winner and result;
	// duel counts the result in its players' duels (false: closed without
	// a second player). A table ended already is left as it is (false).
	EndTable(ctx context.Context, id int64, winner int, result string, duel bool, nowMs int64) (bool, error)
	// DueAt returns what the sweeper must end at nowMs, up to limit of each.
	DueAt(ctx context.Context, nowMs int64, limit int) (Due, error)
	// Invite stores an invitation, hidden when the invitee ignores the
	// inviter; ErrInviteRate past perMinute sent in the last minute,
	// ErrInvitesFull when waiting shown ones reach waiting. The same
	// invitation again returns the first.
	Invite(ctx context.Context, inv Invitation, perMinute, waiting int) (Invitation, error)
	// Invitations returns up to limit invitations waiting for a player,
	// never a hidden one, newest first.
	Invitations(ctx context.Context, invitee string, limit int) ([]Invitation, error)
	// Invitation returns one invitation, or ErrNoTable.
	Invitation(ctx context.Context, id int64) (Invitation, error)
	// Decline declines an invitation still waiting; ErrNoTable otherwise.
	Decline(ctx context.Context, id int64) error
	// Contacts returns a player's friends and ignored players: their
	// names as registered, in the order added.
	Contacts(ctx context.Context, player string) (friends, ignored []string, err error)
	// SetContact adds other to a player's list (Friends or Ignored; the
	// other list loses it), or removes it (on false); ErrContactsFull
	// when the list holds max names. Ignoring hides the invitations from
	// other that wait.
	SetContact(ctx context.Context, player, list, other string, on bool, max int, nowMs int64) error
	// Stats returns a player's games and duels.
	Stats(ctx context.Context, player string) (DuelStats, error)
	// CountTables counts the tables not ended.
	CountTables(ctx context.Context) (int64, error)
	// Listen calls changed with each table another store handle changed
	// (PostgreSQL's LISTEN/NOTIFY), and lost each time it starts
	// listening (notices before were missed), until ctx ends. On SQLite,
	// which one process serves, it returns ErrNoListen at once.
	Listen(ctx context.Context, changed func(table int64), lost func()) error
}

// ErrNoListen: the database has no notices (SQLite): one instance serves
// it.
var ErrNoListen = errors.New("store: this database has no notices")
