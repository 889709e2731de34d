"""The package uses NumPy exactly when it is installed and not turned off,
so CI's two runs (ELASUND_NUMPY=0, and ELASUND_REQUIRE_NUMPY=1 under a
Python with NumPy) really test the two paths."""

import os
import unittest

from elasund import _native


class NumpyModeTest(unittest.TestCase):
    def test_off(self):
        if os.environ.get("ELASUND_NUMPY") != "0":
            self.skipTest("ELASUND_NUMPY=0 is not set")
        self.assertIsNone(_native.numpy)

    def test_required(self):
        if os.environ.get("ELASUND_REQUIRE_NUMPY") != "1":
            self.skipTest("ELASUND_REQUIRE_NUMPY=1 is not set")
        self.assertIsNotNone(_native.numpy, "NumPy is required in this run but not found")


if __name__ == "__main__":
    unittest.main()
