package main

import (
	"encoding/binary"
	"encoding/json"
	"strconv"
	"sync"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/calls"
	"github.com/spiderkit/spider/lklynet"
)

// library is the process's games. Each game lives in a calls.API of its
// own, behind its own lock, so that a long call on one game (the Expert
// level's advice, say) never makes the calls on another wait; the calls
// that need no game run in an API of their own. Its zero value is ready.
type library struct {
	mu    sync.Mutex // guards games and last
	games map[int32]*slot
	last  int32 // the last handle given

	codecOnce sync.Once
	codec     *codec.Codec // shared by every API; nil: each builds its own

	// held, when not nil, is called with each call on a game once it
	// holds the game's lock (a test's signal that a long call is under
	// way).
	held func(op calls.Op)
}

// newAPI is an API with the library's codec.
func (l *library) newAPI(a *calls.API) {
	l.codecOnce.Do(func() { l.codec, _ = codec.New(lklynet.Option()) })
	if l.codec != nil {
		a.ShareCodec(l.codec)
	}
}

// slot is one game: its API, whose only game has handle h there.
type slot struct {
	mu  sync.Mutex
	api calls.API
	h   int32
}

// call runs op on req (the library's own copy) and returns a copy of the
// answer.
func (l *library) call(op int32, req []byte) []byte {
	switch o := calls.Op(op); {
	case o.Opens():
		return l.open(o, req)
	case o.OnGame() && len(req) >= 4:
		return l.onGame(o, req)
	default:
		var api calls.API // no game in it: nothing shared with another call
		l.newAPI(&api)
		return api.Call(o, req)
	}
}

// open runs a call that opens a game in an API of its own, and answers
// the handle the library gives it.
func (l *library) open(op calls.Op, req []byte) []byte {
	s := &slot{}
	l.newAPI(&s.api)
	out := s.api.Call(op, req)
	var answer struct {
		OK *int32 `json:"ok"`
	}
	if json.Unmarshal(out, &answer) != nil || answer.OK == nil {
		return append([]byte(nil), out...) // an error answer
	}
	s.h = *answer.OK
	l.mu.Lock()
	if l.games == nil {
		l.games = map[int32]*slot{}
	}
	l.last++
	h := l.last
	l.games[h] = s
	l.mu.Unlock()
	return []byte(`{"ok":` + strconv.Itoa(int(h)) + `}`)
}

// onGame runs a call on the game whose handle starts req, under that
// game's lock only.
func (l *library) onGame(op calls.Op, req []byte) []byte {
	h := int32(binary.LittleEndian.Uint32(req))
	l.mu.Lock()
	s := l.games[h]
	if op == calls.OpFree {
		delete(l.games, h)
	}
	l.mu.Unlock()
	if s == nil {
		if op == calls.OpFree {
			return []byte(`{"ok":true}`) // as the API frees a game it does not have
		}
		return calls.ErrorAnswer(calls.ErrNoGame.Detailf("no game %d (freed, or never started)", h))
	}
	binary.LittleEndian.PutUint32(req, uint32(s.h))
	s.mu.Lock()
	defer s.mu.Unlock()
	if l.held != nil {
		l.held(op)
	}
	return append([]byte(nil), s.api.Call(op, req)...)
}
