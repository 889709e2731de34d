package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// countListener counts the connections it accepted that are open, and
// the most that were open at once.
type countListener struct {
	net.Listener
	open, peak atomic.Int64
}

func (l *countListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	n := l.open.Add(1)
	for {
		p := l.peak.Load()
		if n <= p || l.peak.CompareAndSwap(p, n) {
			break
		}
	}
	return &countConn{Conn: c, l: l}, nil
}

type countConn struct {
	net.Conn
	l    *countListener
	once sync.Once
}

func (c *countConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
}

// serveLimited serves h on a loopback port as the command does: with the
// timeouts to, and at most maxConns connections open if it is positive,
// perAddr of them from one address if it is positive. It returns the
// address and the listener that counts the connections.
func serveLimited(t *testing.T, h http.Handler, to timeouts, maxConns, perAddr int) (string, *countListener) {
	t.Helper()
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := &countListener{Listener: raw}
	ln := net.Listener(cl)
	if maxConns > 0 {
		ln = limitListener(cl, maxConns, perAddr)
	}
	hs := httpServer(h, to, log.New(io.Discard, "", 0))
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return raw.Addr().String(), cl
}

// rawConn is a client's connection, which sends requests by hand.
type rawConn struct {
	net.Conn
	r *bufio.Reader
}

func dial(t *testing.T, addr string) *rawConn {
	t.Helper()
	return dialFrom(t, "", addr)
}

// dialFrom connects from the loopback address from ("": any).
func dialFrom(t *testing.T, from, addr string) *rawConn {
	t.Helper()
	d := net.Dialer{}
	if from != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(from)}
	}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &rawConn{Conn: c, r: bufio.NewReader(c)}
}

// get sends GET path, keeping the connection open unless close.
func (c *rawConn) get(t *testing.T, path string, close bool) {
	t.Helper()
	req := "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
	if close {
		req += "Connection: close\r\n"
	}
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
}

// answer reads an answer within d, and returns its status.
func (c *rawConn) answer(d time.Duration) (int, error) {
	res, err := c.response(d)
	if err != nil {
		return 0, err
	}
	return res.StatusCode, nil
}

// response reads an answer within d, its body too.
func (c *rawConn) response(d time.Duration) (*http.Response, error) {
	c.SetReadDeadline(time.Now().Add(d))
	res, err := http.ReadResponse(c.r, nil)
	if err != nil {
		return nil, err
	}
	_, err = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res, err
}

// closed reports whether the server closes the connection within d: a
// read returns the end of the stream (or a reset) and not a timeout.
func (c *rawConn) closed(d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := c.r.ReadByte()
	return err != nil && !errors.Is(err, os.ErrDeadlineExceeded)
}

// TestIdleConnections: keep-alive connections left idle after their
// answer are closed by the server after the idle timeout, every one.
func TestIdleConnections(t *testing.T) {
	s, _ := testServer(t, options{})
	// The other timeouts are longer than the test waits: the idle one
	// closes the connections.
	addr, cl := serveLimited(t, s, timeouts{Header: time.Minute, Read: time.Minute, Idle: 200 * time.Millisecond}, 0, 0)
	const n = 50
	conns := make([]*rawConn, n)
	for i := range conns {
		conns[i] = dial(t, addr)
		conns[i].get(t, "/api/bots", false)
		res, err := conns[i].response(10 * time.Second)
		if err != nil || res.StatusCode != http.StatusOK || res.Close {
			t.Fatalf("connection %d: %v %v (the answer closes the connection: %v)", i, res, err, res != nil && res.Close)
		}
	}
	for i, c := range conns {
		if !c.closed(10 * time.Second) {
			t.Fatalf("idle connection %d is not closed", i)
		}
	}
	if !waitUntil(10*time.Second, func() bool { return cl.open.Load() == 0 }) {
		t.Fatalf("%d connections still open", cl.open.Load())
	}
}

// TestSlowBody: a body dripped a byte at a time is cut off at the read
// timeout (408), long before it would have been sent whole.
func TestSlowBody(t *testing.T) {
	s, _ := testServer(t, options{MaxGames: 4})
	addr, cl := serveLimited(t, s, timeouts{Header: 5 * time.Second, Read: 300 * time.Millisecond, Idle: 5 * time.Second}, 0, 0)
	const size = 4000 // 40 s at a byte every 10 ms
	c := dial(t, addr)
	fmt.Fprintf(c, "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"seats\":", size)
	var sent atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range size - 9 {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
			if _, err := c.Write([]byte(" ")); err != nil {
				return
			}
			sent.Add(1)
		}
	}()
	status, err := c.answer(20 * time.Second)
	close(stop)
	<-done
	if status != http.StatusRequestTimeout || sent.Load() >= size-9 {
		t.Fatalf("a dripped body: %d %v after %d of %d bytes", status, err, sent.Load(), size)
	}
	if !c.closed(10*time.Second) || !waitUntil(10*time.Second, func() bool { return cl.open.Load() == 0 }) {
		t.Fatal("the connection of the dripped body is not closed")
	}
	t.Logf("cut off after %d of %d bytes", sent.Load(), size)
}

