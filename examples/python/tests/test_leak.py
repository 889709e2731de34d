"""No leak: states made and dropped give their Go memory back.

The test makes and drops 1,000,000 states (new games, clones, and a few
re-deals, loaded states and states closed by hand) and bounds the growth of
the process's resident memory (RSS, /proc/self/statm) over the loop. A state
that kept its Go value (a Game of some 450 bytes behind a cgo handle) would
grow it by hundreds of megabytes. It takes about 5 to 10 seconds.
"""

import gc
import os
import random
import unittest

import elasund
from elasund import state as _state

STATES = 1_000_000
WARMUP = 100_000
BOUND_MB = 64


def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def churn(count, bases, blob):
    """Makes and drops count states, mixed."""
    nb = len(bases)
    for i in range(count):
        k = i & 63
        if k < 16:
            s = elasund.new_game(2 + i % 3, i)
        elif k == 16:
            s = bases[i % nb].resample_from_infostate(0, i)
        elif k == 17:
            s = elasund.deserialize_state(blob)
        elif k == 18:
            s = bases[i % nb].clone()
            s.close()
        elif k == 19:
            with bases[i % nb].clone() as s:
                pass
        else:
            s = bases[i % nb].clone()
            if k == 20:
                s = s.clone()  # a clone of a clone; the first is dropped here
    del s


@unittest.skipUnless(os.path.exists("/proc/self/statm"), "needs /proc/self/statm (Linux)")
class LeakTest(unittest.TestCase):
    def test_million_states(self):
        rng = random.Random(1)
        bases = []
        for players in (2, 3, 4):
            s = elasund.new_game(players, players, max_turns=300)
            for _ in range(100 * players):
                if s.is_terminal():
                    break
                s.apply_action(rng.choice(s.legal_actions()))
            bases.append(s)
        blob = bases[1].serialize()
        churn(WARMUP, bases, blob)
        gc.collect()
        before = rss_mb()
        churn(STATES - WARMUP, bases, blob)
        gc.collect()
        after = rss_mb()
        self.assertLess(
            after - before,
            BOUND_MB,
            "RSS grew from %.1f MB to %.1f MB over %d states" % (before, after, STATES - WARMUP),
        )

    def test_dropped_handle_is_freed(self):
        # Dropping the last reference frees the Go value: its handle is dead.
        for make in (lambda: elasund.new_game(), lambda: elasund.new_game().clone()):
            s = make()
            h = s._h
            self.assertGreater(_state._check(_state._describe, h), 0)
            del s
            with self.assertRaises(ValueError) as cm:
                _state._check(_state._describe, h)
            self.assertIn("not a live handle", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
