package load

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// postJSON posts v as JSON to url and decodes the answer into out; an
// answer other than want is an error with its body.
func postJSON(client *http.Client, url string, v any, want int, out any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	resp, err := client.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	// Only read: a Close error has nothing to add to ReadAll's, below.
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != want {
		return fmt.Errorf("load: POST %s: %d %s", url, resp.StatusCode, bytes.TrimSpace(b))
	}
	return json.Unmarshal(b, out)
}

// registerLoadPlayer registers the load's player name (from its first deal
// number, so that reruns are new names) and returns it with its token.
func registerLoadPlayer(client *http.Client, root string, first uint64) (name, token string, err error) {
	name = fmt.Sprintf("load%d", first)
	var answer struct {
		Token string `json:"token"`
	}
	if err := postJSON(client, root+"/players", map[string]string{"name": name}, http.StatusCreated, &answer); err != nil {
		return "", "", err
	}
	return name, answer.Token, nil
}

// ticketRecords deals n games with POST /games on board and returns the
// bot's record of each in text form, its ticket in a Ticket tag and its
// actions 50 ms apart (so that the game's time fits the ticket's age
// within the service's tolerance).
func ticketRecords(client *http.Client, root, board string, suits int, first uint64, n int, player string) ([][]byte, error) {
	out := make([][]byte, 0, n)
	for i := 0; i < n; i++ {
		var game struct {
			Ticket string `json:"ticket"`
			Deal   string `json:"deal"`
		}
		req := map[string]any{"board": board, "suits": suits, "player": player}
		if err := postJSON(client, root+"/games", req, http.StatusCreated, &game); err != nil {
			return nil, err
		}
		code, err := spider.ParseCode(game.Deal)
		if err != nil {
			return nil, err
		}
		rec, err := botGame(code, first+uint64(i), func(int) uint32 { return 50 },
			codec.Tag{Name: "Player", Value: player}, codec.Tag{Name: "Ticket", Value: game.Ticket})
		if err != nil {
			return nil, err
		}
		text, err := codec.AppendText(nil, rec)
		if err != nil {
			return nil, err
		}
		out = append(out, text)
	}
	return out, nil
}
