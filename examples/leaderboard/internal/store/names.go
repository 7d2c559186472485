package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
)

// namesPage is how many stored records recomputeNames reads at a time.
const namesPage = 500

// namesReason starts the reason of a record recomputeNames unranks.
const namesReason = "migration 11: "

// registration is a registered player as recomputeNames looks names up.
type registration struct {
	name      string
	createdMs int64
}

// registrations are the registered players by skeleton, and the names of
// those that kept their old key apart (recomputeSkeletons) by the
// skeleton their name now has, which an earlier player holds.
type registrations struct {
	bySkeleton map[string]registration
	displaced  map[string][]string
}

// storedName is what recomputeNames reads of a record.
type storedName struct {
	id          int64
	player      string // the Player tag as given
	display     string
	key         string
	verified    bool
	unranked    string
	submittedMs int64
}

// recomputeNames recomputes every registered player's skeleton
// (recomputeSkeletons), then every stored record's display name
// (players.DisplayName, whole) and player key (players.NameKey) from its
// Player tag as given, in id order, and unranks a ranked record for the
// reason namesUnranked gives. A record unranked already keeps its reason.
func recomputeNames(ctx context.Context, tx *sql.Tx) error {
	if err := recomputeSkeletons(ctx, tx); err != nil {
		return err
	}
	regs, err := readRegistrations(ctx, tx)
	if err != nil {
		return err
	}
	var last int64
	for {
		page, err := storedNames(ctx, tx, last)
		if err != nil || len(page) == 0 {
			return err
		}
		for _, r := range page {
			last = r.id
			display := players.DisplayName(r.player)
			key, unranked := players.NameKey(display), r.unranked
			if unranked == "" {
				unranked = regs.namesUnranked(r)
			}
			if display == r.display && key == r.key && unranked == r.unranked {
				continue
			}
			if _, err := tx.ExecContext(ctx, `UPDATE records SET display = $1, player_key = $2, unranked = $3 WHERE id = $4`,
				display, key, unranked, r.id); err != nil {
				return fmt.Errorf("record %d: %w", r.id, err)
			}
		}
	}
}

// namesUnranked says why a ranked record is unranked under the names'
// rules of today, or "" when it stays ranked. Its name now belongs to a
// registered player who did not post it: it was posted without a token
// after the name was registered (before, the name was anyone's), or with
// the token of a name that now answers to another player (its key was
// displaced). A record posted without a token is unranked, too, when its
// name is longer than rankings show (it would be refused, not cut).
func (regs registrations) namesUnranked(r storedName) string {
	looks, folded := players.NameKeys(r.player)
	owner, owned := regs.bySkeleton[looks]
	if !owned {
		owner, owned = regs.bySkeleton[folded]
	}
	switch {
	case owned && !r.verified && r.submittedMs > owner.createdMs:
		return fmt.Sprintf("%sthe name is the registered %s's, and the record was posted without its token",
			namesReason, spider.Quote(owner.name))
	case owned && r.verified:
		shown := players.NameKey(players.DisplayName(r.player))
		for _, d := range regs.displaced[looks] {
			if players.NameKey(players.DisplayName(d)) == shown {
				return fmt.Sprintf("%sposted with the token of %s, a name that now looks like the registered %s",
					namesReason, spider.Quote(d), spider.Quote(owner.name))
			}
		}
	}
	if err := players.CheckLength(r.player); err != nil && !r.verified {
		return namesReason + err.Error()
	}
	return ""
}

// readRegistrations reads the registered players.
func readRegistrations(ctx context.Context, tx *sql.Tx) (registrations, error) {
	regs := registrations{bySkeleton: map[string]registration{}, displaced: map[string][]string{}}
	rows, err := tx.QueryContext(ctx, `SELECT skeleton, name, created_ms FROM players`)
	if err != nil {
		return regs, err
	}
	defer closeRows(rows)
	for rows.Next() {
		var skeleton string
		var p registration
		if err := rows.Scan(&skeleton, &p.name, &p.createdMs); err != nil {
			return regs, err
		}
		if strings.HasPrefix(skeleton, kept) {
			now := players.Skeleton(p.name)
			regs.displaced[now] = append(regs.displaced[now], p.name)
			continue
		}
		regs.bySkeleton[skeleton] = p
	}
	return regs, rows.Err()
}

// storedNames reads a page of records with ids above after.
func storedNames(ctx context.Context, tx *sql.Tx, after int64) ([]storedName, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, player, display, player_key, verified, unranked, submitted_ms
		FROM records WHERE id > $1 ORDER BY id LIMIT `+strconv.Itoa(namesPage), after)
	if err != nil {
		return nil, err
	}
	defer closeRows(rows)
	var out []storedName
	for rows.Next() {
		var r storedName
		var verified int
		if err := rows.Scan(&r.id, &r.player, &r.display, &r.key, &verified, &r.unranked, &r.submittedMs); err != nil {
			return nil, err
		}
		r.verified = verified == 1
		out = append(out, r)
	}
	return out, rows.Err()
}
