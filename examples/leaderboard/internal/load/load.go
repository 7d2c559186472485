// Package load is the leaderboard's load generator (leaderboard load):
// different games played by the SDK's bot, posted from concurrent clients
// to a service on this machine, with the answers and latencies counted;
// or slow clients that hold their uploads open while the server's memory
// is sampled.
package load

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Result is what a load run measured.
type Result struct {
	Sent, Created, Duplicates, Failed int
	// Codes counts the answers by status code (0: no answer).
	Codes map[int]int
	// Latencies are the answered requests' times, in the order answered.
	Latencies []time.Duration
	Elapsed   time.Duration
	// Acked are the identity keys of the 201 answers.
	Acked []string
}

// Run posts bodies to target (a submit URL) from clients goroutines
// until they are all sent or ctx ends; onCreated, when not nil, is called
// with the number of 201 answers so far after each.
func Run(ctx context.Context, client *http.Client, target, token string, bodies [][]byte, clients int, onCreated func(int)) *Result {
	res := &Result{Codes: map[int]int{}}
	var mu sync.Mutex
	next := make(chan []byte)
	go func() {
		defer close(next)
		for _, b := range bodies {
			select {
			case next <- b:
			case <-ctx.Done():
				return
			}
		}
	}()
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for body := range next {
				t0 := time.Now()
				code, identity := postOnce(ctx, client, target, token, body)
				d := time.Since(t0)
				mu.Lock()
				res.Sent++
				res.Codes[code]++
				switch {
				case code == http.StatusCreated:
					res.Created++
					res.Acked = append(res.Acked, identity)
					if onCreated != nil {
						onCreated(res.Created)
					}
				case code == http.StatusOK:
					res.Duplicates++
				default:
					res.Failed++
				}
				if code != 0 {
					res.Latencies = append(res.Latencies, d)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res.Elapsed = time.Since(start)
	return res
}

// postOnce submits one record and returns the status code (0 when there
// was no answer) and the entry's identity.
func postOnce(ctx context.Context, client *http.Client, target, token string, body []byte) (int, string) {
	req, err := http.NewRequestWithContext(ctx, "POST", target, bytes.NewReader(body))
	if err != nil {
		return 0, ""
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, ""
	}
	// Only read: a Close error has nothing to add to ReadAll's, below.
	defer func() { _ = resp.Body.Close() }()
	var answer struct {
		Entry struct {
			Identity string `json:"identity"`
		} `json:"entry"`
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, "" // the answer was cut: not acknowledged
	}
	if err := json.Unmarshal(b, &answer); err != nil {
		return resp.StatusCode, "" // answered, but with no entry to name
	}
	return resp.StatusCode, answer.Entry.Identity
}

// percentile returns the p-th percentile (0 to 100) of ds.
func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}

// loopback refuses a target that is not this machine: the load generator
// is for one's own service.
func loopback(target string) error {
	u, err := url.Parse(target)
	if err != nil {
		return err
	}
	switch u.Hostname() {
	case "127.0.0.1", "::1", "localhost":
		return nil
	}
	return fmt.Errorf("load: %s is not a loopback address (127.0.0.1, ::1, localhost)", u.Host)
}

// Cmd is "leaderboard load": submissions a second and latencies at a
// number of clients, or the server's memory under slow clients.
func Cmd(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("leaderboard load", flag.ContinueOnError)
	base := fs.String("url", "http://127.0.0.1:8080", "the leaderboard (loopback only)")
	board := fs.String("board", "", "board to submit to (none: the default)")
	clients := fs.Int("clients", 8, "concurrent clients")
	n := fs.Int("n", 400, "submissions, each a different game (at most 20000)")
	suits := fs.Int("suits", 4, "suit count of the bot's games")
	first := fs.Uint64("first", uint64(time.Now().Unix()%1e6)*20000, "deal number of the first game (default: from the clock, so reruns are new games)")
	timeout := fs.Duration("time", 60*time.Second, "stop after this long")
	slow := fs.Int("slow", 0, "instead: this many slow clients, each sending a 1 MiB upload but its last byte")
	slowFor := fs.Duration("slow-for", 5*time.Second, "how long the slow clients hold on")
	pid := fs.Int("pid", 0, "the server's process, whose memory (VmHWM, VmRSS) is printed")
	tickets := fs.Bool("tickets", false, "deal each game with POST /games on the board (one that takes tickets) and send it with its ticket; its actions are 50 ms apart, so that its time fits the ticket's age")
	register := fs.Bool("register", false, "register a player name first (POST /players) and send its token with every submission")
	duels := fs.Int("duels", 0, "instead: this many duels at once at tables, each seat's action sent as it is played (the duel board's tables)")
	watchers := fs.Int("watchers", 2, "with -duels: registered players watching each table, one seat each in turn")
	pace := fs.Duration("pace", 2*time.Second, "with -duels: the mean time between a seat's actions (from half to one and a half of it)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := loopback(*base); err != nil {
		return err
	}
	if *duels > 0 {
		return Duels(strings.TrimRight(*base, "/"), DuelLoad{Duels: *duels, Watchers: *watchers, Pace: *pace, Time: *timeout, PID: *pid}, out)
	}
	target := strings.TrimRight(*base, "/") + "/submit"
	if *board != "" {
		target += "?board=" + url.QueryEscape(*board)
	}
	if *slow > 0 {
		return slowClients(target, min(*slow, 1024), *slowFor, *pid, out)
	}
	if *n < 1 || *n > 20000 || *clients < 1 || *clients > 256 {
		return errors.New("load: -n is 1 to 20000 and -clients 1 to 256")
	}
	t0 := time.Now()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *clients}, Timeout: 30 * time.Second}
	token, bodies, err := loadBodies(client, strings.TrimRight(*base, "/"), *board, *suits, *first, *n, *tickets, *register)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(out, "%d games of %d suits made in %.1f s\n", len(bodies), *suits, time.Since(t0).Seconds()); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	r := Run(ctx, client, target, token, bodies, *clients, nil)
	_, err = fmt.Fprintf(out, "%d clients: %d sent, %d created, %d duplicates, %d failed %v in %.2f s: %.0f submissions/s, p50 %.1f ms, p99 %.1f ms\n",
		*clients, r.Sent, r.Created, r.Duplicates, r.Failed, r.Codes, r.Elapsed.Seconds(), float64(r.Sent)/r.Elapsed.Seconds(),
		ms(percentile(r.Latencies, 50)), ms(percentile(r.Latencies, 99)))
	if err == nil && *pid > 0 {
		_, err = fmt.Fprintln(out, memory(*pid))
	}
	return err
}

