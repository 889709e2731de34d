"""The build backend of the elasund Python package (PEP 517), in the tree.

``pip install --no-build-isolation ./examples/python`` calls it. It compiles
the Go library as a C shared library with the Go toolchain (as build.sh
does) and packs it with the Python files into a wheel. It needs only the
standard library: the usual backends need setuptools and wheel, which a
machine without a package index may not have (Debian's python3 has no
wheel package, and PyPI may be out of reach), and the wheel format is a
zip file with three small text files in it.

The wheel is tagged py3-none-PLATFORM: the Python code runs on any Python
3, the library only on the platform it was built for. Go is found on PATH,
else at /usr/local/go/bin/go; the environment variable GO names another.
"""

import base64
import hashlib
import os
import shutil
import subprocess
import sysconfig
import tempfile
import zipfile

NAME = "elasund"
VERSION = "0.1.0"
SUMMARY = "Elasund: The First City, the complete rules engine (Go), for Python"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBRARY = "_libelasund.so"


def _go():
    go = os.environ.get("GO") or shutil.which("go")
    if not go and os.path.exists("/usr/local/go/bin/go"):
        go = "/usr/local/go/bin/go"
    if not go:
        raise RuntimeError(
            "elasund: building the package needs the Go toolchain (go on PATH, "
            "or GO=/path/to/go); see https://go.dev/doc/install"
        )
    return go


def _build_library(dst):
    """Compiles ./libelasund into dst with go build -buildmode=c-shared."""
    env = dict(os.environ, CGO_ENABLED="1")
    cmd = [_go(), "build", "-buildmode=c-shared", "-trimpath", "-o", dst, "./libelasund"]
    subprocess.run(cmd, cwd=HERE, env=env, check=True)


def _platform_tag():
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _metadata():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (
        "Metadata-Version: 2.1\n"
        "Name: %s\nVersion: %s\nSummary: %s\n"
        "License: MIT\nRequires-Python: >=3.8\n"
        "Description-Content-Type: text/markdown\n\n%s"
        % (NAME, VERSION, SUMMARY, readme)
    )


def _wheel_file(tag):
    return (
        "Wheel-Version: 1.0\nGenerator: elasund_build %s\n"
        "Root-Is-Purelib: false\nTag: %s\n" % (VERSION, tag)
    )


def _package_files():
    """The package's Python files: (path in the wheel, path on disk)."""
    pkg = os.path.join(HERE, NAME)
    out = []
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            out.append((NAME + "/" + name, os.path.join(pkg, name)))
    return out


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d\n" % (arcname, digest.decode("ascii"), len(data))


def get_requires_for_build_wheel(config_settings=None):
    """Nothing beyond the standard library (and the Go toolchain)."""
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """Builds the wheel into wheel_directory and returns its file name."""
    tag = "py3-none-" + _platform_tag()
    wheel_name = "%s-%s-%s.whl" % (NAME, VERSION, tag)
    dist_info = "%s-%s.dist-info" % (NAME, VERSION)
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, LIBRARY)
        _build_library(lib)
        files = []
        for arcname, path in _package_files():
            with open(path, "rb") as f:
                files.append((arcname, f.read()))
        with open(lib, "rb") as f:
            files.append((NAME + "/" + LIBRARY, f.read()))
        files.append((dist_info + "/METADATA", _metadata().encode("utf-8")))
        files.append((dist_info + "/WHEEL", _wheel_file(tag).encode("utf-8")))
        record = "".join(_record_line(a, d) for a, d in files)
        record += dist_info + "/RECORD,,\n"
        files.append((dist_info + "/RECORD", record.encode("utf-8")))
        path = os.path.join(wheel_directory, wheel_name)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for arcname, data in files:
                info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
    return wheel_name
