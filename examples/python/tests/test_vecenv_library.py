"""elasund.VecEnv plays the Go library's games: the same buffers as a replay
with the library alone, whatever the cores; and refuses concurrent use.

The expected hashes (testdata/vecenv_golden.json) are written by the Go
test TestVecEnvGolden (examples/python/libelasund/vecenv_test.go), which
plays the documented games with the library's own New, Apply, View,
AppendObservation, AppendLegalIndices and Outcome.Returns, not with the
VecEnv's code; the Go test fails if the file is stale.
"""

import array
import hashlib
import json
import os
import subprocess
import sys
import threading
import unittest

import elasund

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "testdata", "vecenv_golden.json")


def raw(buf):
    """The bytes of a buffer (NumPy array or memoryview)."""
    return bytes(buf.tobytes())


def step_hash(env):
    """The hash TestVecEnvGolden computes: observations, to_play, rewards,
    dones, then each game's legal actions (int32, no padding)."""
    h = hashlib.sha256()
    for buf in (env.observations, env.to_play, env.rewards, env.dones):
        h.update(raw(buf))
    for i in range(env.n):
        h.update(array.array("i", env.legal_actions(i)).tobytes())
    return h.hexdigest()[:16]


class GoldenTest(unittest.TestCase):
    """Step after step, the buffers hash as the library's replay does."""

    @unittest.skipUnless(sys.byteorder == "little", "the hashes are of little-endian values")
    def test_golden(self):
        with open(GOLDEN) as f:
            golden = json.load(f)
        self.assertTrue(golden["scenarios"])
        for s in golden["scenarios"]:
            with self.subTest(s["name"]), elasund.VecEnv(
                    s["n"], players=s["players"], seed=s["seed"], rules=s["rules"],
                    legal=s["legal"], max_turns=s["max_turns"] or None) as env:
                env.reset()
                hashes = [step_hash(env)]
                for step in range(s["steps"]):
                    actions = []
                    for i in range(env.n):
                        legal = env.legal_actions(i)
                        actions.append(legal[(step * 7 + i * 3) % len(legal)])
                    env.step(actions)
                    hashes.append(step_hash(env))
                    if hashes[-1] != s["hashes"][len(hashes) - 1]:
                        self.fail("%s: the buffers after step %d differ from the library's"
                                  % (s["name"], step))
                self.assertEqual(hashes, s["hashes"])


SCRIPT = r"""
import hashlib, elasund
h = hashlib.sha256()
with elasund.VecEnv(37, players=3, seed=11, legal="indices+bits+bytes", max_turns=4) as env:
    env.reset()
    for _ in range(60):
        env.step(env.sample_legal())
        for name in ("observations", "to_play", "rewards", "dones", "legal_counts",
                     "legal_indices", "legal_bits", "legal_mask"):
            h.update(bytes(getattr(env, name).tobytes()))
print(h.hexdigest())
"""


class CoresTest(unittest.TestCase):
    """The same seed gives the same buffers with GOMAXPROCS 1, 2 and 3."""

    def test_gomaxprocs(self):
        out = {}
        for procs in ("1", "2", "3"):
            env = dict(os.environ, GOMAXPROCS=procs)
            env["PYTHONPATH"] = os.pathsep.join(
                [os.path.dirname(HERE)] + [p for p in [os.environ.get("PYTHONPATH")] if p])
            r = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                               text=True, timeout=300, check=False)
            self.assertEqual(r.returncode, 0, r.stderr)
            out[procs] = r.stdout.strip()
        self.assertEqual(len(out["1"]), 64)
        self.assertEqual(out["1"], out["2"])
        self.assertEqual(out["1"], out["3"])


class ThreadsTest(unittest.TestCase):
    """Two threads stepping one env: the second is refused ("in use"),
    never a race."""

    def test_concurrent_steps_refused(self):
        env = elasund.VecEnv(2048, seed=1)
        env.reset()
        actions = list(env.sample_legal())
        refused, other, done = [], [], threading.Event()

        def stepper():
            try:
                for _ in range(6):
                    try:
                        env.reset()
                    except ValueError as e:
                        (refused if "in use" in str(e) else other).append(e)
            finally:
                done.set()

        t = threading.Thread(target=stepper)
        t.start()
        while not done.is_set():
            try:
                env.step(actions)
                actions = list(env.sample_legal())
            except ValueError as e:
                if "in use" in str(e):
                    refused.append(e)
                elif "illegal" not in str(e):  # the other thread reset the games
                    other.append(e)
        t.join()
        self.assertEqual(other, [])
        self.assertGreater(len(refused), 0)
        # The env still works.
        env.reset()
        env.step(env.sample_legal())
        env.close()

    def test_close_while_in_use_is_refused(self):
        env = elasund.VecEnv(2048, seed=2)
        env.reset()
        done = threading.Event()
        results = []

        def stepper():
            try:
                for _ in range(4):
                    env.reset()
            except ValueError as e:  # closed by the main thread between two resets
                results.append("stepper: " + str(e))
            finally:
                done.set()

        t = threading.Thread(target=stepper)
        t.start()
        while not done.is_set():
            try:
                env.close()
                results.append("closed")
                break
            except ValueError as e:
                results.append(str(e))
        t.join()
        allowed = ("closed", "stepper: elasund: VecEnv closed")
        self.assertTrue(all(r in allowed or "in use" in r for r in results), results)
        if not env.closed:
            env.close()
        self.assertTrue(env.closed)


if __name__ == "__main__":
    unittest.main()
