"""Many games at once, for learning: VecEnv.

``VecEnv(n, players=2, seed=0)`` steps ``n`` independent games in one call
into Go, over all cores, and writes what a learner needs into buffers that
Python owns, allocated once: NumPy arrays when NumPy is installed (zero
copy), else memoryviews over ``array.array`` buffers, cast to the same
shapes::

    env = elasund.VecEnv(256, players=2, seed=1)
    obs = env.reset()                      # n x OBSERVATION_SIZE float32
    for _ in range(1000):
        actions = env.sample_legal()       # or your policy's choice
        obs, rewards, dones, to_play = env.step(actions)

Chance is played inside the step: whenever a game reaches the roll, the
referee rolls (the plain roll, from the game's own seeded source) until a
player must decide, so agents see only their own decisions, as in
PettingZoo's AEC games. A game that ends gets its returns as rewards and
starts its next episode in the same step.

Seeds: game ``i``'s episode ``k`` (counting from 0) is the game of
``Config{Players: players, Seed: VecEnv.game_seed(seed, i, k), Rules:
rules, MaxTurns: max_turns}`` (without a turn limit, the game of
``elasund.new_game(players, seed=VecEnv.game_seed(seed, i, k),
rules=rules)``); ``game_seed`` is
``mix(mix(seed + mix(i)) + k)`` modulo 2**64, ``mix`` being SplitMix64's
step (``mix(x)`` is SplitMix64's output for the state ``x``). So results
depend on the seed and the actions only, never on the number of cores.
"""

import array
import ctypes
import operator

from . import _native

__all__ = ["VecEnv", "NUM_ACTIONS", "OBSERVATION_SIZE", "MAX_LEGAL_ACTIONS", "LEGAL_BITS_BYTES",
           "MAX_GAMES"]

_c = ctypes
_sizes = (_c.c_int64 * 5)()
_native.declare("elasund_vecenv_sizes", [_c.POINTER(_c.c_int64)], errors=False)(_sizes)

#: The size of the fixed action space (``Move.Index`` runs in [0, NUM_ACTIONS)).
NUM_ACTIONS = _sizes[0]
#: The length of one observation (``View.AppendObservation``).
OBSERVATION_SIZE = _sizes[1]
#: The most legal actions any position has: the row length of
#: ``legal_indices``. Phase 3 lists the most: five permits in supply, each
#: free on the empty squares of the two permit rows (at most 18) and paid
#: with each of three colours on every empty square (at most 89), and
#: taking gold: 5 * (18 + 3 * 89) + 1 = 1426. Played games stay far below
#: (a few hundred).
MAX_LEGAL_ACTIONS = _sizes[2]
#: The bytes of one game's bit-packed mask, ceil(NUM_ACTIONS / 8).
LEGAL_BITS_BYTES = _sizes[3]
#: The most games of one VecEnv. A game takes about 17 KB of buffers with
#: legal="indices" (an observation of 10.6 KB and an index row of 5.7 KB),
#: 14.6 KB with "bits", 42 KB with "bytes"; and in Go the game (0.5 KB)
#: and its legal moves, about 10 KB in played games, at most 33 KB.
MAX_GAMES = _sizes[4]

_FORMS = {"indices": 1, "bits": 2, "bytes": 4}


class _Buffers(_c.Structure):
    _fields_ = [
        (name, t)
        for field in (
            "obs", "to_play", "rewards", "dones",
            "legal_counts", "legal_indices", "legal_bits", "legal_mask",
        )
        for name, t in ((field, _c.c_void_p), (field + "_len", _c.c_int64))
    ]


