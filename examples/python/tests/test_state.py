"""Tests of elasund.State, one game the OpenSpiel way.

Expected values come from the rules (the dice, the payoffs) or from the Go
library through the golden program (tests/golden.py), never from the code
under test.
"""

import array
import base64
import copy
import json
import math
import pickle
import random
import unittest

import elasund
from tests import _golden as golden

try:
    import numpy
except ImportError:
    numpy = None


def play(state, rng, steps=None, roll=False):
    """Plays random actions (at the roll: ROLL_ACTION with roll, else a chance
    outcome by its probability) until the end or for steps actions."""
    n = 0
    while not state.is_terminal() and (steps is None or n < steps):
        if state.is_chance_node():
            if roll:
                state.apply_action(elasund.ROLL_ACTION)
            else:
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return state


def midgame(players=2, seed=3, steps=120):
    """A position some way into a game, a player to move."""
    s = play(elasund.new_game(players, seed, max_turns=500), random.Random(seed), steps)
    while s.is_chance_node():
        s.apply_action(elasund.ROLL_ACTION)
    return s


class ConstantsTest(unittest.TestCase):
    def test_constants(self):
        sizes, _ = golden.positions()
        for name, got, want in [
            ("NUM_ACTIONS", elasund.NUM_ACTIONS, sizes["num_actions"]),
            ("OBSERVATION_SIZE", elasund.OBSERVATION_SIZE, 2659),
            ("OBSERVATION_SIZE (Go)", elasund.OBSERVATION_SIZE, sizes["observation_size"]),
            ("MAX_PLAYERS", elasund.MAX_PLAYERS, sizes["max_players"]),
            ("TURN_LIMIT", elasund.TURN_LIMIT, sizes["turn_limit"]),
            ("CHANCE_PLAYER_ID", elasund.CHANCE_PLAYER_ID, -1),
            ("TERMINAL_PLAYER_ID", elasund.TERMINAL_PLAYER_ID, -4),
            ("ROLL_ACTION", elasund.ROLL_ACTION, 0),
        ]:
            with self.subTest(name):
                self.assertEqual(got, want)

    def test_all(self):
        for name in elasund.__all__:
            with self.subTest(name):
                self.assertTrue(hasattr(elasund, name))


