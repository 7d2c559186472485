package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
	"github.com/urfave/cli/v2"
)

func convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "convert records between text (.spider), binary (.spdz), JSON (.json) and archives (.spda)",
		ArgsUsage: "IN OUT",
		UsageText: "spider convert game.spider game.spdz\n   spider convert --to json game.spdz -\n   cat game.json | spider convert - game.spider\n" +
			"   spider convert lklynet-log.json game.spider\n   spider convert --to lklynet game.spider -\n" +
			"   spider convert records/ all.spda\n   spider convert --compact games.jsonl small.spda",
		Description: "The input's form is read from its content (an lklynet log, {\"seed\", \"events\"},\n" +
			"is one too); the output's from its extension, or --to. Use - for standard input\n" +
			"or output (text unless --to says otherwise). An archive (.spda) takes every record\n" +
			"of IN: a record, a directory, JSON lines or another archive; --compact codes\n" +
			"their actions by index (several times smaller; every record must be legal).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Usage: "output form: text, binary, json, archive or lklynet (default: from OUT's extension)"},
			&cli.BoolFlag{Name: "compact", Usage: "with an archive: code the actions by index"},
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
			cd, err := newCodec()
			if err != nil {
				return err
			}
			defer cd.Close()
			if form == codec.FormArchive {
				return writeArchive(c, cd, in, out)
			}
			rec, err := readRecord(cd, in, c.App.Reader)
			if err != nil {
				return err
			}
			b, err := cd.Encode(rec, form)
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

// outputForm picks the output form from --to (a form's word, or its
// files' extension without the dot) or the file's extension
// (codec.FormOfFile); standard output is text unless --to says otherwise.
func outputForm(path, to string) (string, error) {
	switch to = strings.ToLower(to); to {
	case codec.FormText, codec.FormBinary, codec.FormJSON, lklynet.Name, codec.FormArchive:
		return to, nil
	case "":
	default:
		if form, ok := codec.FormOfFile("." + to); ok && form != codec.FormJSONLines {
			return form, nil
		}
		return "", usagef("--to %s: use text, binary, json, archive or lklynet", spider.Quote(to))
	}
	if form, ok := codec.FormOfFile(path); ok && form != codec.FormJSONLines {
		return form, nil
	}
	if path == "-" {
		return codec.FormText, nil
	}
	return "", usagef("cannot tell the form of %s from its extension (%s, %s, %s or %s); add --to", spider.Quote(path),
		codec.Ext(codec.FormText), codec.Ext(codec.FormBinary), codec.Ext(codec.FormJSON), codec.Ext(codec.FormArchive))
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
	if cd.FormOf(b) == codec.FormArchive {
		return nil, usagef("%s is an archive of records: convert it to another archive (.spda), or verify it", path)
	}
	r, err := cd.Decode(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// readLimited reads a file of at most limit bytes (a larger one is read to
// limit+1 so that the decoder reports it as too large).
func readLimited(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer closeRead(f)
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}

// writeArchive writes every record of in (a record, a directory, JSON
// lines, an archive) into the archive out. A record that cannot be read
// stops it, naming the record, and nothing is left at out.
func writeArchive(c *cli.Context, cd *codec.Codec, in, out string) (err error) {
	var w io.Writer = c.App.Writer
	var f *os.File
	if out != "-" {
		if f, err = os.CreateTemp(filepath.Dir(out), ".spider-convert-*"); err != nil {
			return ioError{err}
		}
		defer func() {
			if err == nil {
				return // renamed: nothing is left to remove
			}
			if derr := discardTemp(f); derr != nil {
				err = errors.Join(err, derr)
			}
		}()
		w = f
	}
	bw := bufio.NewWriter(w)
	aw, err := cd.NewArchiveWriter(bw)
	if err != nil {
		return ioError{err}
	}
	for input := range readInputs(cd, in, c.App.Reader) {
		rec, err := input.Record, input.Err
		if err == nil && rec == nil {
			rec, err = cd.Decode(input.Data)
		}
		if err == nil {
			if c.Bool("compact") {
				err = aw.WriteCompact(rec)
			} else {
				err = aw.Write(rec)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: %w", input.Name, err)
		}
	}
	if err := aw.Close(); err != nil {
		return ioError{err}
	}
	if err := bw.Flush(); err != nil {
		return ioError{err}
	}
	if f == nil {
		return nil
	}
	if err := f.Close(); err != nil {
		return ioError{err}
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil { // as the other forms are written
		return ioError{err}
	}
	if err := os.Rename(f.Name(), out); err != nil {
		return ioError{err}
	}
	// A note beside the archive, which is written: if standard error takes
	// nothing, nothing of the archive is lost.
	_, _ = fmt.Fprintf(c.App.ErrWriter, "%s: %s\n", out, plural(aw.Count(), "record"))
	return nil
}

// discardTemp closes and removes the temporary file of an archive that
// was not finished. The error of its Close is dropped, since the file goes;
// the removal's is returned: a file would be left behind.
func discardTemp(f *os.File) error {
	_ = f.Close()
	if err := os.Remove(f.Name()); err != nil {
		return ioError{err}
	}
	return nil
}

// plural writes n things: "1 record", "3 records".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
