package duelclient_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit/duelclient"
)

// A duel at a table: Ann opens it and invites Bob, who accepts; each
// starts their game; Ann deals and sends it; Bob may not watch her while
// he plays; both leave (a resignation each), and the table is judged.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "duel-example")
	defer os.RemoveAll(dir)
	st, _ := store.OpenSQLite(ctx, dir)
	defer st.Close()
	cfg, boards, _ := config.Parse([]byte(testkit.Config))
	srv, _ := server.New(server.Config{Tables: cfg.Tables}, st, boards, cfg.Default)
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	ann, _ := duelclient.Register(ctx, ts.Client(), ts.URL, "ann")
	bob, _ := duelclient.Register(ctx, ts.Client(), ts.URL, "bob")
	table, _ := ann.Open(ctx, duelclient.Rules{})
	ann.Invite(ctx, table.ID, "bob")
	invitations, _ := bob.Invitations(ctx)
	table, _ = bob.Accept(ctx, invitations[0].ID)
	fmt.Println(table.Status, table.Variant, table.Seats[0].Player, table.Seats[1].Player)

	a, _ := ann.Start(ctx, table.ID, 0)
	b, _ := bob.Start(ctx, table.ID, 1)
	a.PlayAt(spider.DealRow, 100)
	ack, _ := a.Flush(ctx)
	fmt.Println(ack.Stored, ack.Steps[0].Score, ack.Seat.Status)
	_, err := bob.Watch(ctx, table.ID, 0, "0")
	fmt.Println(duelclient.KindOf(err))

	a.Leave(ctx)
	table, _ = b.Leave(ctx)
	fmt.Println(table.Status, table.Result.Winner, table.Result.Scores, table.Result.Fair)
	// Output:
	// full duel ann bob
	// 1 -1 playing
	// playing
	// ended 1 [-1 0] true
}
