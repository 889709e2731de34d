"""Elasund: The First City, the complete rules engine, for Python.

The Go library github.com/elasund/elasund, compiled as a C shared library and
loaded with ctypes: no Python package is needed from outside (NumPy is used
when it is installed). See README.md beside this package.
"""

__version__ = "0.1.0"  # the version of pyproject.toml and _build/elasund_build.py

from .state import *  # noqa: F401,F403
from .state import __all__ as _state_all
from .vecenv import VecEnv

__all__ = list(_state_all) + ["VecEnv", "__version__"]