// loadBodies makes the n games of a load, of deals first, first+1, ...,
// or with tickets of deals POST /games gives; with register, under a
// player name registered first, whose token it returns.
func loadBodies(client *http.Client, root, board string, suits int, first uint64, n int, tickets, register bool) (token string, bodies [][]byte, err error) {
	player := "load"
	if register {
		if player, token, err = registerLoadPlayer(client, root, first); err != nil {
			return "", nil, err
		}
	}
	if tickets {
		bodies, err = ticketRecords(client, root, board, suits, first, n, player)
	} else {
		bodies, err = BotRecords(suits, first, n, player)
	}
	return token, bodies, err
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// slowClients opens n connections that each send a 1 MiB submission but
// its last byte, hold on for d, and then go away; meanwhile it samples the
// server's memory.
func slowClients(target string, n int, d time.Duration, pid int, out io.Writer) error {
	u, err := url.Parse(target)
	if err != nil {
		return err
	}
	const size = 1 << 20
	body := bytes.Repeat([]byte("d "), size/2)
	var wg sync.WaitGroup
	var mu sync.Mutex
	sent := 0
	deadline := time.Now().Add(d)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
			if err != nil {
				return
			}
			// The client goes away when it is done: what its Close
			// says changes nothing of what was measured.
			defer func() { _ = c.Close() }()
			if err := c.SetWriteDeadline(deadline); err != nil {
				return // a client that could stall for ever: none
			}
			if _, err := fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n\r\n", u.RequestURI(), u.Host, size); err != nil {
				return // not even the head went: nothing sent
			}
			// The server's read limit or the deadline stops the write:
			// what counts is how much went before.
			w, _ := c.Write(body[:size-1])
			mu.Lock()
			sent += w
			mu.Unlock()
			time.Sleep(time.Until(deadline))
		}()
	}
	peak := ""
	if pid > 0 {
		for time.Now().Before(deadline) {
			peak = memory(pid)
			time.Sleep(250 * time.Millisecond)
		}
	}
	wg.Wait()
	_, err = fmt.Fprintf(out, "%d slow clients, %.1f MiB sent in all before they stalled\n", n, float64(sent)/(1<<20))
	if err == nil && pid > 0 {
		_, err = fmt.Fprintln(out, "server while they waited:", peak)
	}
	return err
}

// memory reads a process's peak and current resident memory.
func memory(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return "memory: " + err.Error()
	}
	var parts []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") || strings.HasPrefix(line, "VmRSS:") {
			parts = append(parts, strings.Join(strings.Fields(line), " "))
		}
	}
	return strings.Join(parts, ", ")
}
