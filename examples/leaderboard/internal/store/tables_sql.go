package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// inTx runs f in a write transaction, committed when f returns nil (on
// SQLite one at a time, as Add's).
func (s *SQLStore) inTx(ctx context.Context, f func(tx *sql.Tx) error) (err error) {
	if s.writes != nil {
		s.writes.Lock()
		defer s.writes.Unlock()
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer rollback(tx, &err)
	if err := f(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// wrap marks err as the store's, but for the store's own errors.
func wrap(err error) error {
	for _, own := range []error{ErrNoTable, ErrSeats, ErrTablesFull, ErrSeatTaken, ErrSeated, ErrTableEnded, ErrStale,
		ErrInviteRate, ErrInvitesFull, ErrContactsFull, ErrNoPlayer} {
		if errors.Is(err, own) {
			return err
		}
	}
	if err == nil {
		return nil
	}
	return fmt.Errorf("store: %w", err)
}

// notifyTable tells the other store handles on the database that a table
// changed, when the transaction commits (PostgreSQL); nothing on SQLite.
func (s *SQLStore) notifyTable(ctx context.Context, tx *sql.Tx, id int64) error {
	if s.dialect.name != postgresDialect.name {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, s.channel, s.instance+":"+strconv.FormatInt(id, 10))
	return err
}

// lockPlayer takes the player's row until the transaction ends, so that
// two calls counting one player's tables or invitations at once (two
// instances) count one after the other; ErrNoPlayer when not registered.
func lockPlayer(ctx context.Context, tx *sql.Tx, skeleton string) error {
	res, err := tx.ExecContext(ctx, `UPDATE players SET rotated_ms = rotated_ms WHERE skeleton = $1`, skeleton)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(err, ErrNoPlayer)
	}
	return nil
}

// seatsTaken counts the tables not closed where a player sits.
func seatsTaken(ctx context.Context, tx *sql.Tx, skeleton string) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM duel_seats WHERE player = $1 AND closed = 0`, skeleton).Scan(&n)
	return n, err
}

// insertSeat stores a seat.
func insertSeat(ctx context.Context, tx *sql.Tx, id int64, st Seat) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO duel_seats (table_id, seat, player, name, joined_ms, deadline_ms) VALUES ($1, $2, $3, $4, $5, $6)`,
		id, st.Seat, st.Player, st.Name, st.JoinedMs, st.DeadlineMs)
	return err
}

// OpenTable stores a new table and its first seat.
func (s *SQLStore) OpenTable(ctx context.Context, t Table, first Seat, seats, open int) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := lockPlayer(ctx, tx, first.Player); err != nil {
			return err
		}
		n, err := seatsTaken(ctx, tx, first.Player)
		if err != nil {
			return err
		}
		if n >= seats {
			return ErrSeats
		}
		var all int
		if err := tx.QueryRowContext(ctx, countTables).Scan(&all); err != nil {
			return err
		}
		if all >= open {
			return ErrTablesFull
		}
		err = tx.QueryRowContext(ctx, `INSERT INTO duel_tables (board, variant, limit_ms, suits, deal, policy, opener, created_ms, deadline_ms, status)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open') RETURNING id`,
			t.Board, t.Variant, t.LimitMs, t.Suits, t.Deal, t.Policy, first.Player, t.CreatedMs, t.DeadlineMs).Scan(&id)
		if err != nil {
			return err
		}
		first.Seat = 0
		if err := insertSeat(ctx, tx, id, first); err != nil {
			return err
		}
		return s.notifyTable(ctx, tx, id)
	})
	return id, wrap(err)
}

