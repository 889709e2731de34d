package main

import (
	"fmt"
	"log"
	"math"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/netutil"
	"golang.org/x/time/rate"
)

// The limits of the HTTP front, by default (the flags of the same names
// change them; main.go's doc says why each is what it is).
const (
	defaultHeaderTimeout = 10 * time.Second // -header-timeout: a request's headers
	defaultReadTimeout   = 30 * time.Second // -read-timeout: a whole request, its body too
	defaultWriteTimeout  = 30 * time.Second // -write-timeout: an answer, from the end of its request (a long poll adds its wait)
	defaultConnIdle      = 30 * time.Second // -conn-idle: a keep-alive connection between requests
	defaultMaxConns      = 512              // -max-conns: connections open at once; the others wait to be accepted
	defaultConnsPerAddr  = 64               // -max-conns-per-addr: connections open at once from one client address
	defaultCreateRate    = 6.0              // -create-rate: new games and records a minute, per address
	defaultCreateBurst   = 10               // -create-burst: new games and records at once, per address
	defaultGamesPerAddr  = 10               // -max-games-per-addr: unfinished games an address created, held at once
	maxClients           = 10000            // the addresses whose creations are counted, at most
	fileReserve          = 64               // file descriptors kept for the database, the listener and the rest
)

// timeouts are the deadlines of the server's connections.
type timeouts struct {
	Header, Read, Write, Idle time.Duration
}

// httpServer returns the server of handler h with the timeouts t (a zero
// one: none) and its errors logged to errorLog.
func httpServer(h http.Handler, t timeouts, errorLog *log.Logger) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: t.Header, ReadTimeout: t.Read, WriteTimeout: t.Write,
		IdleTimeout: t.Idle, ErrorLog: errorLog}
}

// limitListener returns ln accepting at most n connections open at once
// (netutil.LimitListener): the others wait in the system's queue of the
// listening socket until one closes, and hold no file descriptor. If
// perAddr is positive, a connection from a client address (clientOf's)
// that has perAddr open already is closed at once, so that one client
// cannot fill the n and make the others wait.
func limitListener(ln net.Listener, n, perAddr int) net.Listener {
	if perAddr > 0 {
		ln = &addrListener{Listener: ln, max: perAddr, open: map[string]int{}}
	}
	return netutil.LimitListener(ln, n)
}

// An addrListener closes at once a connection from a client address that
// has max open already. It counts the connections open by address (at
// most as many addresses as connections).
type addrListener struct {
	net.Listener
	max int

	mu   sync.Mutex
	open map[string]int
}

// Accept returns the next connection whose address has fewer than max
// open, closing the others.
func (l *addrListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addressKey(c.RemoteAddr().String())
		l.mu.Lock()
		full := l.open[key] >= l.max
		if !full {
			l.open[key]++
		}
		l.mu.Unlock()
		if !full {
			return &addrConn{Conn: c, l: l, key: key}, nil
		}
		c.Close()
	}
}

// An addrConn is a connection an addrListener counts until it closes.
type addrConn struct {
	net.Conn
	l    *addrListener
	key  string
	once sync.Once
}

// Close closes the connection and counts it closed, once.
func (c *addrConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.key]--; c.l.open[c.key] <= 0 {
			delete(c.l.open, c.key)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// connCap lowers a connection cap that the process's limit of open files
// (ulimit -n) could not hold, keeping fileReserve descriptors for the
// rest; it returns the cap and, if it lowered it, why.
func connCap(want int) (int, string) {
	limit, ok := openFileLimit()
	if !ok || limit > math.MaxInt32 || int(limit) >= want+fileReserve {
		return want, ""
	}
	got := max(int(limit)-fileReserve, 1)
	return got, fmt.Sprintf("-max-conns %d lowered to %d: the process may open %d files (ulimit -n)", want, got, limit)
}

// extendWrite moves the write deadline of a request that waits (a long
// poll) past its wait, so that the write timeout still bounds its answer.
func (s *server) extendWrite(w http.ResponseWriter, wait time.Duration) {
	if s.opts.WriteTimeout > 0 {
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(wait + s.opts.WriteTimeout)) // nothing to do if unsupported
	}
}

// A hostList is the host names the server answers to (-allowed-hosts),
// against DNS rebinding: another site's name made to point at this server
// (at 127.0.0.1, say) would make its pages same-origin with the server's
// for the visitor's browser. The browser sends that name in Host and
// Origin, and the server refuses it. An IP address is always allowed: a
// page reached by its address is this server's, no other site's.
type hostList struct {
	any   bool            // "*": every host
	names map[string]bool // lower case, no port, no final dot
}

// newHostList reads the names of -allowed-hosts: host names, with or
// without a port (which is ignored), or "*".
func newHostList(names []string) hostList {
	h := hostList{names: map[string]bool{}}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "*" {
			h.any = true
		}
		if n != "" {
			h.names[hostName(n)] = true
		}
	}
	return h
}

// defaultHosts are the names allowed unless -allowed-hosts names others:
// localhost, and the host of addr if it is a name. (127.0.0.1, [::1] and
// every other address are allowed as addresses.)
func defaultHosts(addr string) []string {
	out := []string{"localhost"}
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" && host != "localhost" {
		if _, err := netip.ParseAddr(host); err != nil {
			out = append(out, host)
		}
	}
	return out
}

// hostName returns the host of a Host header or an -allowed-hosts entry:
// lower case, without its port, brackets or final dot.
func hostName(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
}