_H = _native.HANDLE
_new = _native.declare(
    "elasund_vecenv_new",
    [_c.c_int64, _c.c_int64, _c.c_uint64, _c.c_char_p, _c.c_int64, _c.c_int64],
)
_reset = _native.declare(
    "elasund_vecenv_reset",
    [_H, _c.c_int64, _c.c_uint64, _c.POINTER(_Buffers)],
    nogil=True,
)
_step = _native.declare(
    "elasund_vecenv_step",
    [_H, _c.c_void_p, _c.c_int64, _c.c_int64, _c.POINTER(_Buffers)],
    nogil=True,
)
_sample = _native.declare(
    "elasund_vecenv_sample", [_H, _c.c_void_p, _c.c_int64], nogil=True
)
_close = _native.declare("elasund_vecenv_close", [_H])
_game_seed = _native.declare(
    "elasund_vecenv_game_seed",
    [_c.c_uint64, _c.c_int64, _c.c_uint64],
    restype=_c.c_uint64,
    errors=False,
)

# array typecode, struct format and NumPy dtype name of each element type.
_TYPES = {"f4": ("f", "f", "float32"), "i4": ("i", "i", "int32"),
          "u1": ("B", "B", "uint8"), "i8": ("q", "q", "int64")}


def _int(x, name):
    try:
        return operator.index(x)
    except TypeError:
        raise TypeError("%s must be an integer, not %s" % (name, type(x).__name__)) from None


def _legal_forms(legal):
    if isinstance(legal, str):
        names = [s for s in legal.split("+") if s] if legal != "none" else []
    elif isinstance(legal, (list, tuple, set, frozenset)):
        names = list(legal)
    else:
        raise TypeError("legal must be a str such as 'indices' or 'bits+bytes', "
                        "not %s" % type(legal).__name__)
    bits = 0
    for name in names:
        if not isinstance(name, str):
            raise TypeError("legal forms are str, not %s" % type(name).__name__)
        if name not in _FORMS:
            raise ValueError("unknown legal form %r: use 'indices', 'bits' or 'bytes' "
                             "(or several joined by '+')" % name[:40])
        bits |= _FORMS[name]
    return bits


class _Buf:
    """One buffer: the public object, a flat view, its address and length."""

    def __init__(self, kind, shape):
        typecode, fmt, dtype = _TYPES[kind]
        count = 1
        for d in shape:
            count *= d
        np = _native.numpy
        if np is not None:
            arr = np.zeros(shape, dtype=dtype)
            self.public, self.flat, self.owner = arr, arr.reshape(-1), arr
            self.address = arr.ctypes.data
        else:
            arr = array.array(typecode, bytes(count * array.array(typecode).itemsize))
            flat = memoryview(arr)
            self.public = flat if len(shape) == 1 else flat.cast("B").cast(fmt, shape)
            self.flat, self.owner = flat, arr
            self.address = arr.buffer_info()[0]
        self.count = count


