package main

import (
	"encoding/json"
	"fmt"

	"github.com/spiderkit/spider/replay"
	"github.com/urfave/cli/v2"
)

func duelCommand() *cli.Command {
	return &cli.Command{
		Name:      "duel",
		Usage:     "the result of a duel: two records of one deal, scored on the duel's scheme",
		ArgsUsage: "A B",
		UsageText: "spider duel mine.spider theirs.json\n   spider duel --json --policy duel-policy.json a.spider b.spider",
		Description: "Verifies both records under one policy (--policy; none: each under its own rules), checks\n" +
			"that they play the same deal under the same rules, and scores each on the duel's scheme\n" +
			"(whatever scoring the records name): the higher wins. Under rules with a clock (the duel's\n" +
			"15 minutes) both records must time every action. Exit 0 when there is a winner or a tie,\n" +
			"1 when the pair is no fair duel.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the verdict as JSON (replay.Duel)"},
			policyFlag(", which both records must meet"),
		},
		Action: runDuel,
	}
}

// runDuel is the duel command.
func runDuel(c *cli.Context) error {
	if c.NArg() != 2 {
		return usagef("duel takes two records, A and B")
	}
	policy, err := readPolicy(c)
	if err != nil {
		return err
	}
	cd, err := newCodec()
	if err != nil {
		return err
	}
	defer cd.Close()
	a, err := readRecord(cd, c.Args().Get(0), c.App.Reader)
	if err != nil {
		return err
	}
	b, err := readRecord(cd, c.Args().Get(1), c.App.Reader)
	if err != nil {
		return err
	}
	d := replay.New(replay.Options{Codec: cd, Policy: policy}).Duel(a, b)
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetEscapeHTML(false)
		err = enc.Encode(d)
	} else {
		who := "no winner"
		switch d.Winner {
		case 0:
			who = "A wins"
		case 1:
			who = "B wins"
		}
		_, err = fmt.Fprintf(c.App.Writer, "same deal: %s · same rules: %s · A %d, B %d on the duel's scoring · %s: %s\n",
			yesNo(d.SameDeal), yesNo(d.SameRules), d.Scores[0], d.Scores[1], who, d.Why)
	}
	if err != nil {
		return ioError{err}
	}
	if !d.Fair() {
		return cli.Exit("", 1)
	}
	return nil
}

// yesNo is "yes" or "no".
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
