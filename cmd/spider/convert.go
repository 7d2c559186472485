package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spiderkit/spider/codec"
	"github.com/urfave/cli/v2"
)

func convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "convert a record between text (.spider), binary (.spdz) and JSON (.json)",
		ArgsUsage: "IN OUT",
		UsageText: "spider convert game.spider game.spdz\n   spider convert --to json game.spdz -\n   cat game.json | spider convert - game.spider\n" +
			"   spider convert lklynet-log.json game.spider\n   spider convert --to lklynet game.spider -",
		Description: "The input's form is read from its content (an lklynet log, {\"seed\", \"events\"},\n" +
			"is one too); the output's from its extension, or --to. Use - for standard input\n" +
			"or output (text unless --to says otherwise).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "output form: text, bin, json or lklynet (default: from OUT's extension)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return usagef("convert takes IN and OUT (use - for standard input or output)")
			}
			in, out := c.Args().Get(0), c.Args().Get(1)
			form, err := outputForm(out, c.String("to"))
			if err != nil {
				return err
			}
			cd, err := codec.New()
			if err != nil {
				return err
			}
			defer cd.Close()
			rec, err := readRecord(cd, in, c.App.Reader)
			if err != nil {
				return err
			}
			var b []byte
			switch form {
			case "text":
				b, err = codec.AppendText(nil, rec)
			case "json":
				b, err = codec.AppendJSON(nil, rec)
			case "bin":
				b, err = cd.EncodeBinary(nil, rec)
			case "lklynet":
				var log *codec.LklynetLog
				if log, err = codec.ToLklynet(rec); err == nil {
					b, err = json.Marshal(log)
					b = append(b, '\n')
				}
			}
			if err != nil {
				return err
			}
			if out == "-" {
				_, err = c.App.Writer.Write(b)
				return err
			}
			return os.WriteFile(out, b, 0o644)
		},
	}
}

// outputForm picks the output form from --to or the file's extension.
func outputForm(path, to string) (string, error) {
	switch strings.ToLower(to) {
	case "text", "bin", "json", "lklynet":
		return strings.ToLower(to), nil
	case "binary", "spdz":
		return "bin", nil
	case "":
	default:
		return "", usagef("--to %q: use text, bin, json or lklynet", to)
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".spider", ".txt":
		return "text", nil
	case ".spdz":
		return "bin", nil
	case ".json":
		return "json", nil
	}
	if path == "-" {
		return "text", nil
	}
	return "", usagef("cannot tell the form of %q from its extension (.spider, .spdz or .json); add --to", path)
}

// readRecord reads a record file (or standard input for "-") in any form,
// telling the form from the content.
func readRecord(cd *codec.Codec, path string, stdin io.Reader) (*codec.Record, error) {
	var b []byte
	var err error
	if path == "-" {
		b, err = io.ReadAll(io.LimitReader(stdin, int64(cd.Limits().MaxBytes)+1))
	} else {
		b, err = readLimited(path, cd.Limits().MaxBytes)
	}
	if err != nil {
		return nil, ioError{err}
	}
	var r *codec.Record
	switch {
	case bytes.HasPrefix(b, []byte(codec.MagicRecord)):
		r, err = cd.DecodeBinary(b)
	case isLklynetLog(b):
		var log *codec.LklynetLog
		if log, err = cd.ParseLklynetLog(b); err == nil {
			r, err = codec.FromLklynet(log)
		}
	case bytes.HasPrefix(bytes.TrimSpace(b), []byte("{")):
		r, err = cd.DecodeJSON(b)
	default:
		r, err = cd.DecodeText(b)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// isLklynetLog reports whether b is a JSON object with lklynet's keys
// ("seed" and "events") rather than a record's.
func isLklynetLog(b []byte) bool {
	var keys map[string]json.RawMessage
	if json.Unmarshal(b, &keys) != nil {
		return false
	}
	_, seed := keys["seed"]
	_, events := keys["events"]
	_, record := keys["spider"]
	return seed && events && !record
}

// readLimited reads a file of at most limit bytes (a larger one is read to
// limit+1 so that the decoder reports it as too large).
func readLimited(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}

// ioError marks a failure to read or write: exit status 2.
type ioError struct{ err error }

func (e ioError) Error() string { return e.err.Error() }
func (e ioError) Unwrap() error { return e.err }