class VecEnv:
    """``n`` games of Elasund stepped at once, for learning.

    ``VecEnv(n, players=2, seed=0, rules="default", legal="indices",
    max_turns=None)``: ``n`` games (1 to ``MAX_GAMES``) of ``players``
    players (2 to 4), with the rule options ``rules`` (as
    ``elasund.ParseRules`` reads them: "default", "english", or options
    joined by "+") and the turn limit ``max_turns`` (None for none; random
    play may then go on for very long). ``legal`` chooses the forms of the
    legal actions written at every call, one or several joined by "+" (or a
    tuple of names): "indices" (``legal_counts`` and ``legal_indices``),
    "bits" (``legal_bits``) or "bytes" (``legal_mask``); "none" (or ``()``)
    writes none (``sample_legal`` still draws legal actions).

    The buffers, allocated once and rewritten in place by ``reset`` and
    ``step`` (the same objects every time; NumPy arrays, or memoryviews
    over ``array.array`` buffers without NumPy):

    - ``observations``: n x OBSERVATION_SIZE float32, the observation of
      the seat that decides (``View.AppendObservation`` of its view: seats
      relative to it, what it may not know hidden);
    - ``to_play``: n int32, that seat (0 to players - 1);
    - ``rewards``: n x players float32, ``rewards[i, p]`` seat p's return
      (``Outcome.Returns``: 1 shared among the seats in first place) in
      the step game i ended, else 0;
    - ``dones``: n uint8, 1 if the game ended in this step; it was reset
      at once, and the other buffers already show the next episode;
    - ``legal_counts`` (n int32) and ``legal_indices`` (n x MAX_LEGAL_ACTIONS
      int32, the legal action indices in ``Game.Legal``'s order, padded with
      -1), with legal "indices";
    - ``legal_bits``: n x LEGAL_BITS_BYTES uint8, bit i of byte j set if
      action 8j + i is legal (``numpy.unpackbits(env.legal_bits,
      axis=1, bitorder="little")[:, :NUM_ACTIONS]`` is the mask), with
      legal "bits";
    - ``legal_mask``: n x NUM_ACTIONS uint8, 1 for a legal action, with
      legal "bytes" (31 KB a game: the bits or the indices scale better).

    Buffers of forms not chosen are None. The buffers belong to the env:
    read them, copy what you keep, and do not write into them (the env
    clears the legal actions only where it wrote them).

    One thread at a time: a call made while another thread's call on the
    same env runs raises ValueError ("in use"). The long calls release the
    GIL, and a step spreads the games over all cores (GOMAXPROCS); the
    results do not depend on how many.
    """

    NUM_ACTIONS = NUM_ACTIONS
    OBSERVATION_SIZE = OBSERVATION_SIZE
    MAX_LEGAL_ACTIONS = MAX_LEGAL_ACTIONS
    MAX_GAMES = MAX_GAMES

    def __init__(self, n, players=2, seed=0, rules="default", legal="indices", max_turns=None):
        self._h = None
        n = _int(n, "n")
        players = _int(players, "players")
        seed = _int(seed, "seed")
        max_turns = 0 if max_turns is None else _int(max_turns, "max_turns")
        if not isinstance(rules, str):
            raise TypeError("rules must be a str, not %s" % type(rules).__name__)
        forms = _legal_forms(legal)
        if not 1 <= n <= MAX_GAMES:
            raise ValueError("elasund: VecEnv: %d games; the number is 1 to %d" % (n, MAX_GAMES))
        if not 0 <= seed < 1 << 64:
            raise ValueError("elasund: VecEnv: seed %d out of range (0 to 2**64-1)" % seed)
        if not -1 << 63 <= max_turns < 1 << 63 or not -1 << 63 <= players < 1 << 63:
            raise ValueError("elasund: VecEnv: players or max_turns out of range")
        self.n, self.players, self.seed = n, players, seed
        self.rules, self.max_turns = rules, max_turns or None
        self.legal = tuple(f for f in ("indices", "bits", "bytes") if forms & _FORMS[f])
        rules_c = rules.encode("utf-8", "replace")
        h = _native.call(_new, n, players, seed, rules_c, max_turns, forms)
        try:
            self._alloc(forms)
        except BaseException:
            _native.call(_close, h)
            raise
        self._h = h

    def _alloc(self, forms):
        n = self.n
        specs = [
            ("observations", "obs", "f4", (n, OBSERVATION_SIZE), True),
            ("to_play", "to_play", "i4", (n,), True),
            ("rewards", "rewards", "f4", (n, self.players), True),
            ("dones", "dones", "u1", (n,), True),
            ("legal_counts", "legal_counts", "i4", (n,), forms & 1),
            ("legal_indices", "legal_indices", "i4", (n, MAX_LEGAL_ACTIONS), forms & 1),
            ("legal_bits", "legal_bits", "u1", (n, LEGAL_BITS_BYTES), forms & 2),
            ("legal_mask", "legal_mask", "u1", (n, NUM_ACTIONS), forms & 4),
        ]
        self._bufs = {}
        st = _Buffers()
        for attr, field, kind, shape, wanted in specs:
            if not wanted:
                setattr(self, attr, None)
                continue
            b = _Buf(kind, shape)
            self._bufs[attr] = b
            setattr(self, attr, b.public)
            setattr(st, field, b.address)
            setattr(st, field + "_len", b.count)
        self._st = st
        self._stref = _c.byref(st)
        self._actions = _Buf("i8", (n,))

    def _call(self, f, *args):
        try:
            return _native.call(f, *args)
        except ValueError:
            if self._h is None:  # closed by another thread meanwhile
                raise ValueError("elasund: VecEnv closed") from None
            raise

    def _handle(self):
        h = self._h
        if h is None:
            raise ValueError("elasund: VecEnv closed")
        return h

    @staticmethod
    def game_seed(seed, i, episode):
        """The Config.Seed of game i's episode (from 0) of a VecEnv seeded
        with seed: mix(mix(seed + mix(i)) + episode) modulo 2**64, mix being
        SplitMix64's step."""
        seed, i, episode = _int(seed, "seed"), _int(i, "i"), _int(episode, "episode")
        if not (0 <= seed < 1 << 64 and 0 <= i < 1 << 63 and 0 <= episode < 1 << 64):
            raise ValueError("elasund: game_seed: argument out of range")
        return _game_seed(seed, i, episode)

    def reset(self, seed=None):
        """Starts every game's next episode and fills the buffers; returns
        ``observations``.

        The first reset starts episode 0 of every game. With ``seed``, the
        env takes it as its seed and starts over: episode 0 of every game,
        and ``sample_legal``'s draws from their start, as a new VecEnv of
        that seed.
        """
        h = self._handle()
        reseed = seed is not None
        if reseed:
            seed = _int(seed, "seed")
            if not 0 <= seed < 1 << 64:
                raise ValueError("elasund: VecEnv: seed %d out of range (0 to 2**64-1)" % seed)
        self._call(_reset, h, int(reseed), seed or 0, self._stref)
        if reseed:
            self.seed = seed
        return self.observations

    def step(self, actions):
        """Plays ``actions[i]`` (an action index) in game ``i``, for every
        game, then the referee's rolls; returns ``(observations, rewards,
        dones, to_play)``, the env's buffers.

        ``actions`` is a sequence of ``n`` integers: a NumPy integer array or
        an ``array.array`` of 'i', 'l' or 'q' are read in place, anything
        else is converted. If an action is out of range or not legal in its
        game, ValueError names the game and the engine's reason, and no game
        changes: every action is checked before any is played.
        """
        h = self._handle()
        ptr, width, keep = self._actions_arg(actions)
        self._call(_step, h, ptr, width, self.n, self._stref)
        del keep
        return self.observations, self.rewards, self.dones, self.to_play

    def sample_legal(self):
        """Draws one action for each game, uniformly among its legal
        actions, from the env's own seeded source (the same draws for the
        same seed and steps). Returns n int64 (a NumPy array, or an
        ``array.array('q')``), the same buffer at every call."""
        h = self._handle()
        self._call(_sample, h, self._actions.address, self.n)
        return self._actions.owner

    def legal_actions(self, i):
        """Game i's legal action indices, as a list, from the buffers of
        the legal form chosen."""
        i = _int(i, "i")
        if not 0 <= i < self.n:
            raise IndexError("game %d of %d" % (i, self.n))
        b = self._bufs
        if "legal_indices" in b:
            k = b["legal_counts"].flat[i]
            row = b["legal_indices"].flat[i * MAX_LEGAL_ACTIONS:i * MAX_LEGAL_ACTIONS + k]
            return [int(x) for x in row]
        if "legal_bits" in b:
            row = bytes(b["legal_bits"].flat[i * LEGAL_BITS_BYTES:(i + 1) * LEGAL_BITS_BYTES])
            return [8 * j + k for j, byte in enumerate(row) if byte
                    for k in range(8) if byte >> k & 1]
        if "legal_mask" in b:
            row = bytes(b["legal_mask"].flat[i * NUM_ACTIONS:(i + 1) * NUM_ACTIONS])
            return [a for a, x in enumerate(row) if x]
        raise ValueError("elasund: VecEnv: no legal form chosen")

    def observation(self, i):
        """Game i's observation: a row of ``observations`` (without NumPy,
        a flat memoryview, which a 2-D memoryview cannot give)."""
        i = _int(i, "i")
        if not 0 <= i < self.n:
            raise IndexError("game %d of %d" % (i, self.n))
        return self._bufs["observations"].flat[i * OBSERVATION_SIZE:(i + 1) * OBSERVATION_SIZE]

    def _actions_arg(self, actions):
        """Returns the address, element width and owner of the actions as
        n int32 or int64 values."""
        np = _native.numpy
        if np is not None and isinstance(actions, np.ndarray):
            return self._numpy_actions(np, actions)
        if isinstance(actions, array.array):
            if actions.typecode in "ilq" and actions.itemsize in (4, 8):
                self._check_len(len(actions))
                return actions.buffer_info()[0], actions.itemsize, actions
            if actions.typecode in "fdu" or actions.typecode == "w":
                raise TypeError("actions must be integers, not array('%s')" % actions.typecode)
        elif (isinstance(actions, (str, bytes, bytearray, set, frozenset, dict))
              or not hasattr(actions, "__len__")):
            raise TypeError("actions must be a sequence of %d integers, not %s"
                            % (self.n, type(actions).__name__))
        self._check_len(len(actions))
        try:
            a = array.array("q", actions)
        except (TypeError, OverflowError, ValueError):
            a = array.array("q", (self._one_action(i, x) for i, x in enumerate(actions)))
        return a.buffer_info()[0], 8, a

    def _one_action(self, i, x):
        if isinstance(x, float) or not hasattr(x, "__index__"):
            raise TypeError("actions[%d] must be an integer, not %s" % (i, type(x).__name__))
        x = operator.index(x)
        if not -1 << 63 <= x < 1 << 63:
            raise ValueError("elasund: VecEnv: illegal action in game %d: elasund: action index "
                             "out of range: %s (0 to %d)" % (i, str(x)[:30], NUM_ACTIONS - 1))
        return x

    def _numpy_actions(self, np, actions):
        if actions.ndim != 1:
            raise ValueError("actions must be one-dimensional, of %d integers; shape %s"
                             % (self.n, actions.shape))
        if actions.dtype.kind not in "iu":
            raise TypeError("actions must be integers, not dtype %s" % actions.dtype)
        self._check_len(actions.shape[0])
        if actions.dtype.kind == "u" and actions.dtype.itemsize == 8 and len(actions) \
                and int(actions.max()) >= 1 << 63:
            i = int(actions.argmax())
            self._one_action(i, int(actions[i]))
        if (actions.dtype not in (np.int32, np.int64) or not actions.flags.c_contiguous
                or not actions.dtype.isnative):
            actions = np.ascontiguousarray(actions, dtype=np.int64)
        return actions.ctypes.data, actions.dtype.itemsize, actions

    def _check_len(self, k):
        if k != self.n:
            raise ValueError("elasund: VecEnv: %d actions for %d games" % (k, self.n))

    def close(self):
        """Frees the games. Any later call but close raises ValueError.
        Raises ValueError ("in use") while another thread's call runs."""
        h = self._h
        if h is None:
            return
        _native.call(_close, h)
        self._h = None

    @property
    def closed(self):
        """True once close was called."""
        return self._h is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            if getattr(self, "_h", None) is not None:
                self.close()
        except Exception:
            pass

    def __repr__(self):
        state = "closed" if self._h is None else "open"
        return "<elasund.VecEnv n=%d players=%d seed=%d legal=%s %s>" % (
            self.n, self.players, self.seed, "+".join(self.legal) or "none", state)