// JoinTable seats a player at the table's free seat.
func (s *SQLStore) JoinTable(ctx context.Context, id int64, st Seat, seats int, invitation int64) (Table, error) {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := lockPlayer(ctx, tx, st.Player); err != nil {
			return err
		}
		var status, opener string
		err := tx.QueryRowContext(ctx, `SELECT status, opener FROM duel_tables WHERE id = $1`, id).Scan(&status, &opener)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNoTable
		case err != nil:
			return err
		case opener == st.Player:
			return ErrSeated
		case status == TableEnded:
			return ErrTableEnded
		}
		n, err := seatsTaken(ctx, tx, st.Player)
		if err != nil {
			return err
		}
		if n >= seats {
			return ErrSeats
		}
		// The row decides between two players joining at once, on one
		// instance or two: the first update takes it.
		res, err := tx.ExecContext(ctx, `UPDATE duel_tables SET status = 'full' WHERE id = $1 AND status = 'open'`, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, ErrSeatTaken)
		}
		st.Seat = 1
		if err := insertSeat(ctx, tx, id, st); err != nil {
			return err
		}
		if invitation != 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE duel_invitations SET answer = 'accepted' WHERE id = $1`, invitation); err != nil {
				return err
			}
		}
		// The table waits for no one now.
		if _, err := tx.ExecContext(ctx, `UPDATE duel_invitations SET answer = 'expired' WHERE table_id = $1 AND answer = ''`, id); err != nil {
			return err
		}
		return s.notifyTable(ctx, tx, id)
	})
	if err != nil {
		return Table{}, wrap(err)
	}
	return s.Table(ctx, id)
}

// tableColumns are the columns scanTable reads, in its order.
const tableColumns = `id, board, variant, limit_ms, suits, deal, policy, opener, created_ms, deadline_ms, status, ended_ms, winner, result`

func scanTable(row interface{ Scan(...any) error }) (Table, error) {
	var t Table
	err := row.Scan(&t.ID, &t.Board, &t.Variant, &t.LimitMs, &t.Suits, &t.Deal, &t.Policy, &t.Opener, &t.CreatedMs, &t.DeadlineMs, &t.Status, &t.EndedMs, &t.Winner, &t.Result)
	return t, err
}

// seatColumns are the columns scanSeat reads, in its order.
const seatColumns = `table_id, seat, player, name, joined_ms, ticket, started_ms, actions, claimed_ms, score, runs, outcome, deadline_ms, ended_ms, left_table`

func scanSeat(row interface{ Scan(...any) error }) (int64, Seat, error) {
	var id int64
	var st Seat
	var left int
	err := row.Scan(&id, &st.Seat, &st.Player, &st.Name, &st.JoinedMs, &st.Ticket, &st.StartedMs, &st.Actions, &st.ClaimedMs, &st.Score, &st.Runs, &st.Outcome, &st.DeadlineMs, &st.EndedMs, &left)
	st.Left = left != 0
	return id, st, err
}

// Table returns a table and its seats.
func (s *SQLStore) Table(ctx context.Context, id int64) (Table, error) {
	t, err := scanTable(s.db.QueryRowContext(ctx, `SELECT `+tableColumns+` FROM duel_tables WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, ErrNoTable
	}
	if err != nil {
		return t, wrap(err)
	}
	ts := []Table{t}
	if err := s.fillSeats(ctx, ts); err != nil {
		return t, err
	}
	return ts[0], nil
}

// fillSeats reads the seats of tables.
func (s *SQLStore) fillSeats(ctx context.Context, ts []Table) error {
	if len(ts) == 0 {
		return nil
	}
	at := map[int64]int{}
	ids := make([]string, len(ts))
	for i, t := range ts {
		at[t.ID] = i
		ids[i] = strconv.FormatInt(t.ID, 10) // integers from the database: no quoting needed
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+seatColumns+` FROM duel_seats WHERE table_id IN (`+strings.Join(ids, ", ")+`) ORDER BY table_id, seat`)
	if err != nil {
		return wrap(err)
	}
	defer closeRows(rows)
	for rows.Next() {
		id, st, err := scanSeat(rows)
		if err != nil {
			return wrap(err)
		}
		ts[at[id]].Seats = append(ts[at[id]].Seats, st)
	}
	return wrap(rows.Err())
}

