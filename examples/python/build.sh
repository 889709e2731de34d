#!/usr/bin/env bash
# Builds the Python package elasund in place: compiles the Go library as a C
# shared library into elasund/_libelasund.so, so that
#   PYTHONPATH=examples/python python3 -c 'import elasund'
# works. Needs Go (1.24 or later) and a C compiler for cgo; downloads nothing
# beyond the Go modules of the library itself (none at run time).
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  export PATH="/usr/local/go/bin:$PATH"
fi
CGO_ENABLED=1 go build -buildmode=c-shared -trimpath -o elasund/_libelasund.so ./libelasund
# The header go build writes beside it is of no use to ctypes.
rm -f elasund/_libelasund.h
echo "built $(pwd)/elasund/_libelasund.so"
