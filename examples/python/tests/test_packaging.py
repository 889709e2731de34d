"""The in-tree build backend (pip install --no-build-isolation) makes a
wheel that pip accepts: every file listed in RECORD with its hash, the
metadata, and the Go library built fresh."""

import base64
import hashlib
import importlib.util
import os
import shutil
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _backend():
    path = os.path.join(ROOT, "_build", "elasund_build.py")
    spec = importlib.util.spec_from_file_location("elasund_build", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _have_go():
    return shutil.which("go") or os.path.exists("/usr/local/go/bin/go") or os.environ.get("GO")


@unittest.skipUnless(_have_go(), "the Go toolchain is needed to build the wheel")
class WheelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.backend = _backend()
        cls.tmp = tempfile.mkdtemp()
        cls.name = cls.backend.build_wheel(cls.tmp)
        cls.path = os.path.join(cls.tmp, cls.name)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_versions_agree(self):
        import elasund

        with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
            self.assertIn('version = "%s"' % self.backend.VERSION, f.read())
        self.assertEqual(elasund.__version__, self.backend.VERSION)

    def test_name_and_tag(self):
        self.assertRegex(self.name, r"^elasund-0\.1\.0-py3-none-[a-z0-9_]+\.whl$")
        self.assertEqual(self.backend.get_requires_for_build_wheel(), [])

    def test_contents(self):
        with zipfile.ZipFile(self.path) as z:
            names = set(z.namelist())
        for want in (
            "elasund/__init__.py",
            "elasund/_native.py",
            "elasund/_libelasund.so",
            "elasund-0.1.0.dist-info/METADATA",
            "elasund-0.1.0.dist-info/WHEEL",
            "elasund-0.1.0.dist-info/RECORD",
        ):
            self.assertIn(want, names)
        self.assertFalse(any("__pycache__" in n or n.endswith(".h") for n in names), names)

    def test_record_hashes(self):
        with zipfile.ZipFile(self.path) as z:
            record = z.read("elasund-0.1.0.dist-info/RECORD").decode()
            listed = set()
            for line in record.splitlines():
                name, digest, size = line.rsplit(",", 2)
                listed.add(name)
                if name.endswith("RECORD"):
                    self.assertEqual((digest, size), ("", ""))
                    continue
                data = z.read(name)
                want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                self.assertEqual(digest, "sha256=" + want.decode(), name)
                self.assertEqual(int(size), len(data), name)
            self.assertEqual(listed, set(z.namelist()))

    def test_metadata(self):
        with zipfile.ZipFile(self.path) as z:
            meta = z.read("elasund-0.1.0.dist-info/METADATA").decode()
            wheel = z.read("elasund-0.1.0.dist-info/WHEEL").decode()
        self.assertIn("Name: elasund\n", meta)
        self.assertIn("Version: 0.1.0\n", meta)
        self.assertIn("Root-Is-Purelib: false\n", wheel)
        self.assertIn("Tag: py3-none-", wheel)

    def test_library_is_a_shared_object(self):
        with zipfile.ZipFile(self.path) as z:
            lib = z.read("elasund/_libelasund.so")
        self.assertEqual(lib[:4], b"\x7fELF")


if __name__ == "__main__":
    unittest.main()
