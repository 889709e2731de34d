package main

import (
	"context"
	"net/http"
	"time"
)

// healthJSON answers GET /healthz.
type healthJSON struct {
	OK     bool   `json:"ok"`
	Store  string `json:"store"`            // "sqlite" or "postgres"
	Server string `json:"server,omitempty"` // with several servers, this one's name in the leases
	// Searching is the bots' searches running now on this server.
	Searching int64  `json:"searching"`
	Error     string `json:"error,omitempty"`
}

// A pinger is a store that can tell whether its database answers.
type pinger interface {
	Ping(ctx context.Context) error
}

// handleHealth serves GET /healthz, for a load balancer or a supervisor:
// 200 while the server takes requests and its database answers, 503 once
// the server is shutting down (so that a balancer sends it nothing more)
// or when the database does not answer within a few seconds.
func (s *server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet, http.MethodHead) {
		return
	}
	out := healthJSON{OK: true, Store: "sqlite", Searching: s.searching.Load()}
	if s.shared != nil {
		out.Store, out.Server = "postgres", s.shared.Name()
	}
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		out.OK, out.Error = false, errShuttingDown.Error()
	} else if p, ok := s.store.(pinger); ok {
		ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
		defer cancel()
		if err := p.Ping(ctx); err != nil {
			out.OK, out.Error = false, "the database does not answer: "+err.Error()
		}
	}
	status := http.StatusOK
	if !out.OK {
		status = http.StatusServiceUnavailable
	}
	writeJSON(w, status, out)
}