class NewGameTest(unittest.TestCase):
    CONFIGS = [
        dict(players=2, seed=0, rules="default", max_turns=0),
        dict(players=3, seed=7, rules="default", max_turns=0),
        dict(players=4, seed=2**64 - 1, rules="english", max_turns=50),
        dict(
            players=2, seed=12345, rules="adjacent-permit-rows+shortage-voids-income", max_turns=1
        ),
        dict(players=3, seed=1, rules="shortage-voids-income", max_turns=elasund.TURN_LIMIT),
    ]

    def test_equals_go(self):
        replies = golden.serve([dict(op="new", **c) for c in self.CONFIGS])
        for c, want in zip(self.CONFIGS, replies):
            with self.subTest(**c):
                s = elasund.new_game(c["players"], c["seed"], c["rules"], c["max_turns"] or None)
                self.assertEqual(s.key().hex(), want["key"])
                self.assertEqual(s.serialize(), base64.b64decode(want["state"]))
                self.assertEqual(s.num_players(), c["players"])
                self.assertEqual(s.current_player(), elasund.CHANCE_PLAYER_ID)
                t = elasund.State(c["players"], c["seed"], c["rules"], c["max_turns"] or None)
                self.assertEqual(t.serialize(), s.serialize())

    def test_keywords(self):
        want = golden.serve([dict(op="new", players=3, seed=7, rules="default", max_turns=0)])[0]
        s = elasund.new_game(players=3, seed=7)
        self.assertEqual(s.key().hex(), want["key"])

    def test_defaults(self):
        want = golden.serve([dict(op="new", players=2, seed=0, rules="default", max_turns=0)])[0]
        self.assertEqual(elasund.new_game().key().hex(), want["key"])

    def test_refusals(self):
        for kwargs, exc, text in [
            (
                dict(players=1),
                ValueError,
                "elasund: invalid configuration: 1 players; the game is for 2 to 4",
            ),
            (dict(players=5), ValueError, "elasund: invalid configuration: 5 players"),
            (dict(players=-(2**70)), ValueError, "invalid configuration"),
            (dict(players="2"), TypeError, "players must be an int, not str"),
            (dict(players=2.0), TypeError, "players must be an int, not float"),
            (dict(players=True), TypeError, "not a bool"),
            (dict(players=None), TypeError, "players must be an int"),
            (dict(seed=-1), ValueError, "seed -1 is out of range"),
            (dict(seed=2**64), ValueError, "is out of range"),
            (dict(seed=1.5), TypeError, "seed"),
            (dict(seed="1"), TypeError, "seed"),
            (
                dict(rules="nope"),
                ValueError,
                'elasund: cannot parse rules "nope": unknown rule option "nope"',
            ),
            (dict(rules=""), ValueError, "cannot parse rules"),
            (dict(rules="default\x00"), ValueError, "cannot parse rules"),
            (dict(rules=None), TypeError, "rules must be a str"),
            (dict(rules=b"default"), TypeError, "rules must be a str"),
            (
                dict(max_turns=-1),
                ValueError,
                "elasund: invalid configuration: MaxTurns -1 is out of range (0 to 1048576)",
            ),
            (
                dict(max_turns=elasund.TURN_LIMIT + 1),
                ValueError,
                "MaxTurns 1048577 is out of range",
            ),
            (dict(max_turns=2**70), ValueError, "out of range"),
            (dict(max_turns=3.0), TypeError, "max_turns must be an int"),
        ]:
            with self.subTest(**kwargs):
                with self.assertRaises(exc) as cm:
                    elasund.new_game(**kwargs)
                self.assertIn(text, str(cm.exception))
                self.assertTrue(str(cm.exception).startswith("elasund: "), str(cm.exception))

    def test_seed_random(self):
        a = elasund.new_game(seed=random.Random(4))
        b = elasund.new_game(seed=random.Random(4).getrandbits(64))
        self.assertEqual(a.serialize(), b.serialize())


class ChanceTest(unittest.TestCase):
    def test_outcomes(self):
        s = elasund.new_game(3, 5)
        self.assertTrue(s.is_chance_node())
        self.assertFalse(s.is_terminal())
        self.assertEqual(s.current_player(), elasund.CHANCE_PLAYER_ID)
        outcomes = s.chance_outcomes()
        self.assertEqual(len(outcomes), 11)
        # The rules: two dice, the sum's ways out of 36.
        ways = {
            t: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) for t in range(2, 13)
        }
        for (action, p), total in zip(outcomes, range(2, 13)):
            with self.subTest(total=total):
                self.assertIsInstance(action, int)
                self.assertEqual(p, ways[total] / 36)
                words = s.action_to_string(action).split()
                self.assertEqual(words[0], "roll")
                self.assertEqual(int(words[1]) + int(words[2]), total)
        self.assertAlmostEqual(math.fsum(p for _, p in outcomes), 1.0, places=15)
        self.assertEqual(min(p for _, p in outcomes), 1 / 36)
        self.assertEqual(max(p for _, p in outcomes), 6 / 36)
        self.assertEqual(s.legal_actions(), [a for a, _ in outcomes])
        mask = s.legal_actions_mask()
        self.assertEqual(len(mask), elasund.NUM_ACTIONS)
        self.assertEqual([i for i, m in enumerate(mask) if m], sorted(a for a, _ in outcomes))

    def test_not_chance(self):
        s = midgame()
        self.assertFalse(s.is_chance_node())
        self.assertEqual(s.chance_outcomes(), [])
        self.assertGreaterEqual(s.current_player(), 0)

    def test_plain_and_forced_rolls(self):
        # ROLL_ACTION rolls the game's dice; every forced roll of the same sum
        # leads to the same position (the same key).
        s = elasund.new_game(2, 8)
        rolled = s.clone()
        rolled.apply_action(elasund.ROLL_ACTION)
        self.assertFalse(rolled.is_chance_node())
        for a, _ in s.chance_outcomes():
            dice = [int(w) for w in s.action_to_string(a).split()[1:]]
            other = s.string_to_action("roll %d %d" % (dice[1], dice[0]))
            c1, c2 = s.clone(), s.clone()
            c1.apply_action(a)
            c2.apply_action(other)
            self.assertEqual(c1.key(), c2.key())
            self.assertFalse(c1.is_chance_node())


