"""Fuzz tests: bad input from Python is an exception, never a crash.

Seeded random inputs go to every public entry point (and to the private
ctypes layer with handles and buffers that are wrong): ints of every size,
values of wrong types, random and mutated bytes, strings and JSON. Each call
must return normally or raise TypeError or ValueError whose message starts
"elasund: "; a refused call leaves the state as it was. Some 100,000 inputs
in a few seconds.
"""

import array
import ctypes
import json
import random
import unittest

import elasund
from elasund import state as _state

WRONG_TYPES = [
    None,
    1.5,
    float("nan"),
    float("inf"),
    "1",
    b"1",
    [],
    {},
    (),
    object(),
    True,
    False,
    1j,
    bytearray(b"1"),
]
BOUNDARY_INTS = [
    0,
    1,
    -1,
    2,
    3,
    4,
    5,
    36,
    37,
    elasund.NUM_ACTIONS - 1,
    elasund.NUM_ACTIONS,
    elasund.NUM_ACTIONS + 1,
    2**31 - 1,
    2**31,
    2**32,
    2**32 + 1,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    2**64 + 5,
    2**100,
    -(2**31),
    -(2**32),
    -(2**63),
    -(2**63) - 1,
    -(2**64),
    -(2**64) - 1,
    -(2**100),
]
WORDS = [
    "roll",
    "steer",
    "pirates",
    "discard",
    "return",
    "build",
    "wall",
    "church",
    "keep",
    "rebuild",
    "end",
    "permit",
    "take",
    "gold",
    "move",
    "upgrade",
    "bonus",
    "turn",
    "remove",
    "pay",
    "blue",
    "green",
    "yellow",
    "hut",
    "totem",
    "house",
    "tavern",
    "large",
    "c5",
    "i12",
    "a2",
    "Nc",
    "E7",
    "E11",
    "0",
    "4",
    "7",
    "13",
    "-1",
    "nothing",
    "default",
    "english",
    "adjacent-permit-rows",
    "shortage-voids-income",
    "+",
    "\x00",
    "\ud800",
    "é",
]


def rand_int(rng):
    r = rng.random()
    if r < 0.3:
        return rng.choice(BOUNDARY_INTS)
    if r < 0.6:
        return rng.randrange(-10, elasund.NUM_ACTIONS + 10)
    return rng.getrandbits(rng.randrange(1, 200)) * rng.choice((1, -1))


def rand_str(rng):
    r = rng.random()
    if r < 0.5:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(0, 8)))
    if r < 0.8:
        return "".join(
            chr(rng.randrange(0, 0x11000) if rng.random() < 0.3 else rng.randrange(32, 127))
            for _ in range(rng.randrange(0, 40))
        )
    if r < 0.95:
        return rng.choice(WORDS) * rng.randrange(1, 5000)
    return "".join(rng.choice(WORDS) for _ in range(rng.randrange(0, 30)))


def mutate(rng, data):
    b = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        r = rng.random()
        if r < 0.6 and b:
            b[rng.randrange(len(b))] = rng.randrange(256)
        elif r < 0.8:
            cut = rng.randrange(len(b) + 1)
            del b[cut:]
        else:
            i, j = rng.randrange(len(b) + 1), rng.randrange(len(b) + 1)
            b[i:j] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9)))
    return bytes(b)


def rand_bytes(rng, good):
    r = rng.random()
    if r < 0.4:
        return mutate(rng, rng.choice(good))
    if r < 0.7:
        return bytes(
            rng.randrange(256)
            for _ in range(rng.choice((0, 1, 268, 269, 270, rng.randrange(600))))
        )
    if r < 0.9:
        b = bytearray(rng.choice(good))
        b[0] = rng.randrange(256)
        return bytes(b)
    return rng.choice(good)


class FuzzTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        rng = random.Random(7)
        cls.states = []
        for players in (2, 3, 4):
            s = elasund.new_game(players, players, max_turns=200)
            cls.states.append(s.clone())
            for step in range(600):
                if s.is_terminal():
                    break
                s.apply_action(rng.choice(s.legal_actions()))
                if step % 97 == 0:
                    cls.states.append(s.clone())
            cls.states.append(s)
        cls.blobs = [s.serialize() for s in cls.states]
        cls.views = [s.view_json(p) for s in cls.states for p in range(s.num_players())]
        cls.count = 0

    def expect(self, call, *args):
        """Calls call(*args): a result, or TypeError or ValueError from
        elasund; any other exception fails the test."""
        self.__class__.count += 1
        try:
            return call(*args)
        except (TypeError, ValueError) as e:
            msg = str(e)
            if not msg.startswith("elasund: "):
                self.fail(
                    "%s%r raised %s without the elasund prefix: %s"
                    % (getattr(call, "__name__", call), args[:3], type(e).__name__, msg)
                )
            if len(msg) > 600:
                self.fail("a message of %d characters: %s..." % (len(msg), msg[:100]))
            return e

    def test_state_methods(self):
        rng = random.Random(1)
        n = elasund.OBSERVATION_SIZE
        for i in range(3000):
            s = rng.choice(self.states).clone()
            before = s.serialize()
            p, a = rand_int(rng), rand_int(rng)
            if rng.random() < 0.1:
                p = rng.choice(WRONG_TYPES)
            if rng.random() < 0.1:
                a = rng.choice(WRONG_TYPES)
            out = (
                array.array("f", bytes(4 * n))
                if rng.random() < 0.8
                else rng.choice(WRONG_TYPES + [array.array("f", [0.0]) * (n - 1)])
            )
            text = rand_str(rng) if rng.random() < 0.9 else rng.choice(WRONG_TYPES)
            for call, args in [
                (s.apply_action, (a,)),
                (s.action_to_string, (a,)),
                (s.action_to_string, (p, a)),
                (s.string_to_action, (text,)),
                (s.string_to_action, (p, text)),
                (s.observation_tensor, (p,)),
                (s.write_observation, (p, out)),
                (s.view_json, (p,)),
                (s.legal_actions, (p,)),
                (s.legal_actions_mask, (p,)),
                (s.resample_from_infostate, (p, a)),
            ]:
                r = self.expect(call, *args)
                if isinstance(r, Exception):
                    self.assertEqual(
                        s.serialize(), before, "%s%r changed the state" % (call.__name__, args)
                    )
                else:
                    before = s.serialize()
            for call in (
                s.current_player,
                s.is_chance_node,
                s.is_terminal,
                s.chance_outcomes,
                s.legal_actions,
                s.returns,
                s.key,
                s.serialize,
                s.clone,
                s.__str__,
                s.num_players,
            ):
                call()

    def test_apply_any_int(self):
        # Every int applied to positions: accepted exactly when legal here.
        rng = random.Random(2)
        for i in range(20000):
            s = rng.choice(self.states)
            a = rand_int(rng)
            c = s.clone()
            r = self.expect(c.apply_action, a)
            legal = a in s.legal_actions() or (s.is_chance_node() and 0 <= a <= 36)
            self.assertEqual(
                not isinstance(r, Exception), legal, "apply_action(%d) at %r" % (a, s)
            )
            if isinstance(r, Exception):
                self.assertEqual(c.key(), s.key())

    def test_constructors(self):
        rng = random.Random(3)
        for i in range(4000):
            args = [
                rand_int(rng) % 7 - 1 if rng.random() < 0.7 else rand_int(rng),
                rand_int(rng),
                rand_str(rng) if rng.random() < 0.6 else rng.choice(WORDS[-7:-3]),
                rng.choice([None, rand_int(rng), rng.randrange(0, 300)]),
            ]
            if rng.random() < 0.1:
                args[rng.randrange(4)] = rng.choice(WRONG_TYPES)
            r = self.expect(elasund.new_game, *args)
            if not isinstance(r, Exception):
                self.assertIn(r.num_players(), (2, 3, 4))

    def test_deserialize(self):
        rng = random.Random(4)
        for i in range(15000):
            data = rand_bytes(rng, self.blobs) if rng.random() < 0.97 else rng.choice(WRONG_TYPES)
            r = self.expect(elasund.deserialize_state, data)
            if not isinstance(r, Exception):
                self.assertEqual(r.serialize(), data)  # what loads saves back alike
                r.legal_actions()
                str(r)

    def test_state_from_view(self):
        rng = random.Random(5)
        for i in range(3000):
            r = rng.random()
            if r < 0.6:
                view = mutate(rng, rng.choice(self.views).encode())
            elif r < 0.8:
                d = json.loads(rng.choice(self.views))
                key = rng.choice(list(d))
                d[key] = rng.choice([None, 0, -1, 2**70, "x", [], {}, d.get("players"), 1.5])
                if rng.random() < 0.3:
                    d[rand_str(rng)] = 1
                view = d
            elif r < 0.95:
                view = rand_str(rng)
            else:
                view = rng.choice(WRONG_TYPES)
            seed = (
                rand_int(rng)
                if rng.random() < 0.9
                else rng.choice(WRONG_TYPES + [random.Random(i)])
            )
            self.expect(elasund.state_from_view, view, seed)

    def test_threads(self):
        # Threads playing on their own states and on one shared state: the
        # library's calls hold the GIL, so a shared state sees one call at a
        # time; every call is a result or an elasund error.
        import threading

        shared = self.states[2].clone()
        errors = []

        def worker(seed):
            try:
                rng = random.Random(seed)
                own = elasund.new_game(2 + seed % 3, seed, max_turns=100)
                for _ in range(1500):
                    for s in (own, shared):
                        if s.is_terminal():
                            continue
                        r = self.expect(s.apply_action, rng.choice(s.legal_actions() or [0]))
                        if not isinstance(r, Exception) and not s.is_terminal():
                            legal = s.legal_actions()
                            fresh = elasund.deserialize_state(s.serialize()).legal_actions()
                            if s is own and legal != fresh:
                                errors.append(
                                    "thread %d: legal_actions %r, want %r" % (seed, legal, fresh)
                                )
                    s.clone().observation_tensor(0)
            except Exception as e:  # anything but an assertion of expect
                errors.append("thread %d: %r" % (seed, e))

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])

    def test_closed(self):
        s = self.states[0].clone()
        s.close()
        rng = random.Random(6)
        for i in range(500):
            for call, args in [
                (s.apply_action, (rand_int(rng),)),
                (s.legal_actions, ()),
                (s.observation_tensor, (0,)),
                (s.clone, ()),
                (s.serialize, ()),
                (s.view_json, (rand_int(rng),)),
                (s.key, ()),
                (s.resample_from_infostate, (0, 1)),
                (s.action_to_string, (rand_int(rng),)),
            ]:
                r = self.expect(call, *args)
                self.assertIsInstance(r, ValueError)
                self.assertEqual(str(r), "elasund: the state was closed")

    def swapped(self, handle):
        """A State whose handle was swapped for handle (and is put back): one
        where a player is to move (at a chance node the outcomes, the same
        at every roll, come from Python without a call)."""
        s = next(t for t in self.states if t.current_player() >= 0).clone()
        own = s._h
        s._h = handle
        return s, own

    def call_all(self, s, rng):
        for call, args in [
            (s.apply_action, (rng.randrange(elasund.NUM_ACTIONS),)),
            (s.legal_actions, ()),
            (s.legal_actions_mask, ()),
            (s.observation_tensor, (0,)),
            (s.returns, ()),
            (s.clone, ()),
            (s.serialize, ()),
            (s.view_json, (0,)),
            (s.key, ()),
            (s.__str__, ()),
            (s.resample_from_infostate, (0, 1)),
            (s.write_observation, (0, array.array("f", [0.0]) * elasund.OBSERVATION_SIZE)),
        ]:
            yield call.__name__, self.expect(call, *args)

    def test_foreign_handles(self):
        # Numbers that are no live handle: refused with the Go side's error.
        rng = random.Random(8)
        for i in range(1500):
            h = rng.choice(
                [rng.getrandbits(64), 2**64 - 1, 2**63, rng.randrange(10**12, 2**62)]
            )
            s, own = self.swapped(h)
            for name, r in self.call_all(s, rng):
                self.assertIsInstance(r, ValueError, name)
                self.assertIn("not a live handle of a state", str(r))
            s._h = own

    def test_freed_handle(self):
        rng = random.Random(9)
        t = self.states[1].clone()
        dead = t._h
        t.close()
        s, own = self.swapped(dead)
        for name, r in self.call_all(s, rng):
            self.assertIsInstance(r, ValueError, name)
            self.assertIn("not a live handle of a state (freed, or never made)", str(r))
        s._h = own

    def test_handle_of_another_kind(self):
        # A VecEnv's handle, where the package has one, in a State.
        try:
            env = elasund.VecEnv(2, players=2, seed=0)
        except Exception as e:  # the VecEnv of this build takes other arguments
            self.skipTest("no VecEnv to take a handle from: %s" % e)
        h = next(
            (
                getattr(env, a)
                for a in ("_h", "_handle", "handle")
                if isinstance(getattr(env, a, None), int)
            ),
            None,
        )
        if not h:
            self.skipTest("the VecEnv has no handle attribute (_h, _handle)")
        s, own = self.swapped(h)
        for name, r in self.call_all(s, random.Random(10)):
            self.assertIsInstance(r, ValueError, name)
            self.assertIn("a handle of something else", str(r))
        s._h = own

    def test_private_layer(self):
        # The ctypes functions called with NULL buffers and lengths that
        # are too small: errors from the Go side, no write past a buffer.
        s = self.states[3]
        h = s._h
        chk = _state._check
        small = (ctypes.c_int64 * 4)()
        guard = (ctypes.c_int64 * 8)(*([-7] * 8))
        for f, args, text in [
            (_state._legal, (h, None, 10), "NULL"),
            (_state._legal, (h, small, 0), "buffer too small"),
            (_state._mask, (h, None, 100), "NULL"),
            (_state._mask, (h, (ctypes.c_uint8 * 100)(), 100), "buffer too small"),
            (_state._observation, (h, 0, None, elasund.OBSERVATION_SIZE), "NULL"),
            (_state._observation, (h, 0, (ctypes.c_float * 10)(), 10), "buffer too small"),
            (_state._returns, (h, (ctypes.c_double * 1)(), 1), "buffer too small"),
            (_state._chance, (h, None, None, 11), "NULL"),
            (_state._new, (2, 0, None, 5, 0), "NULL"),
            (_state._unmarshal, (None, 269), "NULL"),
            (_state._unmarshal, (b"x", 1 << 40), "too long"),
            (_state._from_view, (None, 3, 0), "NULL"),
            (_state._parse_action, (None, 1), "NULL"),
            (_state._marshal, (h, None, 10), "NULL"),
            (_state._legal, (h, small, 1 << 62), "length"),
        ]:
            with self.subTest(f=f.__name__, text=text):
                with self.assertRaises(ValueError) as cm:
                    chk(f, *args)
                self.assertIn(text, str(cm.exception))
        # A short output buffer gets what fits, and the full length back.
        buf = ctypes.create_string_buffer(8)
        n = chk(_state._marshal, h, buf, 8)
        self.assertEqual(n, len(s.serialize()))
        self.assertEqual(buf.raw, s.serialize()[:8])
        # At a chance node with room for 4 of 11 outcomes: refused, and the
        # buffer beyond is untouched.
        c = elasund.new_game()
        with self.assertRaises(ValueError):
            chk(_state._legal, c._h, guard, 4)
        self.assertEqual(list(guard), [-7] * 8)
        # An error buffer of one byte, or none, still reports the failure.
        self.assertLess(_state._apply(c._h, -1, None, 0, ctypes.create_string_buffer(1), 1), 0)
        self.assertLess(_state._apply(c._h, -1, None, 0, None, 0), 0)
        self.assertLess(_state._apply(c._h, -1, None, 0, None, 100), 0)
        with self.assertRaises(ValueError) as cm:
            chk(_state._apply, c._h, 0, None, 5)
        self.assertIn("NULL", str(cm.exception))
        self.assertTrue(c.is_chance_node())  # (refused before the roll)


if __name__ == "__main__":
    unittest.main()
