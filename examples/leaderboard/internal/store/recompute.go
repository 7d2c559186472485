package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
)

// afterStep is the work of migration step version that SQL cannot do,
// run in the migration's transaction after the step's statements, or nil.
func afterStep(version int) func(ctx context.Context, tx *sql.Tx) error {
	switch version {
	case 3:
		return recomputeIdentities
	case 7, 9, 10:
		return recomputeKeys
	case 8:
		return recomputeSkeletons
	case 11:
		return recomputeNames
	}
	return nil
}

// identityPage is how many stored records recomputeIdentities reads at a
// time.
const identityPage = 500

// storedIdentity is what recomputeIdentities reads of a record.
type storedIdentity struct {
	id       int64
	board    string
	identity string
	record   []byte
}

// recomputeIdentities sets every stored record's identity to
// codec.Identity of its record, in acceptance (id) order. A record whose
// board holds its new identity already, under an earlier id, becomes a
// copy of that one: copy_of is the first's id and its identity is the
// first's with " copy " and its own id, so that the board's UNIQUE
// (board, identity) still holds and rankings leave it out. A record that
// does not decode keeps the identity it has.
func recomputeIdentities(ctx context.Context, tx *sql.Tx) error {
	return recompute(ctx, tx, false)
}

// rekeying is the prefix steps 7, 9 and 10 set every identity apart with.
const rekeying = "rekeying "

// recomputeKeys is recomputeIdentities that sets each record's ranking
// key (codec.RankingKey) too, then counts ranking_keys again. A record
// that does not decode keeps its key and the identity it had before the
// step set it apart.
func recomputeKeys(ctx context.Context, tx *sql.Tx) error {
	if err := recompute(ctx, tx, true); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO ranking_keys (board, ranking_key, key_fold, entries)
		SELECT board, ranking_key, MIN(key_fold), COUNT(*) FROM records WHERE copy_of = 0 GROUP BY board, ranking_key`)
	return err
}

// recompute sets identities (and with keys the ranking keys) as
// recomputeIdentities and recomputeKeys say.
func recompute(ctx context.Context, tx *sql.Tx, keys bool) error {
	c, err := config.NewCodec()
	if err != nil {
		return err
	}
	defer c.Close()
	owners := map[[2]string]int64{} // board and identity: the first id
	var last int64
	for {
		page, err := storedIdentities(ctx, tx, last)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
		for _, r := range page {
			last = r.id
			rec, err := c.DecodeBinary(r.record)
			if err != nil {
				if keys {
					if _, err := tx.ExecContext(ctx, `UPDATE records SET identity = $1 WHERE id = $2`, strings.TrimPrefix(r.identity, rekeying), r.id); err != nil {
						return fmt.Errorf("record %d: %w", r.id, err)
					}
				}
				continue
			}
			id, copyOf := c.Identity(rec), int64(0)
			if first, ok := owners[[2]string{r.board, id}]; ok {
				id, copyOf = id+" copy "+strconv.FormatInt(r.id, 10), first
			} else {
				owners[[2]string{r.board, id}] = r.id
			}
			if keys {
				key := c.RankingKey(rec)
				_, err = tx.ExecContext(ctx, `UPDATE records SET identity = $1, copy_of = $2, ranking_key = $3, key_fold = $4 WHERE id = $5`,
					id, copyOf, key, strings.ToLower(key), r.id)
			} else {
				_, err = tx.ExecContext(ctx, `UPDATE records SET identity = $1, copy_of = $2 WHERE id = $3`, id, copyOf, r.id)
			}
			if err != nil {
				return fmt.Errorf("record %d: %w", r.id, err)
			}
		}
	}
}

// storedIdentities reads a page of records with ids above after.
func storedIdentities(ctx context.Context, tx *sql.Tx, after int64) ([]storedIdentity, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, board, identity, record FROM records WHERE id > $1 ORDER BY id LIMIT `+strconv.Itoa(identityPage), after)
	if err != nil {
		return nil, err
	}
	defer closeRows(rows)
	var out []storedIdentity
	for rows.Next() {
		var r storedIdentity
		if err := rows.Scan(&r.id, &r.board, &r.identity, &r.record); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// kept is the prefix of the skeleton a registered player keeps when
// another, registered earlier, took its new one.
const kept = "kept "

// recomputeSkeletons sets every registered player's skeleton to
// players.Skeleton of its name, in registration order; a player whose new
// skeleton an earlier one took keeps its old one, apart ("kept " and the
// old key, once), and an unmatched name.
func recomputeSkeletons(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT skeleton, name FROM players ORDER BY created_ms, name`)
	if err != nil {
		return err
	}
	type player struct{ old, name string }
	var all []player
	for rows.Next() {
		var p player
		if err := rows.Scan(&p.old, &p.name); err != nil {
			closeRows(rows)
			return err
		}
		all = append(all, p)
	}
	closeRows(rows)
	if err := rows.Err(); err != nil {
		return err
	}
	taken := map[string]bool{}
	for _, p := range all {
		key := players.Skeleton(p.name)
		if taken[key] {
			key = kept + strings.TrimPrefix(strings.TrimPrefix(p.old, rekeying), kept)
		}
		taken[key] = true
		if _, err := tx.ExecContext(ctx, `UPDATE players SET skeleton = $1 WHERE skeleton = $2`, key, p.old); err != nil {
			return fmt.Errorf("player %s: %w", spider.Quote(p.name), err)
		}
	}
	return nil
}
