"""Tests of elasund.VecEnv: buffers, legal forms, rewards, seeds, errors.

That the games are the library's is test_vecenv_library.py's.
"""

import array
import unittest

import elasund
from elasund import _native
from elasund.vecenv import LEGAL_BITS_BYTES, MAX_LEGAL_ACTIONS, NUM_ACTIONS, OBSERVATION_SIZE

np = _native.numpy


def raw(buf):
    """The bytes of a buffer (NumPy array or memoryview), or b'' for None."""
    return b"" if buf is None else bytes(buf.tobytes())


def snapshot(env):
    """Every buffer of env, as bytes."""
    return tuple(raw(getattr(env, name)) for name in (
        "observations", "to_play", "rewards", "dones",
        "legal_counts", "legal_indices", "legal_bits", "legal_mask"))


def shape_and_type(buf):
    """(shape, element format, item size) of a NumPy array or memoryview."""
    if np is not None:
        return tuple(buf.shape), buf.dtype.char, buf.dtype.itemsize
    return tuple(buf.shape), buf.format, buf.itemsize


class ShapesTest(unittest.TestCase):
    """The buffers: shapes, element types, the same objects every call."""

    def test_shapes_and_types(self):
        f32, i32, u8 = ("f", "i", "B") if np is None else ("f", np.dtype("int32").char, "B")
        cases = [
            ("indices", {"legal_counts": ((3,), i32, 4),
                         "legal_indices": ((3, MAX_LEGAL_ACTIONS), i32, 4)}),
            ("bits", {"legal_bits": ((3, LEGAL_BITS_BYTES), u8, 1)}),
            ("bytes", {"legal_mask": ((3, NUM_ACTIONS), u8, 1)}),
            ("bits+bytes", {"legal_bits": ((3, LEGAL_BITS_BYTES), u8, 1),
                            "legal_mask": ((3, NUM_ACTIONS), u8, 1)}),
            (("indices", "bytes"), {"legal_counts": ((3,), i32, 4),
                                   "legal_indices": ((3, MAX_LEGAL_ACTIONS), i32, 4),
                                   "legal_mask": ((3, NUM_ACTIONS), u8, 1)}),
        ]
        common = {"observations": ((3, OBSERVATION_SIZE), f32, 4), "to_play": ((3,), i32, 4),
                  "rewards": ((3, 4), f32, 4), "dones": ((3,), u8, 1)}
        legal_names = ("legal_counts", "legal_indices", "legal_bits", "legal_mask")
        for legal, want in cases:
            with self.subTest(legal=legal), elasund.VecEnv(3, players=4, legal=legal) as env:
                env.reset()
                for name, expected in dict(common, **want).items():
                    self.assertEqual(shape_and_type(getattr(env, name)), expected, name)
                for name in legal_names:
                    if name not in want:
                        self.assertIsNone(getattr(env, name), name)

    def test_constants(self):
        self.assertEqual(NUM_ACTIONS, 31838)
        self.assertEqual(OBSERVATION_SIZE, 2659)
        self.assertEqual(LEGAL_BITS_BYTES, (31838 + 7) // 8)
        self.assertEqual(MAX_LEGAL_ACTIONS, 5 * (18 + 3 * 89) + 1)

    def test_same_objects_every_call(self):
        with elasund.VecEnv(4, legal="indices+bits+bytes", max_turns=3) as env:
            bufs = [env.observations, env.to_play, env.rewards, env.dones,
                    env.legal_counts, env.legal_indices, env.legal_bits, env.legal_mask]
            self.assertIs(env.reset(), env.observations)
            a = env.sample_legal()
            for _ in range(30):
                self.assertIs(env.sample_legal(), a)
                out = env.step(a)
                want = (env.observations, env.rewards, env.dones, env.to_play)
                self.assertEqual([id(x) for x in out], [id(x) for x in want])
            now = [env.observations, env.to_play, env.rewards, env.dones,
                   env.legal_counts, env.legal_indices, env.legal_bits, env.legal_mask]
            self.assertEqual([id(x) for x in bufs], [id(x) for x in now])

    def test_numpy_or_memoryview(self):
        with elasund.VecEnv(2) as env:
            if np is None:
                self.assertIsInstance(env.observations, memoryview)
                self.assertIsInstance(env.reset(), memoryview)
                self.assertIsInstance(env.sample_legal(), array.array)
                self.assertIsInstance(env.observation(1), memoryview)
            else:
                self.assertIsInstance(env.reset(), np.ndarray)
                self.assertIsInstance(env.sample_legal(), np.ndarray)
            self.assertEqual(len(env.observation(1)), OBSERVATION_SIZE)
            self.assertEqual(bytes(env.observation(1)),
                             raw(env.observations)[4 * OBSERVATION_SIZE:])


def decode_bits(env, i):
    """Game i's legal actions from legal_bits, decoded here."""
    data = raw(env.legal_bits)[i * LEGAL_BITS_BYTES:(i + 1) * LEGAL_BITS_BYTES]
    return [8 * j + k for j, byte in enumerate(data) for k in range(8) if byte >> k & 1]


def decode_mask(env, i):
    """Game i's legal actions from legal_mask, decoded here."""
    data = raw(env.legal_mask)[i * NUM_ACTIONS:(i + 1) * NUM_ACTIONS]
    return [a for a, x in enumerate(data) if x == 1]


def decode_indices(env, i):
    """Game i's legal actions from legal_counts and legal_indices, decoded
    here; checks the padding."""
    counts = array.array("i", raw(env.legal_counts))
    rowvals = array.array("i", raw(env.legal_indices)[4 * i * MAX_LEGAL_ACTIONS:4 * (i + 1) * MAX_LEGAL_ACTIONS])
    k = counts[i]
    assert all(x == -1 for x in rowvals[k:]), "padding is not -1"
    return list(rowvals[:k])


class LegalFormsTest(unittest.TestCase):
    """The three legal forms say the same, step after step."""

    def test_forms_agree(self):
        with elasund.VecEnv(6, players=3, seed=5, legal="indices+bits+bytes", max_turns=5) as env:
            env.reset()
            for step in range(60):
                for i in range(env.n):
                    idx = decode_indices(env, i)
                    self.assertTrue(idx, "game %d has no legal action" % i)
                    self.assertEqual(sorted(idx), decode_bits(env, i), (step, i))
                    self.assertEqual(sorted(idx), decode_mask(env, i), (step, i))
                    self.assertEqual(len(set(idx)), len(idx))
                    self.assertEqual(env.legal_actions(i), idx)
                if np is not None:
                    unpacked = np.unpackbits(env.legal_bits, axis=1, bitorder="little")
                    unpacked = unpacked[:, :NUM_ACTIONS]
                    self.assertTrue((unpacked == env.legal_mask).all())
                env.step(env.sample_legal())

    def test_legal_actions_from_each_form(self):
        envs = [elasund.VecEnv(3, seed=2, legal=f, max_turns=4)
                for f in ("indices", "bits", "bytes")]
        try:
            for env in envs:
                env.reset()
            for _ in range(40):
                lists = [[env.legal_actions(i) for i in range(3)] for env in envs]
                self.assertEqual([sorted(x) for x in lists[0]], lists[1])
                self.assertEqual(lists[1], lists[2])
                a = envs[0].sample_legal()
                for env in envs:
                    env.step(a)
        finally:
            for env in envs:
                env.close()

    def test_sample_legal_is_legal(self):
        with elasund.VecEnv(8, players=4, seed=3, max_turns=6) as env:
            env.reset()
            for _ in range(100):
                a = list(env.sample_legal())
                for i, x in enumerate(a):
                    self.assertIn(x, env.legal_actions(i))
                env.step(a)


class RewardsTest(unittest.TestCase):
    """Games end, pay their returns, and start over."""

    def test_returns_sum_to_one_and_games_restart(self):
        for players in (2, 3, 4):
            with self.subTest(players=players), elasund.VecEnv(
                    5, players=players, seed=players, max_turns=2) as env:
                env.reset()
                ends = 0
                for _ in range(200):
                    _, rewards, dones, to_play = env.step(env.sample_legal())
                    r = rewards.tolist()
                    d = list(dones)
                    for i in range(env.n):
                        if d[i]:
                            ends += 1
                            self.assertAlmostEqual(sum(r[i]), 1.0, places=6)
                            winners = [x for x in r[i] if x > 0]
                            for x in winners:
                                self.assertAlmostEqual(x, 1.0 / len(winners), places=6)
                        else:
                            self.assertEqual(d[i], 0)
                            self.assertEqual(r[i], [0.0] * players)
                        self.assertIn(list(to_play)[i], range(players))
                self.assertGreater(ends, 5)

    def test_done_game_shows_next_episode(self):
        # A game that ended was reset: its observation is that of the first
        # decision of a game (turn 1: the turn field, 1/100, at 2600).
        with elasund.VecEnv(4, seed=9, max_turns=2) as env:
            env.reset()
            seen = 0
            for _ in range(200):
                _, _, dones, _ = env.step(env.sample_legal())
                for i, d in enumerate(list(dones)):
                    if d:
                        seen += 1
                        self.assertAlmostEqual(env.observation(i)[2600], 0.01, places=6)
            self.assertGreater(seen, 0)


class SeedsTest(unittest.TestCase):
    """Results depend on the seed and the actions only."""

    def run_env(self, seed, steps=40, **kw):
        with elasund.VecEnv(5, seed=seed, legal="indices+bits", **kw) as env:
            env.reset()
            out = [snapshot(env)]
            for _ in range(steps):
                env.step(env.sample_legal())
                out.append(snapshot(env))
            return out

    def test_same_seed_same_games(self):
        self.assertEqual(self.run_env(17), self.run_env(17))
        self.assertEqual(self.run_env(17, max_turns=3), self.run_env(17, max_turns=3))

    def test_other_seed_other_games(self):
        self.assertNotEqual(self.run_env(17)[-1], self.run_env(18)[-1])

    def test_reset_with_seed_is_a_new_env(self):
        with elasund.VecEnv(5, seed=1, legal="indices+bits") as env:
            env.reset()
            for _ in range(10):
                env.step(env.sample_legal())
            env.reset(seed=17)
            self.assertEqual(env.seed, 17)
            out = [snapshot(env)]
            for _ in range(40):
                env.step(env.sample_legal())
                out.append(snapshot(env))
        self.assertEqual(out, self.run_env(17))

    def test_reset_starts_the_next_episode(self):
        with elasund.VecEnv(3, seed=4) as env:
            first = raw(env.reset())
            second = raw(env.reset())
            self.assertNotEqual(first, second)
            env.reset(seed=4)
            self.assertEqual(raw(env.observations), first)

    def test_game_seed_is_splitmix(self):
        # The documented formula, computed here in Python.
        def mix(x):
            z = (x + 0x9E3779B97F4A7C15) % 2**64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
            return z ^ (z >> 31)

        self.assertEqual(mix(0), 0xE220A8397B1DCDAF)  # SplitMix64's first output
        for seed, i, k in [(0, 0, 0), (1, 2, 3), (2**64 - 1, 255, 7), (12345, 0, 2**64 - 1)]:
            want = mix((mix((seed + mix(i)) % 2**64) + k) % 2**64)
            self.assertEqual(elasund.VecEnv.game_seed(seed, i, k), want)


def twins(**kw):
    a, b = elasund.VecEnv(**kw), elasund.VecEnv(**kw)
    a.reset()
    b.reset()
    return a, b


class ActionsTest(unittest.TestCase):
    """What step accepts, and what it refuses without changing anything."""

    def test_illegal_action_changes_nothing(self):
        n = 4
        for bad_game, bad in [(2, -1), (0, NUM_ACTIONS), (3, 2**40), (1, 2**70), (3, 0)]:
            with self.subTest(game=bad_game, action=bad):
                env, twin = twins(n=n, seed=6, legal="indices+bits+bytes")
                try:
                    for _ in range(5):
                        a = list(env.sample_legal())
                        twin.sample_legal()
                        env.step(a)
                        twin.step(a)
                    before = snapshot(env)
                    a = list(env.sample_legal())
                    self.assertEqual(a, list(twin.sample_legal()))
                    wrong = list(a)
                    wrong[bad_game] = bad
                    with self.assertRaises(ValueError) as cm:
                        env.step(wrong)
                    msg = str(cm.exception)
                    self.assertIn("game %d" % bad_game, msg)
                    self.assertTrue(msg.startswith("elasund: "), msg)
                    self.assertEqual(snapshot(env), before)
                    # The games did not move: the same legal step gives the
                    # same buffers in both.
                    env.step(a)
                    twin.step(a)
                    self.assertEqual(snapshot(env), snapshot(twin))
                finally:
                    env.close()
                    twin.close()

    def test_lowest_bad_game_is_named(self):
        with elasund.VecEnv(5) as env:
            env.reset()
            a = list(env.sample_legal())
            a[3], a[1] = -7, -9
            with self.assertRaisesRegex(ValueError, "game 1: .*-9"):
                env.step(a)

    def test_engine_reason(self):
        with elasund.VecEnv(2) as env:
            env.reset()
            with self.assertRaisesRegex(ValueError, "game 0: elasund: illegal move"):
                env.step([0, 0])  # the plain roll: the referee rolls, never an agent

    def test_action_containers(self):
        kinds = [list, tuple, lambda a: array.array("i", a), lambda a: array.array("l", a),
                 lambda a: array.array("q", a), lambda a: array.array("h", a),
                 lambda a: array.array("L", a), lambda a: memoryview(array.array("q", a))]
        if np is not None:
            kinds += [lambda a: np.array(a, dtype=np.int32), lambda a: np.array(a, dtype=np.int64),
                      lambda a: np.array(a, dtype=np.uint16),
                      lambda a: np.array(a, dtype=np.int64).astype(">i8"),
                      lambda a: np.repeat(np.array(a, dtype=np.int64), 2)[::2]]
        for k, make in enumerate(kinds):
            with self.subTest(kind=k):
                env, twin = twins(n=3, seed=8)
                try:
                    for _ in range(15):
                        a = [int(x) for x in env.sample_legal()]
                        twin.sample_legal()
                        env.step(make(a))
                        twin.step(a)
                        self.assertEqual(snapshot(env), snapshot(twin))
                finally:
                    env.close()
                    twin.close()

    def test_sample_buffer_steps_in_place(self):
        env, twin = twins(n=3, seed=8)
        with env, twin:
            for _ in range(10):
                a = env.sample_legal()
                env.step(a)
                twin.step(list(twin.sample_legal()))
            self.assertEqual(snapshot(env), snapshot(twin))

    def test_wrong_types(self):
        with elasund.VecEnv(3) as env:
            env.reset()
            before = snapshot(env)
            for bad in [[1.0, 2.0, 3.0], [1, "2", 3], [1, None, 3], "abc", b"abc", 7, None,
                        array.array("d", [1, 2, 3]), array.array("f", [1, 2, 3]),
                        {1, 2, 3}, {0: 1, 1: 2, 2: 3}]:
                with self.subTest(bad=bad), self.assertRaises(TypeError):
                    env.step(bad)
            if np is not None:
                for bad in [np.zeros(3), np.zeros(3, dtype=bool), np.array(["1", "2", "3"])]:
                    with self.subTest(bad=bad), self.assertRaises(TypeError):
                        env.step(bad)
            self.assertEqual(snapshot(env), before)

    def test_wrong_lengths(self):
        with elasund.VecEnv(3) as env:
            env.reset()
            bads = [[], [1, 2], [1, 2, 3, 4], array.array("q", [1]), array.array("i", [1] * 4)]
            if np is not None:
                bads += [np.zeros(2, dtype=np.int64), np.zeros((3, 1), dtype=np.int64),
                         np.zeros((), dtype=np.int64)]
            for bad in bads:
                with self.subTest(bad=bad), self.assertRaises(ValueError):
                    env.step(bad)


class ConstructorTest(unittest.TestCase):
    """Bad arguments: TypeError for a wrong type, ValueError for a wrong
    value."""

    def test_bad_arguments(self):
        for kw, err in [
            (dict(n="3"), TypeError), (dict(n=2.0), TypeError),
            (dict(n=1, players=None), TypeError),
            (dict(n=1, seed=1.5), TypeError), (dict(n=1, rules=3), TypeError),
            (dict(n=1, legal=3), TypeError), (dict(n=1, legal=("indices", 2)), TypeError),
            (dict(n=1, max_turns="9"), TypeError),
            (dict(n=0), ValueError), (dict(n=-3), ValueError),
            (dict(n=elasund.VecEnv.MAX_GAMES + 1), ValueError),
            (dict(n=1, players=1), ValueError), (dict(n=1, players=5), ValueError),
            (dict(n=1, players=2**70), ValueError),
            (dict(n=1, seed=-1), ValueError), (dict(n=1, seed=2**64), ValueError),
            (dict(n=1, rules="nonsense"), ValueError), (dict(n=1, legal="masks"), ValueError),
            (dict(n=1, max_turns=-1), ValueError), (dict(n=1, max_turns=2**21), ValueError),
        ]:
            with self.subTest(kw=kw), self.assertRaises(err):
                elasund.VecEnv(**kw)

    def test_good_arguments(self):
        for kw in [dict(n=1, seed=2**64 - 1), dict(n=2, players=3, rules="english"),
                   dict(n=2, legal="none"), dict(n=2, legal=()), dict(n=1, max_turns=1),
                   dict(n=1, players=4, legal=["bits", "indices"])]:
            with self.subTest(kw=kw), elasund.VecEnv(**kw) as env:
                env.reset()
                env.step(env.sample_legal())

    def test_no_legal_form(self):
        with elasund.VecEnv(2, legal="none") as env:
            env.reset()
            self.assertEqual(env.legal, ())
            env.step(env.sample_legal())
            with self.assertRaises(ValueError):
                env.legal_actions(0)


class LifetimeTest(unittest.TestCase):
    """Before reset, after close."""

    def test_step_before_reset(self):
        with elasund.VecEnv(2) as env:
            with self.assertRaisesRegex(ValueError, "reset"):
                env.step([0, 0])
            with self.assertRaisesRegex(ValueError, "reset"):
                env.sample_legal()

    def test_closed(self):
        env = elasund.VecEnv(2)
        env.reset()
        env.close()
        self.assertTrue(env.closed)
        for call in (env.reset, lambda: env.step([0, 0]), env.sample_legal,
                     lambda: env.reset(seed=1)):
            with self.assertRaisesRegex(ValueError, "closed"):
                call()
        env.close()  # again: nothing
        self.assertIn("closed", repr(env))

    def test_context_manager_closes(self):
        with elasund.VecEnv(2) as env:
            env.reset()
        self.assertTrue(env.closed)

    def test_many_envs_dropped(self):
        for _ in range(200):
            env = elasund.VecEnv(2)
            env.reset()
            del env


if __name__ == "__main__":
    unittest.main()