class ApplyTest(unittest.TestCase):
    def test_refused_leaves_state(self):
        s = midgame()
        legal = set(s.legal_actions())
        illegal = next(a for a in range(elasund.NUM_ACTIONS) if a not in legal and a != 0)
        for action, text in [
            (elasund.ROLL_ACTION, 'illegal move "roll"'),
            (illegal, "elasund: illegal move"),
            (-1, "elasund: action index out of range: -1 is not in [0, 31838)"),
            (elasund.NUM_ACTIONS, "action index out of range: 31838 is not in"),
            (2**63 - 1, "action index out of range"),
            (-(2**63), "action index out of range"),
            (2**63, "action index out of range"),
            (2**64, "action index out of range"),
            (2**70, "action index out of range"),
            (-(2**100), "action index out of range"),
        ]:
            with self.subTest(action=action):
                before, key = s.serialize(), s.key()
                player = s.current_player()
                with self.assertRaises(ValueError) as cm:
                    s.apply_action(action)
                self.assertIn(text, str(cm.exception))
                self.assertEqual(s.serialize(), before)
                self.assertEqual(s.key(), key)
                self.assertEqual(s.current_player(), player)

    def test_refusal_names_rule(self):
        s = elasund.new_game(2, 3)
        with self.assertRaises(ValueError) as cm:
            s.apply_action(s.string_to_action("end turn"))
        msg = str(cm.exception)
        self.assertIn("§4", msg)
        self.assertIn("another phase", msg)

    def test_types(self):
        s = elasund.new_game()
        for bad in [0.0, "0", None, True, False, [0], b"\x00", 1j]:
            with self.subTest(bad=bad):
                before = s.serialize()
                with self.assertRaises(TypeError):
                    s.apply_action(bad)
                self.assertEqual(s.serialize(), before)

    def test_integer_types(self):
        if numpy is None:
            self.skipTest("NumPy is not installed")
        s, t = elasund.new_game(2, 6), elasund.new_game(2, 6)
        s.apply_action(numpy.int64(elasund.ROLL_ACTION))
        t.apply_action(elasund.ROLL_ACTION)
        self.assertEqual(s.key(), t.key())
        with self.assertRaises(TypeError):
            s.apply_action(numpy.float32(1))
        with self.assertRaises(TypeError):
            s.apply_action(numpy.bool_(True))

    def test_legal_all_apply(self):
        s = midgame(3, 11)
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)  # every legal action is accepted
        self.assertEqual(s.legal_actions(s.current_player()), s.legal_actions())
        other = (s.current_player() + 1) % s.num_players()
        self.assertEqual(s.legal_actions(other), [])
        self.assertEqual(s.legal_actions_mask(other), [0] * elasund.NUM_ACTIONS)

    def test_mask_consistent(self):
        rng = random.Random(2)
        s = elasund.new_game(4, 2, max_turns=100)
        for _ in range(60):
            mask = s.legal_actions_mask()
            self.assertEqual([i for i, m in enumerate(mask) if m], sorted(s.legal_actions()))
            self.assertTrue(set(mask) <= {0, 1})
            play(s, rng, 5)


