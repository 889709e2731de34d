"""The Go side of the differential tests: the golden program
(examples/python/golden), built once per test run with the Go toolchain.

The tests that need it are skipped, with the reason, when the package is not
inside the repository (an installed copy) or Go is not found (on PATH or at
/usr/local/go/bin/go).
"""

import atexit
import json
import os
import shutil
import subprocess
import tempfile
import unittest

#: The repository's root: tests/ is in examples/python.
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))

_binary = None
_positions = None


def _go():
    found = shutil.which("go")
    if found:
        return found
    if os.access("/usr/local/go/bin/go", os.X_OK):
        return "/usr/local/go/bin/go"
    return None


def binary():
    """The path of the built golden program (raises SkipTest without Go)."""
    global _binary
    if _binary is None:
        if not os.path.exists(os.path.join(ROOT, "examples", "python", "golden", "main.go")):
            raise unittest.SkipTest(
                "the golden program is not here (not a checkout of the repository)"
            )
        go = _go()
        if go is None:
            raise unittest.SkipTest("the Go toolchain is not found (PATH, /usr/local/go/bin/go)")
        tmp = tempfile.mkdtemp(prefix="elasund-golden-")
        atexit.register(shutil.rmtree, tmp, True)
        path = os.path.join(tmp, "golden")
        subprocess.run([go, "build", "-o", path, "./examples/python/golden"], cwd=ROOT, check=True)
        _binary = path
    return _binary


def run(*args, stdin=None):
    """The golden program's output for args (str)."""
    out = subprocess.run(
        [binary()] + list(args), input=stdin, capture_output=True, text=True, check=True
    )
    return out.stdout


def serve(requests):
    """The golden program's replies (dicts) to requests (dicts), in order."""
    text = "".join(json.dumps(r) + "\n" for r in requests)
    return [json.loads(line) for line in run("serve", stdin=text).splitlines()]


def positions():
    """The sizes and the games of 'golden positions' (parsed once)."""
    global _positions
    if _positions is None:
        lines = run("positions").splitlines()
        _positions = (json.loads(lines[0]), [json.loads(line) for line in lines[1:]])
    return _positions