// allows reports whether the server answers to hostport, a Host header
// or an origin's host ("" is a request without a Host, which no browser
// sends).
func (h hostList) allows(hostport string) bool {
	host := hostName(hostport)
	if h.any || hostport == "" || h.names[host] {
		return true
	}
	_, err := netip.ParseAddr(host)
	return err == nil
}

// checkHost refuses a request whose Host the server does not answer to
// (421); it writes the refusal and returns false.
func (s *server) checkHost(w http.ResponseWriter, r *http.Request) bool {
	if !s.hosts.allows(r.Host) {
		writeError(w, http.StatusMisdirectedRequest, "this server does not answer to the host %q (a name that is not its own is how another site's page would reach it); its operator allows a name with -allowed-hosts", clip(r.Host))
		return false
	}
	return true
}

// checkOrigin refuses a request that changes something whose Origin names
// a host the server does not answer to (403); it writes the refusal and
// returns false.
func (s *server) checkOrigin(w http.ResponseWriter, r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return true
	}
	if o := r.Header.Get("Origin"); o != "" && o != "null" {
		u, err := url.Parse(o)
		if err != nil || !s.hosts.allows(u.Host) {
			writeError(w, http.StatusForbidden, "a request from the origin %q is refused: this server does not answer to that host (-allowed-hosts)", clip(o))
			return false
		}
	}
	return true
}

// clientOf returns the key under which the request's client is counted:
// its IP address, or for IPv6 the /64 network, which one client usually
// holds whole. Behind a reverse proxy every client has the proxy's
// address (X-Forwarded-For, which anyone can write, is not read).
func clientOf(r *http.Request) string { return addressKey(r.RemoteAddr) }

// addressKey is clientOf for a remote address "IP:port".
func addressKey(remote string) string {
	ap, err := netip.ParseAddrPort(remote)
	if err != nil {
		return remote
	}
	a := ap.Addr().Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// A limiter bounds the creations (new games and uploaded records) of each
// client address with a token bucket: burst at once, then one every
// 1/perSecond. It remembers at most maxClients addresses: when full, it
// forgets those whose bucket has filled again (forgetting them changes
// nothing), and else the one unused longest.
type limiter struct {
	perSecond rate.Limit // 0: no limit
	burst     int
	max       int

	mu      sync.Mutex
	clients map[string]*bucket
}

type bucket struct {
	lim  *rate.Limiter
	last time.Time
}

// newLimiter returns a limiter of perMinute creations a minute, burst at
// once, for at most maxClients addresses; perMinute 0 is no limit.
func newLimiter(perMinute float64, burst, maxClients int) *limiter {
	return &limiter{perSecond: rate.Limit(perMinute / 60), burst: max(burst, 1), max: max(maxClients, 1), clients: map[string]*bucket{}}
}

// allow reports whether client may create something now, and counts it.
func (l *limiter) allow(client string, now time.Time) bool {
	if l.perSecond <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.clients[client]
	if b == nil {
		if len(l.clients) >= l.max {
			l.evictLocked(now)
		}
		b = &bucket{lim: rate.NewLimiter(l.perSecond, l.burst)}
		l.clients[client] = b
	}
	b.last = now
	return b.lim.AllowN(now, 1)
}

// evictLocked forgets the clients whose bucket is full again, or else the
// one unused longest. The caller holds l.mu.
func (l *limiter) evictLocked(now time.Time) {
	oldest := ""
	for k, b := range l.clients {
		if now.Sub(b.last).Seconds()*float64(l.perSecond) >= float64(l.burst) {
			delete(l.clients, k)
		} else if oldest == "" || b.last.Before(l.clients[oldest].last) {
			oldest = k
		}
	}
	if len(l.clients) >= l.max {
		delete(l.clients, oldest)
	}
}

// size returns the number of addresses remembered.
func (l *limiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.clients)
}

// every returns the time in which one more creation is allowed (at most
// a day).
func (l *limiter) every() time.Duration {
	if l.perSecond <= 0 {
		return 0
	}
	return time.Duration(min(float64(time.Second)/float64(l.perSecond), float64(24*time.Hour))) // a day at most: no overflow
}

// retryAfter is the Retry-After header of a refused creation: the seconds
// until one more is allowed, at most.
func (l *limiter) retryAfter() string {
	return strconv.Itoa(int(math.Ceil(l.every().Seconds())))
}

// allowCreation counts a new game or record of the request's client
// against its address's bucket; when the bucket is empty it writes a 429,
// with Retry-After, and returns false.
func (s *server) allowCreation(w http.ResponseWriter, r *http.Request) bool {
	client := clientOf(r)
	if s.creations.allow(client, time.Now()) {
		return true
	}
	w.Header().Set("Retry-After", s.creations.retryAfter())
	writeError(w, http.StatusTooManyRequests, "too many new games and records from your address (%s): at most %d at once, then one every %v; try again later",
		client, s.creations.burst, s.creations.every().Round(time.Second))
	return false
}

// clientGamesLocked counts the unfinished games held that client created,
// forgetting the creators of games no longer held. The caller holds s.mu.
func (s *server) clientGamesLocked(client string) int {
	n := 0
	for id, c := range s.creators {
		ss := s.games[id]
		switch {
		case ss == nil:
			delete(s.creators, id)
		case c == client && !ss.over():
			n++
		}
	}
	return n
}