class LegalAfterApplyTest(unittest.TestCase):
    """apply_action hands the new position's legal actions to legal_actions
    through a buffer of the thread; other states and threads that use the
    buffer in between must not mix them up."""

    def fresh(self, s):
        # The legal actions as a state loaded from s's bytes finds them.
        return elasund.deserialize_state(s.serialize()).legal_actions()

    def test_interleaved(self):
        rng = random.Random(3)
        states = [midgame(2 + i % 3, 40 + i, 60 + 7 * i) for i in range(4)]
        for _ in range(400):
            s = rng.choice(states)
            r = rng.random()
            if r < 0.5 and not s.is_terminal():
                legal = s.legal_actions()
                s.apply_action(rng.choice(legal))
            elif r < 0.7:
                rng.choice(states).clone().legal_actions()
            elif r < 0.8:
                rng.choice(states).legal_actions_mask()
            t = rng.choice(states)
            self.assertEqual(t.legal_actions(), self.fresh(t))

    def test_other_thread(self):
        import threading

        s = midgame(3, 8)
        s.apply_action(s.legal_actions()[0])
        want = self.fresh(s)
        got = []
        t = threading.Thread(target=lambda: got.append(s.legal_actions()))
        t.start()
        t.join()
        self.assertEqual(got, [want])
        self.assertEqual(s.legal_actions(), want)

    def test_returned_list_is_a_copy(self):
        s = midgame()
        s.apply_action(s.legal_actions()[0])
        a = s.legal_actions()
        a.append(-5)
        self.assertEqual(s.legal_actions(), self.fresh(s))
        if s.is_chance_node():
            s.apply_action(0)
        c = elasund.new_game()
        outcomes = c.chance_outcomes()
        outcomes.clear()
        self.assertEqual(len(c.chance_outcomes()), 11)
        legal = c.legal_actions()
        legal.clear()
        self.assertEqual(len(c.legal_actions()), 11)


class TerminalTest(unittest.TestCase):
    def test_returns(self):
        for players, seed, max_turns in [
            (2, 1, 300),
            (3, 2, 300),
            (4, 3, 300),
            (2, 4, 2),
            (4, 5, 1),
        ]:
            with self.subTest(players=players, seed=seed, max_turns=max_turns):
                s = elasund.new_game(players, seed, max_turns=max_turns)
                self.assertEqual(s.returns(), [0.0] * players)
                play(s, random.Random(seed), roll=True)
                self.assertTrue(s.is_terminal())
                self.assertEqual(s.current_player(), elasund.TERMINAL_PLAYER_ID)
                r = s.returns()
                self.assertEqual(len(r), players)
                self.assertEqual(math.fsum(r), 1.0)
                winners = [x for x in r if x > 0]
                self.assertEqual(set(r) - {0.0}, {1 / len(winners)})
                self.assertEqual(s.legal_actions(), [])
                self.assertEqual(s.chance_outcomes(), [])
                self.assertFalse(s.is_chance_node())
                self.assertEqual(sum(s.legal_actions_mask()), 0)
                with self.assertRaises(ValueError) as cm:
                    s.apply_action(elasund.ROLL_ACTION)
                self.assertIn("§11: the game has ended", str(cm.exception))