// Lobby returns tables not ended, newest first.
func (s *SQLStore) Lobby(ctx context.Context, player string, before int64, limit int) ([]Table, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	var rows *sql.Rows
	var err error
	if player == "" {
		rows, err = s.db.QueryContext(ctx, `SELECT `+tableColumns+` FROM duel_tables WHERE status IN ('open', 'full') AND id < $1 ORDER BY id DESC LIMIT $2`, before, limit)
	} else {
		rows, err = s.db.QueryContext(ctx, `SELECT `+tableColumns+` FROM duel_tables WHERE id IN
			(SELECT table_id FROM duel_seats WHERE player = $1 AND closed = 0) AND id < $2 ORDER BY id DESC LIMIT $3`, player, before, limit)
	}
	if err != nil {
		return nil, wrap(err)
	}
	ts := []Table{}
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			closeRows(rows)
			return nil, wrap(err)
		}
		ts = append(ts, t)
	}
	if err := rows.Err(); err != nil {
		closeRows(rows)
		return nil, wrap(err)
	}
	closeRows(rows)
	return ts, s.fillSeats(ctx, ts)
}

// StartSeat starts a seat's game once.
func (s *SQLStore) StartSeat(ctx context.Context, id int64, seat int, ticket string, startedMs, deadlineMs int64) (Seat, error) {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE duel_seats SET ticket = $1, started_ms = $2, deadline_ms = $3
			WHERE table_id = $4 AND seat = $5 AND started_ms = 0 AND ended_ms = 0`, ticket, startedMs, deadlineMs, id, seat)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // started already, ended or no such seat: read below
		}
		return s.notifyTable(ctx, tx, id)
	})
	if err != nil {
		return Seat{}, wrap(err)
	}
	_, st, err := scanSeat(s.db.QueryRowContext(ctx, `SELECT `+seatColumns+` FROM duel_seats WHERE table_id = $1 AND seat = $2`, id, seat))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return st, ErrNoTable
	case err != nil:
		return st, wrap(err)
	case st.StartedMs == 0 && st.EndedMs != 0:
		return st, ErrTableEnded
	}
	return st, nil
}

// Actions returns a seat's stored actions from index from on.
func (s *SQLStore) Actions(ctx context.Context, id int64, seat, from int) ([]Played, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT idx, action, ms, score FROM duel_actions WHERE table_id = $1 AND seat = $2 AND idx >= $3 ORDER BY idx`, id, seat, from)
	if err != nil {
		return nil, wrap(err)
	}
	defer closeRows(rows)
	var out []Played
	for rows.Next() {
		var idx int
		var p Played
		if err := rows.Scan(&idx, &p.Action, &p.Ms, &p.Score); err != nil {
			return nil, wrap(err)
		}
		if idx != from+len(out) {
			return nil, fmt.Errorf("store: table %d seat %d: action %d is missing", id, seat, from+len(out))
		}
		out = append(out, p)
	}
	return out, wrap(rows.Err())
}

// SeatRecord returns the whole record of a seat whose game has ended.
func (s *SQLStore) SeatRecord(ctx context.Context, id int64, seat int) ([]byte, error) {
	var rec []byte
	err := s.db.QueryRowContext(ctx, `SELECT record FROM duel_seats WHERE table_id = $1 AND seat = $2`, id, seat).Scan(&rec)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoTable
	}
	return rec, wrap(err)
}

// Play stores a batch of a seat, committed with the batches of other
// seats that wait at the same moment (playGroups).
func (s *SQLStore) Play(ctx context.Context, p Play) error { return s.plays.play(ctx, s, p) }

