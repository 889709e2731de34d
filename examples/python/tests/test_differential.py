"""Differential tests: the Python State is the Go engine.

The golden program (examples/python/golden) plays seeded random games in Go,
mixing plain rolls (ROLL_ACTION), forced dice of any two faces and chance
outcomes, and prints what the Go library says at over a thousand positions:
legal actions, chance outcomes, mask, every player's observation and view,
text board, returns, binary form and key (and the key after every action).
Python replays the same actions and compares everything. Games played by
Python are replayed by Go the other way round and end in the same key.
"""

import array
import base64
import hashlib
import random
import sys
import unittest

import elasund
from tests import _golden as golden


def sha(b):
    return hashlib.sha256(b).hexdigest()


def obs_bytes(values):
    """The float32 values little-endian, as the golden program hashes them."""
    a = array.array("f", values)
    if sys.byteorder != "little":
        a.byteswap()
    return a.tobytes()


class DifferentialTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sizes, cls.games = golden.positions()

    def test_enough_positions(self):
        n = sum(len(g["positions"]) for g in self.games)
        self.assertGreaterEqual(n, 1000)
        # The games reach every kind of position the tests are about.
        kinds = {(p["is_chance"], p["is_terminal"]) for g in self.games for p in g["positions"]}
        self.assertEqual(kinds, {(True, False), (False, False), (False, True)})
        self.assertEqual({g["players"] for g in self.games}, {2, 3, 4})
        self.assertTrue(any(len(p["legal"]) > 100 for g in self.games for p in g["positions"]))

    def test_positions(self):
        compared = 0
        for gi, g in enumerate(self.games):
            s = elasund.new_game(g["players"], g["seed"], g["rules"], g["max_turns"] or None)
            positions = {p["step"]: p for p in g["positions"]}
            for step in range(len(g["actions"]) + 1):
                if step in positions:
                    self.compare(s, positions[step], "game %d, step %d" % (gi, step))
                    compared += 1
                if step == len(g["actions"]):
                    break
                s.apply_action(g["actions"][step])
                if s.key().hex() != g["keys"][step]:
                    self.fail(
                        "game %d: the key after action %d (%d) differs from Go's"
                        % (gi, step, g["actions"][step])
                    )
            self.assertEqual(s.is_terminal(), g["over"])
        self.assertGreaterEqual(compared, 1000)

    def compare(self, s, want, where):
        def eq(got, exp, what):
            msg = "%s (turn %d, %s): %s" % (where, want["turn"], want["phase"], what)
            self.assertEqual(got, exp, msg)

        eq(s.num_players(), want["num_players"], "num_players")
        eq(s.current_player(), want["player"], "current_player")
        eq(s.is_chance_node(), want["is_chance"], "is_chance_node")
        eq(s.is_terminal(), want["is_terminal"], "is_terminal")
        eq(s.legal_actions(), want["legal"], "legal_actions")
        eq(
            [s.action_to_string(a) for a in want["legal"]],
            want["legal_text"] or [],
            "action_to_string",
        )
        eq([[float(a), p] for a, p in s.chance_outcomes()], want["chance"], "chance_outcomes")
        eq(sha(bytes(s.legal_actions_mask())), want["mask"], "legal_actions_mask")
        eq(s.returns(), want["returns"], "returns")
        eq(base64.b64encode(s.serialize()).decode(), want["state"], "serialize")
        eq(s.key().hex(), want["key"], "key")
        eq(sha(str(s).encode()), want["text"], "str")
        if want["text_full"]:
            eq(str(s), want["text_full"], "str")
        for p in range(s.num_players()):
            obs = s.observation_tensor(p)
            eq(sha(obs_bytes(obs)), want["obs"][p], "observation_tensor(%d)" % p)
            eq(sha(s.view_json(p).encode()), want["views"][p], "view_json(%d)" % p)
            if want["obs_values"]:
                eq(obs, want["obs_values"][p], "observation_tensor(%d) values" % p)
            if p == s.current_player():
                eq(s.observation_tensor(), obs, "observation_tensor()")
        if want["view_json"]:
            eq(s.view_json(0), want["view_json"], "view_json(0)")

    def test_deserialize_every_position(self):
        # Go's bytes load in Python into the same position.
        for g in self.games:
            for p in g["positions"]:
                s = elasund.deserialize_state(base64.b64decode(p["state"]))
                self.assertEqual(s.key().hex(), p["key"])
                self.assertEqual(s.legal_actions(), p["legal"])
                self.assertEqual(s.current_player(), p["player"])

    def test_python_games_in_go(self):
        # Python plays seeded random games (plain and forced rolls); Go plays
        # the same seed and actions and ends in the same key.
        requests, finals = [], []
        for i in range(12):
            cfg = dict(
                players=2 + i % 3,
                seed=1000 + i,
                rules=["default", "english"][i % 2],
                max_turns=[0, 150, 40][i % 3],
            )
            rng = random.Random(i)
            s = elasund.new_game(
                cfg["players"], cfg["seed"], cfg["rules"], cfg["max_turns"] or None
            )
            actions = []
            while not s.is_terminal() and len(actions) < 2000:
                if s.is_chance_node():
                    a = rng.choice(
                        [elasund.ROLL_ACTION, rng.randrange(1, 37), rng.choice(s.legal_actions())]
                    )
                else:
                    a = rng.choice(s.legal_actions())
                s.apply_action(a)
                actions.append(a)
            requests.append(dict(op="play", actions=actions, **cfg))
            finals.append(s)
        for i, (s, want) in enumerate(zip(finals, golden.serve(requests))):
            with self.subTest(game=i):
                self.assertNotIn("error", want)
                self.assertEqual(s.key().hex(), want["key"])
                self.assertEqual(base64.b64encode(s.serialize()).decode(), want["state"])
                self.assertEqual(s.is_terminal(), want["over"])


if __name__ == "__main__":
    unittest.main()