class CopyTest(unittest.TestCase):
    def test_clone_independent(self):
        s = midgame(3, 4)
        for make in [lambda x: x.clone(), copy.copy, copy.deepcopy]:
            c = make(s)
            before = s.serialize()
            self.assertEqual(c.serialize(), before)
            self.assertEqual(c.current_player(), s.current_player())
            c.apply_action(c.legal_actions()[0])
            self.assertEqual(s.serialize(), before)
            self.assertNotEqual(c.key(), s.key())
            c.close()
            self.assertEqual(s.serialize(), before)

    def test_serialize_round_trip(self):
        rng = random.Random(9)
        s = elasund.new_game(4, 9, max_turns=100)
        for _ in range(30):
            b = s.serialize()
            self.assertIsInstance(b, bytes)
            t = elasund.deserialize_state(b)
            for f in (
                "serialize",
                "key",
                "current_player",
                "legal_actions",
                "returns",
                "is_terminal",
                "__str__",
            ):
                self.assertEqual(getattr(t, f)(), getattr(s, f)(), f)
            self.assertEqual(elasund.deserialize_state(bytearray(b)).key(), s.key())
            self.assertEqual(elasund.deserialize_state(memoryview(b)).key(), s.key())
            # The random source travels too: the same plain roll.
            s2, t2 = s.clone(), t
            play(s2, random.Random(1), 8, roll=True)
            play(t2, random.Random(1), 8, roll=True)
            self.assertEqual(s2.serialize(), t2.serialize())
            play(s, rng, 10, roll=True)

    def test_pickle(self):
        s = midgame()
        t = pickle.loads(pickle.dumps(s))
        self.assertEqual(t.serialize(), s.serialize())

    def test_deserialize_refusals(self):
        good = midgame().serialize()
        for data, exc, text in [
            (b"", ValueError, "elasund: bad encoding"),
            (bytes(len(good)), ValueError, "bad encoding: binary encoding of version 0"),
            (good[:-1], ValueError, "bad encoding"),
            (good + b"\x00", ValueError, "bad encoding"),
            ("state", TypeError, "must be bytes"),
            (None, TypeError, "must be bytes"),
            (list(good), TypeError, "must be bytes"),
        ]:
            with self.subTest(data=data[:8] if isinstance(data, bytes) else data):
                with self.assertRaises(exc) as cm:
                    elasund.deserialize_state(data)
                self.assertIn(text, str(cm.exception))


class ResampleTest(unittest.TestCase):
    def test_keeps_view(self):
        for players in (2, 3, 4):
            s = midgame(players, 20 + players, 150)
            for p in range(players):
                with self.subTest(players=players, player=p):
                    keys = set()
                    for seed in range(6):
                        r = s.resample_from_infostate(p, seed)
                        self.assertEqual(r.view_json(p), s.view_json(p))
                        self.assertEqual(r.current_player(), s.current_player())
                        keys.add(r.key())
                    # What p cannot see (the deck's order at least) varies.
                    self.assertGreater(len(keys), 1)
                    self.assertEqual(
                        s.resample_from_infostate(p, 3).serialize(),
                        s.resample_from_infostate(p, 3).serialize(),
                    )
                    self.assertEqual(
                        s.resample_from_infostate(p, random.Random(8)).serialize(),
                        s.resample_from_infostate(p, random.Random(8)).serialize(),
                    )

    def test_equals_go(self):
        s = midgame(3, 6, 200)
        cases = [(p, seed) for p in range(3) for seed in (0, 1, 2**64 - 1)]
        replies = golden.serve(
            [
                dict(op="redeal", state=_b64(s.serialize()), player=p, seed=seed)
                for p, seed in cases
            ]
        )
        for (p, seed), want in zip(cases, replies):
            with self.subTest(player=p, seed=seed):
                self.assertNotIn("error", want)
                self.assertEqual(
                    _b64(s.resample_from_infostate(p, seed).serialize()), want["state"]
                )

    def test_refusals(self):
        s = midgame()
        for args, exc, text in [
            ((2, 1), ValueError, "elasund: not a player of the game: 2 (the seats are 0 to 1)"),
            ((-1, 1), ValueError, "not a player of the game: -1"),
            ((2**80, 1), ValueError, "not a player"),
            ((0, -1), ValueError, "seed -1 is out of range"),
            ((0, 2**64), ValueError, "out of range"),
            ((0, 1.0), TypeError, "seed"),
            ((0, None), TypeError, "seed"),
            ((0.0, 1), TypeError, "player must be an int"),
            ((True, 1), TypeError, "bool"),
        ]:
            with self.subTest(args=args):
                with self.assertRaises(exc) as cm:
                    s.resample_from_infostate(*args)
                self.assertIn(text, str(cm.exception))