// playIn stores a batch of a seat in tx; stale when the seat is not as
// the batch expects (its count, not started or ended, another token),
// which changes nothing. The caller tells the other instances
// (notifyTable).
func (s *SQLStore) playIn(ctx context.Context, tx *sql.Tx, p Play) (stale bool, err error) {
	n := p.From + len(p.Actions)
	var ended int64
	var left int
	var rec []byte
	if p.End {
		ended, rec = p.EndedMs, p.Record
		if p.Left {
			left = 1
		}
	}
	// The update first: it takes the seat's row, so that a batch at the
	// same time (a retry, another instance) waits and then finds the
	// count changed.
	res, err := tx.ExecContext(ctx, `UPDATE duel_seats SET actions = $1, claimed_ms = $2, score = $3, runs = $4, outcome = $5, ended_ms = $6, left_table = $7, record = $8
		WHERE table_id = $9 AND seat = $10 AND actions = $11 AND ended_ms = 0 AND started_ms > 0
		AND ($12 = '' OR EXISTS (SELECT 1 FROM players WHERE skeleton = duel_seats.player AND token_hash = $12))`,
		n, p.ClaimedMs, p.Score, p.Runs, p.Outcome, ended, left, rec, p.Table, p.Seat, p.From, p.TokenHash)
	if err != nil {
		return false, err
	}
	if c, err := res.RowsAffected(); err != nil || c == 0 {
		return err == nil, err
	}
	if err := insertActions(ctx, tx, p); err != nil {
		return false, err
	}
	if p.End {
		if err := countGame(ctx, tx, p); err != nil {
			return false, err
		}
	}
	return false, nil
}

// insertActions stores a batch's actions, in statements of at most 100
// rows.
func insertActions(ctx context.Context, tx *sql.Tx, p Play) error {
	const per = 100
	for start := 0; start < len(p.Actions); start += per {
		part := p.Actions[start:min(len(p.Actions), start+per)]
		var q strings.Builder
		q.WriteString(`INSERT INTO duel_actions (table_id, seat, idx, action, ms, score) VALUES `)
		args := make([]any, 0, 6*len(part))
		for i, a := range part {
			if i > 0 {
				q.WriteString(", ")
			}
			k := len(args)
			fmt.Fprintf(&q, "($%d, $%d, $%d, $%d, $%d, $%d)", k+1, k+2, k+3, k+4, k+5, k+6)
			args = append(args, p.Table, p.Seat, p.From+start+i, a.Action, int64(a.Ms), a.Score)
		}
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// countGame counts an ended game in its player's games and best scores.
func countGame(ctx context.Context, tx *sql.Tx, p Play) error {
	var player string
	if err := tx.QueryRowContext(ctx, `SELECT player FROM duel_seats WHERE table_id = $1 AND seat = $2`, p.Table, p.Seat).Scan(&player); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO duel_players (player, games) VALUES ($1, 1)
		ON CONFLICT (player) DO UPDATE SET games = duel_players.games + 1`, player); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO duel_best (player, variant, suits, score, table_id) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (player, variant, suits) DO UPDATE SET score = excluded.score, table_id = excluded.table_id WHERE excluded.score > duel_best.score`,
		player, p.Variant, p.Suits, p.Score, p.Table)
	return err
}

// EndTable ends a table not ended yet.
func (s *SQLStore) EndTable(ctx context.Context, id int64, winner int, result string, duel bool, nowMs int64) (bool, error) {
	ended := false
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE duel_tables SET status = 'ended', ended_ms = $1, winner = $2, result = $3 WHERE id = $4 AND status <> 'ended'`,
			nowMs, winner, result, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		ended = true
		if _, err := tx.ExecContext(ctx, `UPDATE duel_seats SET closed = 1 WHERE table_id = $1`, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE duel_invitations SET answer = 'expired' WHERE table_id = $1 AND answer = ''`, id); err != nil {
			return err
		}
		if duel {
			for seat := range 2 {
				col := "drawn"
				switch {
				case winner == seat:
					col = "won"
				case winner >= 0:
					col = "lost"
				}
				// col is one of three words above, never a client's.
				if _, err := tx.ExecContext(ctx, `INSERT INTO duel_players (player, `+col+`)
					SELECT player, 1 FROM duel_seats WHERE table_id = $1 AND seat = $2
					ON CONFLICT (player) DO UPDATE SET `+col+` = duel_players.`+col+` + 1`, id, seat); err != nil {
					return err
				}
			}
		}
		return s.notifyTable(ctx, tx, id)
	})
	return ended, wrap(err)
}

