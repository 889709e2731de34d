"""Loading the Go library (a C shared library) and calling it safely.

Private to the package. The library is ``_libelasund.so`` beside this file
(``bash examples/python/build.sh`` or ``pip install`` puts it there), or the
file that the environment variable ``ELASUND_LIBRARY`` names.

Conventions (see examples/python/libelasund/main.go): Go values are handles
(integers); a function that can fail takes an error buffer and its size as
its last two arguments and returns a negative number on failure, with the
message in the buffer. ``call`` passes the buffer and turns a failure into
``ValueError``.
"""

import ctypes
import os
import threading

_HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY_NAME = "_libelasund.so"


def _path():
    return os.environ.get("ELASUND_LIBRARY") or os.path.join(_HERE, LIBRARY_NAME)


def _load():
    path = _path()
    if not os.path.exists(path):
        raise ImportError(
            "elasund: the Go library %s is not built; run "
            "'bash examples/python/build.sh' (needs Go and a C compiler), or "
            "install the package with "
            "'pip install --no-build-isolation ./examples/python'" % path
        )
    # Two views of one library: lib holds the GIL during a call (the short
    # calls of one State: no cost to release and take it back); lib_nogil
    # releases it (the long calls, such as stepping a VecEnv, so other
    # Python threads run meanwhile).
    return ctypes.PyDLL(path), ctypes.CDLL(path)


lib, lib_nogil = _load()

# The numpy module, or None when it is not installed or ELASUND_NUMPY=0
# asks the package to behave as if it were not.
numpy = None
if os.environ.get("ELASUND_NUMPY", "1") != "0":
    try:
        import numpy  # noqa: F401
    except ImportError:
        numpy = None

ERRLEN = 512
_local = threading.local()


def errbuf():
    """This thread's error buffer (ERRLEN bytes)."""
    b = getattr(_local, "buf", None)
    if b is None:
        b = ctypes.create_string_buffer(ERRLEN)
        _local.buf = b
    return b


def error_text(buf):
    """The message a failed call left in buf."""
    return buf.value.decode("utf-8", "replace") or "elasund: unknown error"


def declare(name, argtypes, restype=ctypes.c_int64, nogil=False, errors=True):
    """Declares the library function name and returns it.

    With errors (the default) the function takes the error buffer and its
    size as two last arguments, which the caller passes through call.
    """
    f = getattr(lib_nogil if nogil else lib, name)
    if errors:
        argtypes = list(argtypes) + [ctypes.c_char_p, ctypes.c_size_t]
    f.argtypes = argtypes
    f.restype = restype
    return f


def call(f, *args):
    """Calls f with the error buffer; raises ValueError on a negative result."""
    buf = errbuf()
    rc = f(*args, buf, ERRLEN)
    if rc < 0:
        raise ValueError(error_text(buf))
    return rc


HANDLE = ctypes.c_uintptr_t if hasattr(ctypes, "c_uintptr_t") else ctypes.c_size_t

_free = declare("elasund_free", [HANDLE])


def free(handle):
    """Frees a handle; raises ValueError if it is not live."""
    call(_free, handle)