def _b64(b):
    return base64.b64encode(b).decode()


class ViewTest(unittest.TestCase):
    def test_state_from_view(self):
        for players in (2, 4):
            s = midgame(players, 30 + players, 100)
            for p in range(players):
                text = s.view_json(p)
                self.assertIsInstance(text, str)
                parsed = json.loads(text)
                self.assertEqual(parsed["viewer"], parsed["players"][p]["color"])
                for form in (text, text.encode(), parsed):
                    with self.subTest(players=players, player=p, form=type(form).__name__):
                        t = elasund.state_from_view(form, 5)
                        self.assertEqual(t.view_json(p), text)
                        self.assertEqual(t.current_player(), s.current_player())

    def test_equals_go(self):
        s = midgame(3, 12, 150)
        cases = [(p, seed) for p in range(3) for seed in (0, 99)]
        replies = golden.serve(
            [dict(op="fromview", view=s.view_json(p), seed=seed) for p, seed in cases]
        )
        for (p, seed), want in zip(cases, replies):
            with self.subTest(player=p, seed=seed):
                self.assertNotIn("error", want)
                got = elasund.state_from_view(s.view_json(p), seed)
                self.assertEqual(_b64(got.serialize()), want["state"])

    def test_refusals(self):
        for view, exc, text in [
            ("", ValueError, "elasund: bad encoding: view: not valid JSON"),
            ("{}", ValueError, "bad encoding: view"),
            (b"\xff", ValueError, "bad encoding"),
            ({"state": 1}, ValueError, "bad encoding"),
            ({"x": float("nan")}, ValueError, "bad encoding"),
            ({"x": object()}, ValueError, "not JSON"),
            (None, TypeError, "must be JSON as str, bytes or dict"),
            (5, TypeError, "must be JSON"),
        ]:
            with self.subTest(view=view):
                with self.assertRaises(exc) as cm:
                    elasund.state_from_view(view, 1)
                self.assertIn(text, str(cm.exception))

    def test_view_json_refusals(self):
        s = elasund.new_game(3)
        for p, exc in [(3, ValueError), (-1, ValueError), ("0", TypeError), (None, TypeError)]:
            with self.subTest(player=p):
                with self.assertRaises(exc):
                    s.view_json(p)