// TestConnectionCap: beyond the cap a connection waits, and is served
// once another closes; no more than the cap are ever open.
func TestConnectionCap(t *testing.T) {
	s, _ := testServer(t, options{})
	const limit, waiting = 3, 10
	addr, cl := serveLimited(t, s, timeouts{Header: 10 * time.Second, Read: 10 * time.Second, Idle: time.Minute}, limit, 0)
	held := make([]*rawConn, limit)
	for i := range held {
		held[i] = dial(t, addr)
		held[i].get(t, "/api/bots", false)
		if status, err := held[i].answer(10 * time.Second); status != http.StatusOK {
			t.Fatalf("connection %d: %d %v", i, status, err)
		}
	}
	queue := make([]*rawConn, waiting)
	for i := range queue {
		queue[i] = dial(t, addr) // the system accepts it into the listening socket's queue
		queue[i].get(t, "/api/bots", true)
	}
	// While the cap's connections are held, the others wait.
	if _, err := queue[0].answer(300 * time.Millisecond); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a connection beyond the cap was answered: %v", err)
	}
	if open := cl.open.Load(); open != limit {
		t.Fatalf("%d connections open, the cap is %d", open, limit)
	}
	// One closes: the others are served, one after another.
	held[0].Close()
	for i, c := range queue {
		c.r.Reset(c.Conn) // after the timeout above: read afresh
		if status, err := c.answer(10 * time.Second); status != http.StatusOK {
			t.Fatalf("waiting connection %d: %d %v", i, status, err)
		}
	}
	if peak := cl.peak.Load(); peak > limit {
		t.Fatalf("%d connections were open at once, the cap is %d", peak, limit)
	}
}

// TestConnectionsPerAddress: one address holding its share of the
// connections has the others it opens closed at once, without their
// taking the cap, while another address is served.
func TestConnectionsPerAddress(t *testing.T) {
	if c, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).Dial("tcp", "127.0.0.1:1"); err != nil &&
		!errors.Is(err, syscall.ECONNREFUSED) {
		t.Skipf("no loopback address 127.0.0.2 to connect from: %v", err)
	} else if c != nil {
		c.Close()
	}
	s, _ := testServer(t, options{})
	const limit, perAddr = 10, 3
	addr, cl := serveLimited(t, s, timeouts{Header: 10 * time.Second, Read: 10 * time.Second, Idle: time.Minute}, limit, perAddr)
	for i := range perAddr {
		c := dialFrom(t, "127.0.0.1", addr)
		c.get(t, "/api/bots", false)
		if status, err := c.answer(10 * time.Second); status != http.StatusOK {
			t.Fatalf("connection %d: %d %v", i, status, err)
		}
	}
	for i := range 5 {
		c := dialFrom(t, "127.0.0.1", addr)
		c.get(t, "/api/bots", false)
		if !c.closed(10 * time.Second) {
			t.Fatalf("connection %d beyond the address's share was not closed", perAddr+i)
		}
	}
	other := dialFrom(t, "127.0.0.2", addr)
	other.get(t, "/api/bots", true)
	if status, err := other.answer(10 * time.Second); status != http.StatusOK {
		t.Fatalf("another address: %d %v", status, err)
	}
	// The connections beyond the share are not held: the share alone is.
	if !waitUntil(10*time.Second, func() bool { return cl.open.Load() == perAddr }) {
		t.Fatalf("%d connections open, the address's share is %d", cl.open.Load(), perAddr)
	}
}

// TestLongPollWriteTimeout: a long poll waits longer than the write
// timeout and is answered all the same (it moves its write deadline),
// while the write timeout holds for the other requests.
func TestLongPollWriteTimeout(t *testing.T) {
	const write = 200 * time.Millisecond
	s, _ := testServer(t, options{MaxGames: 4, MaxWait: time.Second, WriteTimeout: write, BotDelay: time.Hour})
	addr, _ := serveLimited(t, s, timeouts{Header: 5 * time.Second, Read: 5 * time.Second, Write: write, Idle: 5 * time.Second}, 0, 0)
	ts := &httptest.Server{URL: "http://" + addr}
	c := create(t, ts, `{"seats": ["human", "human"]}`)
	begin := time.Now()
	st := stateAs(t, ts, c.ID+fmt.Sprintf("?after=%d", c.State.Version), c.Token) // nobody moves: it waits MaxWait
	if st.Version != c.State.Version {
		t.Fatalf("the long poll answered version %d, want %d", st.Version, c.State.Version)
	}
	t.Logf("a long poll of %v answered after %v, with a write timeout of %v", time.Second, time.Since(begin).Round(time.Millisecond), write)
}