// DueAt returns what the sweeper must end at nowMs.
func (s *SQLStore) DueAt(ctx context.Context, nowMs int64, limit int) (Due, error) {
	var d Due
	rows, err := s.db.QueryContext(ctx, `SELECT table_id, seat FROM duel_seats WHERE ended_ms = 0 AND deadline_ms <= $1 ORDER BY deadline_ms LIMIT $2`, nowMs, limit)
	if err != nil {
		return d, wrap(err)
	}
	for rows.Next() {
		var r SeatRef
		if err := rows.Scan(&r.Table, &r.Seat); err != nil {
			closeRows(rows)
			return d, wrap(err)
		}
		d.Seats = append(d.Seats, r)
	}
	closeRows(rows)
	// A table still open closes once its first game has ended too.
	if d.Open, err = s.ids(ctx, `SELECT t.id FROM duel_tables t WHERE t.status = 'open' AND t.deadline_ms <= $1
		AND NOT EXISTS (SELECT 1 FROM duel_seats s WHERE s.table_id = t.id AND s.ended_ms = 0) ORDER BY t.deadline_ms LIMIT $2`, nowMs, limit); err != nil {
		return d, err
	}
	d.Unjudged, err = s.ids(ctx, `SELECT t.id FROM duel_tables t WHERE t.status = 'full'
		AND NOT EXISTS (SELECT 1 FROM duel_seats s WHERE s.table_id = t.id AND s.ended_ms = 0) ORDER BY t.id LIMIT $1`, limit)
	return d, err
}

// ids runs a query of one integer column.
func (s *SQLStore) ids(ctx context.Context, q string, args ...any) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, wrap(err)
	}
	defer closeRows(rows)
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, wrap(err)
		}
		out = append(out, id)
	}
	return out, wrap(rows.Err())
}

// Invite stores an invitation.
func (s *SQLStore) Invite(ctx context.Context, inv Invitation, perMinute, waiting int) (Invitation, error) {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := lockPlayer(ctx, tx, inv.Inviter); err != nil {
			return err
		}
		old, err := scanInvitation(tx.QueryRowContext(ctx, `SELECT `+invitationColumns+` FROM duel_invitations i JOIN players p ON p.skeleton = i.inviter
			WHERE i.table_id = $1 AND i.invitee = $2`, inv.Table, inv.Invitee))
		if err == nil {
			inv = old
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var sent int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM duel_invitations WHERE inviter = $1 AND created_ms > $2`,
			inv.Inviter, inv.CreatedMs-60_000).Scan(&sent); err != nil {
			return err
		}
		if sent >= perMinute {
			return ErrInviteRate
		}
		var ignored int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM duel_contacts WHERE player = $1 AND list = 'ignored' AND other = $2`,
			inv.Invitee, inv.Inviter).Scan(&ignored); err != nil {
			return err
		}
		inv.Hidden = ignored > 0
		if !inv.Hidden {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM duel_invitations WHERE invitee = $1 AND answer = '' AND hidden = 0`, inv.Invitee).Scan(&n); err != nil {
				return err
			}
			if n >= waiting {
				return ErrInvitesFull
			}
		}
		hidden := 0
		if inv.Hidden {
			hidden = 1
		}
		return tx.QueryRowContext(ctx, `INSERT INTO duel_invitations (table_id, inviter, invitee, created_ms, hidden) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			inv.Table, inv.Inviter, inv.Invitee, inv.CreatedMs, hidden).Scan(&inv.ID)
	})
	return inv, wrap(err)
}

// invitationColumns are the columns scanInvitation reads (i the
// invitations, p the inviter's row of players).
const invitationColumns = `i.id, i.table_id, i.inviter, p.name, i.invitee, i.created_ms, i.hidden, i.answer`

func scanInvitation(row interface{ Scan(...any) error }) (Invitation, error) {
	var inv Invitation
	var hidden int
	err := row.Scan(&inv.ID, &inv.Table, &inv.Inviter, &inv.InviterName, &inv.Invitee, &inv.CreatedMs, &hidden, &inv.Answer)
	inv.Hidden = hidden != 0
	return inv, err
}