class ObservationTest(unittest.TestCase):
    def test_default_player(self):
        s = midgame(3, 7)
        p = s.current_player()
        obs = s.observation_tensor()
        self.assertEqual(len(obs), elasund.OBSERVATION_SIZE)
        self.assertIsInstance(obs[0], float)
        self.assertEqual(obs, s.observation_tensor(p))
        # The encoding is relative to its player: another seat sees another tensor.
        self.assertNotEqual(obs, s.observation_tensor((p + 1) % 3))

    def test_no_player_at_chance_or_end(self):
        s = elasund.new_game(2, 1)
        with self.assertRaises(ValueError) as cm:
            s.observation_tensor()
        self.assertIn("needs a player at a chance node", str(cm.exception))
        self.assertEqual(len(s.observation_tensor(1)), elasund.OBSERVATION_SIZE)
        end = play(elasund.new_game(2, 1, max_turns=2), random.Random(1), roll=True)
        with self.assertRaises(ValueError):
            end.observation_tensor()
        self.assertEqual(len(end.observation_tensor(0)), elasund.OBSERVATION_SIZE)

    def test_refusals(self):
        s = midgame()
        for p, exc, text in [
            (2, ValueError, "elasund: not a player of the game: 2"),
            (-1, ValueError, "not a player"),
            (2**64, ValueError, "not a player"),
            (True, TypeError, "bool"),
            (0.0, TypeError, "player must be an int"),
            ("0", TypeError, "player must be an int"),
        ]:
            with self.subTest(player=p):
                with self.assertRaises(exc) as cm:
                    s.observation_tensor(p)
                self.assertIn(text, str(cm.exception))

    def test_write_array(self):
        s = midgame(4, 3)
        for p in range(4):
            out = array.array("f", [7.0]) * elasund.OBSERVATION_SIZE
            s.write_observation(p, out)
            self.assertEqual(out.tolist(), s.observation_tensor(p))

    def test_write_numpy(self):
        if numpy is None:
            self.skipTest("NumPy is not installed")
        s = midgame(2, 3)
        out = numpy.full(elasund.OBSERVATION_SIZE, 7, dtype=numpy.float32)
        s.write_observation(1, out)
        self.assertEqual(out.tolist(), s.observation_tensor(1))
        rows = numpy.zeros((2, elasund.OBSERVATION_SIZE), dtype=numpy.float32)
        s.write_observation(0, rows[1])
        self.assertEqual(rows[1].tolist(), s.observation_tensor(0))
        self.assertEqual(rows[0].tolist(), [0.0] * elasund.OBSERVATION_SIZE)
        for bad, exc in [
            (numpy.zeros(elasund.OBSERVATION_SIZE, dtype=numpy.float64), TypeError),
            (numpy.zeros(elasund.OBSERVATION_SIZE, dtype=numpy.int32), TypeError),
            (numpy.zeros(elasund.OBSERVATION_SIZE, dtype=">f4"), TypeError),
            (numpy.zeros(2 * elasund.OBSERVATION_SIZE, dtype=numpy.float32)[::2], TypeError),
            (numpy.zeros(elasund.OBSERVATION_SIZE - 1, dtype=numpy.float32), ValueError),
            (numpy.zeros((2, elasund.OBSERVATION_SIZE), dtype=numpy.float32), ValueError),
        ]:
            with self.subTest(dtype=str(bad.dtype), shape=bad.shape):
                with self.assertRaises(exc):
                    s.write_observation(0, bad)
        ro = numpy.zeros(elasund.OBSERVATION_SIZE, dtype=numpy.float32)
        ro.flags.writeable = False
        with self.assertRaises(TypeError):
            s.write_observation(0, ro)

    def test_write_refusals(self):
        s = midgame()
        n = elasund.OBSERVATION_SIZE
        for bad, exc, text in [
            (array.array("d", [0.0]) * n, TypeError, "float32"),
            (array.array("i", [0]) * n, TypeError, "float32"),
            (
                array.array("f", [0.0]) * (n - 1),
                ValueError,
                "holds 2658 float32 values; it must hold 2659",
            ),
            (array.array("f", [0.0]) * (n + 1), ValueError, "must hold 2659"),
            (bytes(4 * n), TypeError, "float32"),
            (bytearray(4 * n), TypeError, "float32"),
            ([0.0] * n, TypeError, "writable float32 buffer"),
            (None, TypeError, "writable float32 buffer"),
            (memoryview(bytes(4 * n)).cast("f"), TypeError, "read-only"),
        ]:
            with self.subTest(type=type(bad).__name__):
                with self.assertRaises(exc) as cm:
                    s.write_observation(0, bad)
                self.assertIn(text, str(cm.exception))
        with self.assertRaises(ValueError):
            s.write_observation(5, array.array("f", [0.0]) * n)


