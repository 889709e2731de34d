"""Tests of the Python package elasund (unittest).

Run from the repository's root, after building the library in place:

    bash examples/python/build.sh
    PYTHONPATH=examples/python python3 -m unittest discover \
        -s examples/python/tests -t examples/python
"""
