package main

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
)

// Answers are compressed with gzip when the client accepts it (a state's
// picture shrinks about tenfold), and a state or a file the client holds
// already (If-None-Match its ETag) is answered 304 with no body.

// acceptsGzip reports whether the request accepts a gzip-encoded answer.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed) // a valid level: no error
	return zw
}}

// gzipWriter compresses the body of an answer whose type is text, JSON or
// SVG; other answers (and a 304, 204 or partial content) pass as they are.
type gzipWriter struct {
	http.ResponseWriter
	zw      *gzip.Writer
	decided bool
}

func newGzipWriter(w http.ResponseWriter) *gzipWriter {
	w.Header().Add("Vary", "Accept-Encoding")
	return &gzipWriter{ResponseWriter: w}
}

func (g *gzipWriter) WriteHeader(status int) {
	if !g.decided {
		g.decided = true
		h := g.Header()
		ct := h.Get("Content-Type")
		compressible := strings.HasPrefix(ct, "text/") || strings.HasPrefix(ct, "application/json") ||
			strings.HasPrefix(ct, "image/svg+xml") || strings.HasPrefix(ct, "application/javascript")
		if compressible && status != http.StatusNoContent && status != http.StatusNotModified &&
			status != http.StatusPartialContent && h.Get("Content-Encoding") == "" {
			h.Del("Content-Length")
			h.Set("Content-Encoding", "gzip")
			g.zw = gzipWriters.Get().(*gzip.Writer)
			g.zw.Reset(g.ResponseWriter)
		}
	}
	g.ResponseWriter.WriteHeader(status)
}

func (g *gzipWriter) Write(b []byte) (int, error) {
	if !g.decided {
		g.WriteHeader(http.StatusOK)
	}
	if g.zw != nil {
		return g.zw.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

// Close ends the compressed stream.
func (g *gzipWriter) Close() {
	if g.zw != nil {
		g.zw.Close()
		gzipWriters.Put(g.zw)
		g.zw = nil
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

// contentTag is a strong ETag of data.
func contentTag(data []byte) string {
	sum := sha256.Sum256(data)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
}

// notModified reports whether the request's If-None-Match names etag.
func notModified(r *http.Request, etag string) bool {
	for _, t := range strings.Split(r.Header.Get("If-None-Match"), ",") {
		if t = strings.TrimSpace(t); t == etag || t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

// serveContent answers with data of type ctype, or 304 if the client has
// it (etag). The client checks each use (no-cache).
func serveContent(w http.ResponseWriter, r *http.Request, ctype, etag string, data []byte) {
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "no-cache")
	if notModified(r, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", ctype)
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

// writeState answers with a game's state, or 304 if the client has it: a
// page that asks again with nothing new (a long poll that timed out)
// receives no body.
func writeState(w http.ResponseWriter, r *http.Request, status int, st stateJSON) {
	data, err := json.Marshal(st)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	etag := contentTag(data)
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	if status == http.StatusOK && r.Method == http.MethodGet && notModified(r, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}
