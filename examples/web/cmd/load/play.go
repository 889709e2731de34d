package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// result is what one setup measured.
type result struct {
	name      string
	moves     int     // moves answered 200
	perSecond float64 // moves answered 200 a second
	p50, p99  time.Duration
	errors    int // answers other than 200 and failed requests
}

// The answers of the API, as far as the load reads them.
type (
	created struct {
		ID    string `json:"id"`
		Seats []struct {
			Token string `json:"token"`
		} `json:"seats"`
	}
	state struct {
		Version int    `json:"version"`
		SVGHash string `json:"svgHash"`
		Moves   []struct {
			Text string `json:"text"`
		} `json:"moves"`
		End json.RawMessage `json:"end"`
	}
)

var httpClient = &http.Client{
	Timeout:   30 * time.Second,
	Transport: &http.Transport{MaxIdleConnsPerHost: 1024, MaxConnsPerHost: 0},
}

// startServers starts the server's binary on each -db of s, on loopback
// ports, with the limits of one client address lifted (all the load comes
// from one), and returns their URLs and a function that stops them.
func startServers(bin string, s setup, games int) ([]string, func(), error) {
	var urls []string
	var cmds []*exec.Cmd
	stop := func() {
		for _, c := range cmds {
			c.Process.Signal(syscall.SIGTERM)
			c.Wait()
		}
	}
	for _, db := range s.dbs {
		cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-db", db, "-max-games", fmt.Sprint(games+50),
			"-max-games-per-addr", "0", "-create-rate", "0", "-max-conns-per-addr", "0", "-max-conns", "4096")
		out, err := cmd.StdoutPipe()
		if err != nil {
			stop()
			return nil, nil, err
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			stop()
			return nil, nil, err
		}
		cmds = append(cmds, cmd)
		lines := bufio.NewScanner(out)
		u := ""
		for u == "" && lines.Scan() {
			if _, rest, ok := strings.Cut(lines.Text(), "play at "); ok {
				u, _, _ = strings.Cut(rest, " ")
			}
		}
		if u == "" {
			stop()
			return nil, nil, fmt.Errorf("the server did not start: %s", stderr.String())
		}
		go io.Copy(io.Discard, out)
		urls = append(urls, strings.TrimSuffix(u, "/"))
	}
	return urls, stop, nil
}

// measure plays games games at once on the servers of s for d.
func measure(bin string, s setup, games int, d time.Duration) (result, error) {
	urls, stop, err := startServers(bin, s, games)
	if err != nil {
		return result{}, err
	}
	defer stop()
	var mu sync.Mutex
	var latencies []time.Duration
	errs := 0
	var wg sync.WaitGroup
	begin := time.Now()
	end := begin.Add(d)
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat, n := play(urls, rand.New(rand.NewPCG(uint64(g), 26)), end)
			mu.Lock()
			latencies = append(latencies, lat...)
			errs += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(begin)
	if len(latencies) == 0 {
		return result{}, errors.New("no move was answered 200")
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))].Round(100 * time.Microsecond)
	}
	return result{name: s.name, moves: len(latencies), perSecond: float64(len(latencies)) / elapsed.Seconds(),
		p50: pct(0.50), p99: pct(0.99), errors: errs}, nil
}

// play plays games of two people one after another until end, as their
// pages would, and returns the latencies of the moves answered 200 and
// the count of the other answers and failures.
func play(urls []string, r *rand.Rand, end time.Time) ([]time.Duration, int) {
	var lat []time.Duration
	errs := 0
	server := func() string { return urls[r.IntN(len(urls))] }
	for time.Now().Before(end) {
		var c created
		if call(server(), "POST", "/api/games", "", `{"seats": ["human", "human"]}`, &c) != nil || len(c.Seats) != 2 {
			errs++
			time.Sleep(100 * time.Millisecond)
			continue
		}
		seat := 0
		var st state
		var hashes [2]string // each seat's picture, which its page has
		for time.Now().Before(end) {
			if len(st.Moves) == 0 { // the other seat decides (or nothing is known yet)
				seat = 1 - seat
				var next state
				path := fmt.Sprintf("/api/games/%s?from=%d&svg=%s", c.ID, st.Version, url.QueryEscape(hashes[seat]))
				if err := call(server(), "GET", path, c.Seats[seat].Token, "", &next); err != nil {
					errs++
					continue
				}
				if next.End != nil && string(next.End) != "null" {
					break // a new game
				}
				st, hashes[seat] = next, next.SVGHash
				continue
			}
			body := fmt.Sprintf(`{"move": %q, "after": %d}`, st.Moves[r.IntN(len(st.Moves))].Text, st.Version)
			path := fmt.Sprintf("/api/games/%s/moves?from=%d&svg=%s", c.ID, st.Version, url.QueryEscape(hashes[seat]))
			t0 := time.Now()
			var next state
			if err := call(server(), "POST", path, c.Seats[seat].Token, body, &next); err != nil {
				errs++
				st = state{Version: st.Version}
				seat = 1 - seat // ask the same seat again
				continue
			}
			lat = append(lat, time.Since(t0))
			st, hashes[seat] = next, next.SVGHash
		}
	}
	return lat, errs
}

// call sends a request with a seat's token (if any) and decodes a 2xx
// answer into v.
func call(base, method, path, token, body string, v any) error {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		return err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := httpClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		io.Copy(io.Discard, res.Body)
		return fmt.Errorf("%s %s: %s", method, path, res.Status)
	}
	return json.NewDecoder(res.Body).Decode(v)
}