// TestAllowedHosts: a request whose Host is not the server's name (DNS
// rebinding: another site's name pointed at the server, its page's Origin
// the same name) is refused; the server's names and IP addresses pass;
// -allowed-hosts names others, and "*" any.
func TestAllowedHosts(t *testing.T) {
	const body = `{"seats": ["human", "random"]}`
	for _, tc := range []struct {
		name    string
		allowed []string // options.AllowedHosts (nil: the default)
		host    string   // "PORT" is the server's port
		origin  string
		extra   []string // more headers
		status  int
		err     string
	}{
		{"rebinding", nil, "rebind.evil:PORT", "http://rebind.evil:PORT", nil, 421, `does not answer to the host "rebind.evil:`},
		{"rebinding, no origin", nil, "rebind.evil:PORT", "", nil, 421, "-allowed-hosts"},
		{"the address", nil, "127.0.0.1:PORT", "http://127.0.0.1:PORT", nil, 201, ""},
		{"localhost", nil, "localhost:PORT", "http://localhost:PORT", nil, 201, ""},
		{"localhost, upper case and a final dot", nil, "LocalHost.:PORT", "", nil, 201, ""},
		{"IPv6 loopback", nil, "[::1]:PORT", "http://[::1]:PORT", nil, 201, ""},
		{"another address", nil, "192.0.2.7:PORT", "", nil, 201, ""},
		{"an allowed Host, another Origin", nil, "localhost:PORT", "http://rebind.evil:PORT",
			[]string{"Sec-Fetch-Site", "same-origin"}, 403, "the origin \"http://rebind.evil:"},
		{"a name allowed", []string{"play.example.org"}, "play.example.org", "https://play.example.org", []string{"X-Forwarded-Proto", "https"}, 201, ""},
		{"localhost not named", []string{"play.example.org"}, "localhost:PORT", "", nil, 421, "does not answer"},
		{"any", []string{"*"}, "rebind.evil:PORT", "http://rebind.evil:PORT", nil, 201, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, ts := testServer(t, options{MaxGames: 4, AllowedHosts: tc.allowed})
			port := ts.URL[strings.LastIndex(ts.URL, ":")+1:]
			req, err := http.NewRequest("POST", ts.URL+"/api/games", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Host = strings.ReplaceAll(tc.host, "PORT", port)
			req.Header.Set("Content-Type", "application/json")
			if tc.origin != "" {
				req.Header.Set("Origin", strings.ReplaceAll(tc.origin, "PORT", port))
			}
			for i := 0; i+1 < len(tc.extra); i += 2 {
				req.Header.Set(tc.extra[i], tc.extra[i+1])
			}
			res, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != tc.status || (tc.err != "" && !strings.Contains(errorOf(t, data, res.Header.Get("Content-Type")), tc.err)) {
				t.Fatalf("%d %s, want %d %q", res.StatusCode, data, tc.status, tc.err)
			}
			if want := map[bool]int{true: 1, false: 0}[tc.status == 201]; gameCount(s) != want {
				t.Fatalf("%d games", gameCount(s))
			}
		})
	}
	for _, tc := range []struct{ addr, want string }{
		{"127.0.0.1:8080", "localhost"},
		{":8080", "localhost"},
		{"localhost:8080", "localhost"},
		{"[::1]:8080", "localhost"},
		{"play.example.org:80", "localhost,play.example.org"},
	} {
		if got := strings.Join(defaultHosts(tc.addr), ","); got != tc.want {
			t.Errorf("defaultHosts(%q) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}

// createFrom creates a game (or a record, if record is set) as a client
// of address remote, and returns the answer.
func createFrom(t *testing.T, s *server, remote, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.RemoteAddr = remote
	req.Host = "127.0.0.1"
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w
}

// TestCreationLimits: one address creating fast is refused (429, with
// Retry-After) after its burst, while another address still creates; the
// addresses of one IPv6 /64 share one allowance; records count with
// games; ending a game gives nothing back. And one address holds at most
// MaxGamesPerClient unfinished games.
func TestCreationLimits(t *testing.T) {
	const game = `{"seats": ["human", "random"]}`
	rec := replayBody(t, playedRecord(t, 2, 3, 5).String())
	t.Run("rate", func(t *testing.T) {
		s, _ := testServer(t, options{MaxGames: 50, CreateRate: 6, CreateBurst: 3, BotDelay: time.Hour})
		for _, tc := range []struct {
			remote, path, body string
			status             int
		}{
			{"192.0.2.1:1000", "/api/games", game, 201},
			{"192.0.2.1:1001", "/api/games", game, 201},
			{"192.0.2.1:1002", "/api/replays", rec, 201}, // a record counts too
			{"192.0.2.1:1003", "/api/games", game, 429},
			{"192.0.2.1:1004", "/api/replays", rec, 429},
			{"192.0.2.2:1000", "/api/games", game, 201}, // another address
			{"[::ffff:192.0.2.1]:1005", "/api/games", game, 429},
			{"[2001:db8::1]:1000", "/api/games", game, 201},
			{"[2001:db8::2]:1000", "/api/games", game, 201},
			{"[2001:db8::ffff:3]:1000", "/api/games", game, 201},
			{"[2001:db8::4]:1000", "/api/games", game, 429}, // the same /64
			{"[2001:db8:0:1::1]:1000", "/api/games", game, 201},
		} {
			w := createFrom(t, s, tc.remote, tc.path, tc.body)
			if w.Code != tc.status {
				t.Fatalf("%s %s: %d %s, want %d", tc.remote, tc.path, w.Code, w.Body, tc.status)
			}
			if w.Code == 429 && (w.Header().Get("Retry-After") != "10" || !strings.Contains(w.Body.String(), "too many new games and records from your address")) {
				t.Fatalf("%s: Retry-After %q, %s", tc.remote, w.Header().Get("Retry-After"), w.Body)
			}
		}
	})
	t.Run("held", func(t *testing.T) {
		s, _ := testServer(t, options{MaxGames: 50, MaxGamesPerClient: 2, BotDelay: time.Hour})
		var first createdJSON
		for i, want := range []int{201, 201, 429} {
			w := createFrom(t, s, "192.0.2.1:1000", "/api/games", game)
			if w.Code != want || (want == 429 && !strings.Contains(w.Body.String(), "too many games of your address (192.0.2.1) at once (at most 2)")) {
				t.Fatalf("game %d: %d %s", i, w.Code, w.Body)
			}
			if i == 0 {
				decode(t, w.Body.Bytes(), &first)
			}
		}
		if w := createFrom(t, s, "192.0.2.2:1000", "/api/games", game); w.Code != 201 {
			t.Fatalf("another address: %d %s", w.Code, w.Body)
		}
		// A game ended makes room for its creator's address.
		req := httptest.NewRequest("DELETE", "/api/games/"+first.ID, nil)
		req.Host = "127.0.0.1"
		req.Header.Set("Authorization", "Bearer "+first.Admin)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != 200 {
			t.Fatalf("ending: %d %s", w.Code, w.Body)
		}
		if w := createFrom(t, s, "192.0.2.1:1000", "/api/games", game); w.Code != 201 {
			t.Fatalf("after ending one: %d %s", w.Code, w.Body)
		}
	})
	t.Run("bounded", func(t *testing.T) {
		// The addresses remembered are bounded; one that used its burst
		// stays refused while it is remembered, and is allowed again
		// once its allowance refills.
		l := newLimiter(60, 2, 100) // one a second, two at once
		now := time.Unix(1000, 0)
		for i, want := range []bool{true, true, false} {
			if got := l.allow("x", now); got != want {
				t.Fatalf("creation %d at once: allowed %v", i+1, got)
			}
		}
		for i := range 1000 {
			l.allow(fmt.Sprint("a", i), now)
			if l.size() > 100 {
				t.Fatalf("%d addresses remembered, at most 100", l.size())
			}
		}
		l = newLimiter(60, 2, 100)
		l.allow("x", now)
		l.allow("x", now)
		for i := range 99 { // full: x and 99 others
			l.allow(fmt.Sprint("a", i), now.Add(time.Second))
		}
		if l.allow("x", now.Add(time.Second/2)) {
			t.Fatal("a drained address was allowed again before its refill")
		}
		// Full: a new address forgets those whose allowance has refilled.
		later := now.Add(10 * time.Second)
		if !l.allow("new", later) || l.size() != 1 {
			t.Fatalf("%d addresses remembered after the refill", l.size())
		}
	})
}

// TestConnCap: the connection cap fits in the process's limit of open
// files, keeping fileReserve of them for the rest.
func TestConnCap(t *testing.T) {
	limit, ok := openFileLimit()
	if !ok || limit > 1<<20 {
		t.Skipf("no limit of open files to fit (%d, %v)", limit, ok)
	}
	for _, tc := range []struct{ want, got int }{
		{1, 1},
		{int(limit) - fileReserve, int(limit) - fileReserve},
		{int(limit), int(limit) - fileReserve},
		{int(limit) * 2, int(limit) - fileReserve},
	} {
		got, why := connCap(tc.want)
		if got != tc.got || (why != "") != (tc.got != tc.want) {
			t.Errorf("connCap(%d) = %d, %q; want %d (the limit %d)", tc.want, got, why, tc.got, limit)
		}
	}
}
