package codec

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
)

// Entry is one record of a stream (Codec.Records): its name, and either
// the bytes of one record, to decode with Decode (Data), or a record read
// already (Record, from an archive), or why it could not be read (Err).
type Entry struct {
	Name   string
	Data   []byte
	Record *Record
	Err    error
}

// Records yields the records of the stream r, named name: an archive's
// records (named name#1, name#2, ...), JSON lines' (name:1, name:2, ...,
// by line), or else the whole stream as one record's bytes (named name),
// telling which by FormOf's rule (linesHead), from as many lines as it
// needs. Memory stays bounded: a record (or a line)
// is read up to the Codec's MaxBytes, and one over it is yielded cut to
// that size plus at most two bytes, for Decode to refuse as too large.
// An entry with Err from an archive's record that cannot be decoded is
// followed by the next while the archive can be read; an entry with Err
// from the stream itself (or an archive that cannot be read on) is the
// last.
func (c *Codec) Records(name string, r io.Reader) iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		limit := c.Limits().MaxBytes
		br := bufio.NewReaderSize(r, 64<<10)
		head, err := br.Peek(len(MagicArchive))
		if err != nil && err != io.EOF { // a stream shorter than that is one record, too short, which Decode says
			yield(Entry{Name: name, Err: err})
			return
		}
		if string(head) == MagicArchive {
			c.archiveEntries(name, br, yield)
			return
		}
		// Lines, until the rule of FormOf (linesHead) knows whether they
		// are JSON lines.
		h := linesHead{limit: limit}
		var data []byte
		for lines, known := false, false; !known; {
			next, err := readLine(br, limit)
			if err != nil {
				yield(Entry{Name: name, Err: err})
				return
			}
			if len(next) == 0 { // the end of the stream
				lines, known = h.end(), true
			} else {
				data = append(data, next...)
				lines, known = h.add(data)
			}
			if lines {
				c.lineEntries(name, br, data, h.ends, yield)
				return
			}
		}
		rest, err := io.ReadAll(io.LimitReader(br, int64(max(0, limit+1-len(data)))))
		if err != nil {
			yield(Entry{Name: name, Err: err})
			return
		}
		yield(Entry{Name: name, Data: append(data, rest...)[:min(len(data)+len(rest), limit+2)]})
	}
}

// archiveEntries yields the records of an archive.
func (c *Codec) archiveEntries(name string, r io.Reader, yield func(Entry) bool) {
	ar, err := c.NewArchiveReader(r)
	if err != nil {
		yield(Entry{Name: name, Err: err})
		return
	}
	defer ar.Close()
	for i := 1; ; i++ {
		rec, err := ar.Next()
		if err == io.EOF {
			return
		}
		if !yield(Entry{Name: fmt.Sprintf("%s#%d", name, i), Record: rec, Err: err}) || ar.Err() != nil {
			return
		}
	}
}

// lineEntries yields JSON lines: those in data (which end at ends, blank
// lines left out), then those of br.
func (c *Codec) lineEntries(name string, br *bufio.Reader, data []byte, ends []int, yield func(Entry) bool) {
	start := 0
	for i, end := range ends {
		if line := data[start:end]; len(bytes.Trim(line, jsonSpace)) > 0 {
			if !yield(Entry{Name: fmt.Sprintf("%s:%d", name, i+1), Data: trimEOL(line)}) {
				return
			}
		}
		start = end
	}
	c.moreLines(name, br, len(ends)+1, yield)
}

// Lines yields the lines of r that are not blank, each an entry named
// name:1, name:2, ... by its line, its Data the line without its end: for
// a reader of lines of its own, such as lklynet's verdicts on JSON lines
// of its logs (package lklynet/judge), which reads each line as it comes.
// Memory stays bounded as in Records: a line over the Codec's MaxBytes is
// yielded cut to that size plus at most two bytes, for its reader to
// refuse as too large. An entry with Err, from the stream, is the last.
func (c *Codec) Lines(name string, r io.Reader) iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		c.moreLines(name, bufio.NewReaderSize(r, 64<<10), 1, yield)
	}
}

// moreLines yields the lines of br that are not blank, counting them from
// line.
func (c *Codec) moreLines(name string, br *bufio.Reader, line int, yield func(Entry) bool) {
	limit := c.Limits().MaxBytes
	for ; ; line++ {
		b, n, err := nextLine(br, limit, line)
		if err != nil {
			yield(Entry{Name: name, Err: err})
			return
		}
		if b == nil || !yield(Entry{Name: fmt.Sprintf("%s:%d", name, n), Data: b}) {
			return
		}
		line = n
	}
}

// nextLine reads lines, counting them from line, up to the first that is
// not blank, and returns it (without its end of line) and its number; nil
// at the end of the stream.
func nextLine(br *bufio.Reader, limit, line int) ([]byte, int, error) {
	for ; ; line++ {
		b, err := readLine(br, limit)
		if err != nil || len(b) == 0 {
			return nil, line, err
		}
		if len(bytes.Trim(b, jsonSpace)) > 0 {
			return trimEOL(b), line, nil
		}
	}
}

// trimEOL drops a line's end ("\n" or "\r\n"); a line cut at the limit
// has none, and keeps its last bytes, '\r' or not, so that it stays over.
func trimEOL(b []byte) []byte {
	if t, ok := bytes.CutSuffix(b, []byte("\n")); ok {
		return bytes.TrimSuffix(t, []byte("\r"))
	}
	return b
}

// readLine reads a line with its end of line ("\n"), or the last line
// without one; at the end of the stream it returns no bytes. A line is
// kept up to limit+2 bytes (a line of limit bytes and "\r\n"); a longer
// one is cut there (the rest of it skipped), so that decoding it says it
// is too large.
func readLine(br *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line) < limit+2 {
			line = append(line, chunk[:min(len(chunk), limit+2-len(line))]...)
		}
		switch {
		case err == nil, errors.Is(err, io.EOF):
			return line, nil
		case !errors.Is(err, bufio.ErrBufferFull):
			return nil, err
		}
	}
}
