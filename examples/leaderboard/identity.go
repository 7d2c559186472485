package main

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/spiderkit/spider/codec"
)

// afterStep is the work of migration step version that SQL cannot do,
// run in the migration's transaction after the step's statements, or nil.
func afterStep(version int) func(ctx context.Context, tx *sql.Tx) error {
	if version == 3 {
		return recomputeIdentities
	}
	return nil
}

// identityPage is how many stored records recomputeIdentities reads at a
// time.
const identityPage = 500

// storedIdentity is what recomputeIdentities reads of a record.
type storedIdentity struct {
	id     int64
	board  string
	record []byte
}

// recomputeIdentities sets every stored record's identity to
// codec.Identity of its record, in acceptance (id) order. A record whose
// board holds its new identity already, under an earlier id, becomes a
// copy of that one: copy_of is the first's id and its identity is the
// first's with " copy " and its own id, so that the board's UNIQUE
// (board, identity) still holds and rankings leave it out. A record that
// does not decode keeps the identity it has.
func recomputeIdentities(ctx context.Context, tx *sql.Tx) error {
	c, err := newCodec()
	if err != nil {
		return err
	}
	defer c.Close()
	owners := map[[2]string]int64{} // board and identity: the first id
	var last int64
	for {
		page, err := storedIdentities(ctx, tx, last)
		if err != nil || len(page) == 0 {
			return err
		}
		for _, r := range page {
			last = r.id
			rec, err := c.DecodeBinary(r.record)
			if err != nil {
				continue
			}
			id, copyOf := codec.Identity(rec), int64(0)
			if first, ok := owners[[2]string{r.board, id}]; ok {
				id, copyOf = id+" copy "+strconv.FormatInt(r.id, 10), first
			} else {
				owners[[2]string{r.board, id}] = r.id
			}
			if _, err := tx.ExecContext(ctx, `UPDATE records SET identity = $1, copy_of = $2 WHERE id = $3`, id, copyOf, r.id); err != nil {
				return fmt.Errorf("record %d: %w", r.id, err)
			}
		}
	}
}

// storedIdentities reads a page of records with ids above after.
func storedIdentities(ctx context.Context, tx *sql.Tx, after int64) ([]storedIdentity, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, board, record FROM records WHERE id > $1 ORDER BY id LIMIT `+strconv.Itoa(identityPage), after)
	if err != nil {
		return nil, err
	}
	defer closeRows(rows)
	var out []storedIdentity
	for rows.Next() {
		var r storedIdentity
		if err := rows.Scan(&r.id, &r.board, &r.record); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