// Invitations returns the shown invitations waiting for a player.
func (s *SQLStore) Invitations(ctx context.Context, invitee string, limit int) ([]Invitation, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+invitationColumns+` FROM duel_invitations i JOIN players p ON p.skeleton = i.inviter
		WHERE i.invitee = $1 AND i.answer = '' AND i.hidden = 0 ORDER BY i.id DESC LIMIT $2`, invitee, limit)
	if err != nil {
		return nil, wrap(err)
	}
	defer closeRows(rows)
	out := []Invitation{}
	for rows.Next() {
		inv, err := scanInvitation(rows)
		if err != nil {
			return nil, wrap(err)
		}
		out = append(out, inv)
	}
	return out, wrap(rows.Err())
}

// Invitation returns one invitation.
func (s *SQLStore) Invitation(ctx context.Context, id int64) (Invitation, error) {
	inv, err := scanInvitation(s.db.QueryRowContext(ctx, `SELECT `+invitationColumns+` FROM duel_invitations i JOIN players p ON p.skeleton = i.inviter WHERE i.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return inv, ErrNoTable
	}
	return inv, wrap(err)
}

// Decline declines an invitation still waiting.
func (s *SQLStore) Decline(ctx context.Context, id int64) error {
	return wrap(s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE duel_invitations SET answer = 'declined' WHERE id = $1 AND answer = '' AND hidden = 0`, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, ErrNoTable)
		}
		return nil
	}))
}

// Contacts returns a player's friends and ignored players.
func (s *SQLStore) Contacts(ctx context.Context, player string) (friends, ignored []string, err error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.list, p.name FROM duel_contacts c JOIN players p ON p.skeleton = c.other
		WHERE c.player = $1 ORDER BY c.created_ms, p.name`, player)
	if err != nil {
		return nil, nil, wrap(err)
	}
	defer closeRows(rows)
	friends, ignored = []string{}, []string{}
	for rows.Next() {
		var list, name string
		if err := rows.Scan(&list, &name); err != nil {
			return nil, nil, wrap(err)
		}
		if list == Friends {
			friends = append(friends, name)
		} else {
			ignored = append(ignored, name)
		}
	}
	return friends, ignored, wrap(rows.Err())
}

// SetContact adds a name to a list, or removes it.
func (s *SQLStore) SetContact(ctx context.Context, player, list, other string, on bool, max int, nowMs int64) error {
	if list != Friends && list != Ignored {
		return fmt.Errorf("store: no list %q", list)
	}
	return wrap(s.inTx(ctx, func(tx *sql.Tx) error {
		if err := lockPlayer(ctx, tx, player); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM duel_contacts WHERE player = $1 AND other = $2`, player, other); err != nil {
			return err
		}
		if !on {
			return nil
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM duel_contacts WHERE player = $1 AND list = $2`, player, list).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return ErrContactsFull
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO duel_contacts (player, list, other, created_ms) VALUES ($1, $2, $3, $4)`, player, list, other, nowMs); err != nil {
			return err
		}
		if list == Ignored {
			_, err := tx.ExecContext(ctx, `UPDATE duel_invitations SET hidden = 1 WHERE invitee = $1 AND inviter = $2 AND answer = ''`, player, other)
			return err
		}
		return nil
	}))
}

// Stats returns a player's games and duels.
func (s *SQLStore) Stats(ctx context.Context, player string) (DuelStats, error) {
	st := DuelStats{Best: []Best{}}
	err := s.db.QueryRowContext(ctx, `SELECT games, won, lost, drawn FROM duel_players WHERE player = $1`, player).Scan(&st.Games, &st.Won, &st.Lost, &st.Drawn)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return st, wrap(err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT variant, suits, score, table_id FROM duel_best WHERE player = $1 ORDER BY variant, suits`, player)
	if err != nil {
		return st, wrap(err)
	}
	defer closeRows(rows)
	for rows.Next() {
		var b Best
		if err := rows.Scan(&b.Variant, &b.Suits, &b.Score, &b.Table); err != nil {
			return st, wrap(err)
		}
		st.Best = append(st.Best, b)
	}
	return st, wrap(rows.Err())
}

// countTables counts the tables not ended.
const countTables = `SELECT count(*) FROM duel_tables WHERE status IN ('open', 'full')`

// CountTables counts the tables not ended.
func (s *SQLStore) CountTables(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, countTables).Scan(&n)
	return n, wrap(err)
}
