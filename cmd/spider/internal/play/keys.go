package play

import (
	"os"
	"time"
)

// A key is one key press: a byte, or one of the named keys below.
type key int

const (
	keyUp key = 256 + iota
	keyDown
	keyLeft
	keyRight
	keyEsc
	keyEnter
	keyCtrlC
	keyHome
	keyEnd
)

// readKeys reads key presses from the terminal: bytes, arrows (ESC [ A to
// D, or ESC O A to D), Home and End (ESC [ H and F, or ESC O H and F),
// Enter and Ctrl-C. A lone Esc is told from the start
// of an arrow by waiting a moment for what follows it.
func readKeys(in *os.File) <-chan key {
	chunks := make(chan []byte)
	go func() {
		defer close(chunks)
		buf := make([]byte, 256)
		for {
			n, err := in.Read(buf)
			if n > 0 {
				chunks <- append([]byte(nil), buf[:n]...)
			}
			if err != nil {
				return
			}
		}
	}()
	keys := make(chan key, 64)
	go func() {
		defer close(keys)
		var pending []byte
		for {
			var chunk []byte
			var ok bool
			if len(pending) > 0 && pending[0] == 0x1b && len(pending) < 3 {
				select {
				case chunk, ok = <-chunks:
				case <-time.After(40 * time.Millisecond):
					chunk, ok = nil, true
					if len(pending) == 1 {
						keys <- keyEsc
						pending = pending[:0]
						continue
					}
				}
			} else {
				chunk, ok = <-chunks
			}
			if !ok {
				return
			}
			pending = append(pending, chunk...)
			pending = parseKeys(pending, keys)
		}
	}()
	return keys
}

// parseKeys sends the keys at the start of b and returns what is left: an
// escape sequence not yet complete.
func parseKeys(b []byte, keys chan<- key) []byte {
	for len(b) > 0 {
		c := b[0]
		switch {
		case c == 0x1b && len(b) >= 3 && b[1] == '[' && b[2] >= '0' && b[2] <= '9':
			// ESC [ n ~: Home is 1 or 7, End 4 or 8 (the Linux console,
			// tmux, rxvt); the other keys of this form do nothing here.
			if len(b) < 4 {
				return b // wait for the rest
			}
			if b[3] == '~' {
				switch b[2] {
				case '1', '7':
					keys <- keyHome
				case '4', '8':
					keys <- keyEnd
				}
				b = b[4:]
			} else {
				b = b[3:] // not of this form: dropped, as before
			}
		case c == 0x1b && len(b) >= 3 && (b[1] == '[' || b[1] == 'O'):
			switch b[2] {
			case 'A':
				keys <- keyUp
			case 'B':
				keys <- keyDown
			case 'C':
				keys <- keyRight
			case 'D':
				keys <- keyLeft
			case 'H':
				keys <- keyHome
			case 'F':
				keys <- keyEnd
			}
			b = b[3:]
		case c == 0x1b && len(b) == 2 && (b[1] == '[' || b[1] == 'O'), c == 0x1b && len(b) == 1:
			return b // wait for the rest
		case c == 0x1b:
			keys <- keyEsc
			b = b[1:]
		case c == '\r' || c == '\n':
			keys <- keyEnter
			b = b[1:]
		case c == 3:
			keys <- keyCtrlC
			b = b[1:]
		default:
			keys <- key(c)
			b = b[1:]
		}
	}
	return b[:0]
}
