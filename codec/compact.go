package codec

import "github.com/spiderkit/spider"

func indexCode(r *Record) ([]byte, error) { return nil, ErrNotReplayable }

func indexDecode(r *Record, body []byte, n int) ([]spider.Action, error) {
	return nil, ErrNotReplayable
}
