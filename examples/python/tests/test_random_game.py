"""random_game.py, the smallest whole game, runs to the end."""

import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class RandomGameTest(unittest.TestCase):
    def test_runs(self):
        env = dict(os.environ, PYTHONPATH=HERE + os.pathsep + os.environ.get("PYTHONPATH", ""))
        out = subprocess.run(
            [sys.executable, os.path.join(HERE, "random_game.py"), "3"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertTrue(out.stdout.startswith("Elasund, 2 players"), out.stdout[:80])
        self.assertIn("Game over", out.stdout)
        last = out.stdout.strip().splitlines()[-1]
        self.assertTrue(last.startswith("returns: ["), last)
        returns = [float(x) for x in last.split("[", 1)[1].rstrip("]").split(",")]
        self.assertEqual(len(returns), 2)
        self.assertEqual(sum(returns), 1.0)


if __name__ == "__main__":
    unittest.main()