class NotationTest(unittest.TestCase):
    def test_every_action(self):
        want = json.loads(golden.run("actions"))
        s = elasund.new_game()
        self.assertEqual(len(want), elasund.NUM_ACTIONS)
        for a, text in enumerate(want):
            got = s.action_to_string(a)
            if got != text:
                self.fail("action_to_string(%d) = %r; Go's Move.String is %r" % (a, got, text))
            if s.string_to_action(text) != a:
                self.fail(
                    "string_to_action(%r) = %r; want %d" % (text, s.string_to_action(text), a)
                )

    def test_forms(self):
        s = elasund.new_game(3)
        a = s.string_to_action("build tavern c5 pay blue")
        for got in [
            s.action_to_string(a),
            s.action_to_string(0, a),
            s.action_to_string(elasund.CHANCE_PLAYER_ID, a),
        ]:
            self.assertEqual(got, "build tavern c5 pay blue")
        self.assertEqual(s.string_to_action(2, "  BUILD Tavern C5   pay BLUE "), a)
        self.assertEqual(s.string_to_action("roll"), elasund.ROLL_ACTION)

    def test_refusals(self):
        s = elasund.new_game(2)
        for call, exc, text in [
            (
                lambda: s.string_to_action("fly"),
                ValueError,
                'elasund: cannot parse move "fly": unknown kind "fly"',
            ),
            (lambda: s.string_to_action(""), ValueError, "cannot parse move"),
            (lambda: s.string_to_action("roll 7 1"), ValueError, "cannot parse move"),
            (
                lambda: s.string_to_action("discard nothing"),
                ValueError,
                "elasund: the move has no action index: discard nothing",
            ),
            (lambda: s.string_to_action("\ud800"), ValueError, "cannot parse move"),
            (lambda: s.string_to_action("x" * 100000), ValueError, "cannot parse move"),
            (lambda: s.string_to_action(b"roll"), TypeError, "must be a str"),
            (lambda: s.string_to_action(2, "roll"), ValueError, "not a player of the game: 2"),
            (lambda: s.action_to_string(-1), ValueError, "action index out of range: -1"),
            (
                lambda: s.action_to_string(elasund.NUM_ACTIONS),
                ValueError,
                "action index out of range",
            ),
            (lambda: s.action_to_string(2**64), ValueError, "action index out of range"),
            (lambda: s.action_to_string("roll"), TypeError, "must be an int"),
            (lambda: s.action_to_string(5, 0), ValueError, "not a player of the game: 5"),
        ]:
            with self.subTest(text=text):
                with self.assertRaises(exc) as cm:
                    call()
                self.assertIn(text, str(cm.exception))


class TextTest(unittest.TestCase):
    def test_str_and_key(self):
        s = midgame()
        text = str(s)
        self.assertTrue(text.startswith("Elasund, 2 players"), text[:40])
        k = s.key()
        self.assertIsInstance(k, bytes)
        self.assertEqual(len(k), 16)
        self.assertIn("elasund.State", repr(s))


class CloseTest(unittest.TestCase):
    CALLS = [
        ("current_player", ()),
        ("is_chance_node", ()),
        ("is_terminal", ()),
        ("num_players", ()),
        ("chance_outcomes", ()),
        ("legal_actions", ()),
        ("legal_actions_mask", ()),
        ("apply_action", (0,)),
        ("apply_action", (10**30,)),
        ("action_to_string", (0,)),
        ("string_to_action", ("roll",)),
        ("observation_tensor", (0,)),
        ("write_observation", (0, array.array("f", [0.0]) * 2659)),
        ("returns", ()),
        ("view_json", (0,)),
        ("clone", ()),
        ("resample_from_infostate", (0, 1)),
        ("serialize", ()),
        ("key", ()),
        ("__str__", ()),
        ("__enter__", ()),
    ]

    def test_closed(self):
        s = elasund.new_game()
        s.close()
        s.close()  # twice is nothing
        for name, args in self.CALLS:
            with self.subTest(name):
                with self.assertRaises(ValueError) as cm:
                    getattr(s, name)(*args)
                self.assertEqual(str(cm.exception), "elasund: the state was closed")
        self.assertIn("closed", repr(s))

    def test_with(self):
        with elasund.new_game() as s:
            self.assertEqual(s.num_players(), 2)
        with self.assertRaises(ValueError):
            s.legal_actions()


if __name__ == "__main__":
    unittest.main()
