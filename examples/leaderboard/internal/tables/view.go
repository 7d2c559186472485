package tables

// TableView is a table as the lobby, its players and its watchers see it:
// its rules, its seats' progress (never their actions) and its result.
type TableView struct {
	ID      int64  `json:"id"`
	Board   string `json:"board"`
	Variant string `json:"variant"`
	Suits   int    `json:"suits"`
	// Deal is the game code, shown once both seats are taken (before, a
	// player could study it before sitting down) or the table has ended.
	Deal string `json:"deal,omitempty"`
	// Status is open (a seat is free), full or ended.
	Status    string `json:"status"`
	CreatedMs int64  `json:"createdMs"`
	// DeadlineMs is, while the table is open, when it closes without a
	// second player.
	DeadlineMs int64      `json:"deadlineMs"`
	Seats      []SeatView `json:"seats"`
	// Result is the table's end, null until then.
	Result *Result `json:"result"`
	// AtMs is the service's clock when the view was made, from which a
	// client counts the seats' time down.
	AtMs int64 `json:"atMs"`
}

// SeatView is one seat's progress.
type SeatView struct {
	Seat   int    `json:"seat"`
	Player string `json:"player"`
	// Status is seated (the game has not started), playing or ended.
	Status  string `json:"status"`
	Actions int    `json:"actions"`
	Score   int    `json:"score"`
	Runs    int    `json:"runs"`
	Outcome string `json:"outcome"`
	// TimeLeft is the milliseconds left on the game's clock at AtMs by
	// the service's clock (once ended: what its actions left).
	TimeLeft  int64 `json:"timeLeft"`
	StartedMs int64 `json:"startedMs"`
	EndedMs   int64 `json:"endedMs"`
	// DeadlineMs is when the service ends the game if it has not ended:
	// not started, the table's wait; started, its clock's limit and Lag.
	DeadlineMs int64 `json:"deadlineMs"`
	// Left: the player left the table (a resignation).
	Left bool `json:"left"`
}

// Seat statuses.
const (
	SeatSeated  = "seated"
	SeatPlaying = "playing"
	SeatEnded   = "ended"
)
