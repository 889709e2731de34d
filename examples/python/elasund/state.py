"""One game of Elasund, the OpenSpiel way.

``new_game(players=2, seed=0)`` starts the game that Go's
``elasund.New(elasund.Config{Players: players, Seed: seed})`` starts, as a
:class:`State` whose methods carry the names of OpenSpiel's Python API
(``pyspiel.State``)::

    import random
    import elasund

    state = elasund.new_game(players=2, seed=1, max_turns=300)
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    print(state.returns())

Actions are the integers of the library's fixed action space
(``Move.Index``, ``0 <= a < NUM_ACTIONS``); ``action_to_string`` and
``string_to_action`` convert them to and from the move notation
(``Move.String``, ``ParseMove``).

Chance: the roll that starts every turn is a chance node
(``current_player() == CHANCE_PLAYER_ID``). Its outcomes are the eleven
sums 2 to 12, each as the action of a forced roll of the sum's two halves
(``chance_outcomes()``, Go's ``AppendChanceOutcomes``); ``ROLL_ACTION`` (0,
the plain roll) lets the game's own seeded random source throw the dice
instead, as Go's ``Apply(Move{Kind: Roll})`` does. The other draws of the
game (influence cards, church tiles, reshuffles) stay inside
``apply_action``, from the game's random source: a search that must not
foresee them re-deals what its player cannot see
(``resample_from_infostate``) and so reseeds that source.

Errors: a value of a wrong type raises ``TypeError``; a bad value (an action
out of range or illegal here, bytes that are not a state, a player who is not
a seat) raises ``ValueError`` whose message is the engine's (it starts
"elasund: "), and leaves the state as it was. A closed state raises
``ValueError("elasund: the state was closed")``.
"""

import ctypes
import json
import itertools
import operator
import sys
import threading

from . import _native
from ._native import HANDLE, declare

__all__ = [
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "MAX_PLAYERS",
    "MAX_LEGAL_ACTIONS",
    "TURN_LIMIT",
    "CHANCE_PLAYER_ID",
    "TERMINAL_PLAYER_ID",
    "ROLL_ACTION",
    "State",
    "new_game",
    "deserialize_state",
    "state_from_view",
]

_I64 = ctypes.c_int64
_U64 = ctypes.c_uint64
_SIZE = ctypes.c_size_t
_P_I64 = ctypes.POINTER(ctypes.c_int64)
_P_F32 = ctypes.POINTER(ctypes.c_float)
_P_F64 = ctypes.POINTER(ctypes.c_double)
_P_U8 = ctypes.POINTER(ctypes.c_uint8)
_P_CHAR = ctypes.c_char_p

_sizes = declare("elasund_state_sizes", [_P_I64, _SIZE])
_new = declare("elasund_state_new", [_I64, _U64, _P_CHAR, _SIZE, _I64])
_describe = declare("elasund_state_describe", [HANDLE])
_apply = declare("elasund_state_apply", [HANDLE, _I64, _P_I64, _SIZE])
_step = declare("elasund_state_step", [HANDLE, _I64, _P_I64, _SIZE], errors=False)
_chance = declare("elasund_state_chance", [HANDLE, _P_I64, _P_F64, _SIZE])
_legal = declare("elasund_state_legal", [HANDLE, _P_I64, _SIZE])
_mask = declare("elasund_state_mask", [HANDLE, _P_U8, _SIZE])
_observation = declare("elasund_state_observation", [HANDLE, _I64, _P_F32, _SIZE])
_returns = declare("elasund_state_returns", [HANDLE, _P_F64, _SIZE])
_rollout = declare("elasund_state_random_rollout", [HANDLE, ctypes.c_uint64, _P_F64, _SIZE])
_clone = declare("elasund_state_clone", [HANDLE])
_redeal = declare("elasund_state_redeal", [HANDLE, _I64, _U64])
_marshal = declare("elasund_state_marshal", [HANDLE, _P_CHAR, _SIZE])
_unmarshal = declare("elasund_state_unmarshal", [_P_CHAR, _SIZE])
_key = declare("elasund_state_key", [HANDLE, _P_CHAR, _SIZE])
_string = declare("elasund_state_string", [HANDLE, _P_CHAR, _SIZE])
_view_json = declare("elasund_state_view_json", [HANDLE, _I64, _P_CHAR, _SIZE])
_from_view = declare("elasund_state_from_view", [_P_CHAR, _SIZE, _U64])
_action_string = declare("elasund_state_action_string", [_I64, _P_CHAR, _SIZE])
_parse_action = declare("elasund_state_parse_action", [_P_CHAR, _SIZE])
_free = _native._free


def _read_sizes():
    buf = (ctypes.c_int64 * 8)()
    n = _native.call(_sizes, buf, len(buf))
    return buf[:n]


# The sizes come from the library itself.
(NUM_ACTIONS, OBSERVATION_SIZE, MAX_PLAYERS, MAX_LEGAL_ACTIONS, TURN_LIMIT) = _read_sizes()[:5]
#: NUM_ACTIONS: the size of the fixed action space (Go's NumActions); every
#: action is an int in [0, NUM_ACTIONS).
#: OBSERVATION_SIZE: the length of an observation (Go's ObservationSize).
#: MAX_PLAYERS: the most players of a game (Go's MaxPlayers), 4.
#: MAX_LEGAL_ACTIONS: the most legal actions a position has, 1426 (phase 3:
#: five permits, each free on the 18 squares of two permit rows or paid 3
#: ways on 89 squares, and taking gold); the row length of VecEnv's
#: legal_indices.
#: TURN_LIMIT: the largest max_turns (Go's TurnLimit).

#: The player id of a chance node (OpenSpiel's kChancePlayerId).
CHANCE_PLAYER_ID = -1
#: The player id once the game is over (OpenSpiel's kTerminalPlayerId).
TERMINAL_PLAYER_ID = -4
#: The plain roll: the game's own seeded random source throws the dice.
ROLL_ACTION = 0

# The status elasund_state_apply returns: the seat to move, then these.
_STATUS_CHANCE = MAX_PLAYERS
_STATUS_TERMINAL = MAX_PLAYERS + 1
_PLAYER_OF_STATUS = tuple(range(MAX_PLAYERS)) + (CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID)

_CLOSED = "elasund: the state was closed"
_INT64 = 1 << 63
_UINT64 = 1 << 64

# Buffers of this thread (a call writes them and Python reads them just
# after, so two threads must not share one).
_tls = threading.local()


class _Buffers:
    __slots__ = ("legal", "owner", "probs", "mask", "obs", "ret", "text", "err")

    def __init__(self):
        # The ticket of the apply_action whose legal actions legal holds
        # (-1: none); see State.apply_action.
        self.owner = -1
        self.legal = (ctypes.c_int64 * MAX_LEGAL_ACTIONS)()
        self.probs = (ctypes.c_double * MAX_LEGAL_ACTIONS)()
        self.mask = (ctypes.c_uint8 * NUM_ACTIONS)()
        self.obs = (ctypes.c_float * OBSERVATION_SIZE)()
        self.ret = (ctypes.c_double * MAX_PLAYERS)()
        self.text = ctypes.create_string_buffer(16384)
        self.err = _native.errbuf()


# Tickets of apply_action calls (next() of a count is atomic under the GIL).
_tickets = itertools.count(1)


def _buffers():
    try:
        return _tls.b
    except AttributeError:
        _tls.b = _Buffers()
        return _tls.b


def _short(value):
    """repr(value), cut to a few dozen characters for an error message."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails says nothing useful
        text = "<%s>" % type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _int_arg(value, what):
    """value as an int: an int or an integer type (__index__), not a bool."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        raise TypeError("elasund: %s must be an int, not a bool" % what)
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(
            "elasund: %s must be an int, not %s" % (what, type(value).__name__)
        ) from None


def _out_of_range(action):
    """The engine's error for an action index beyond 64 bits."""
    return "elasund: action index out of range: %s is not in [0, %d)" % (
        _short(action),
        NUM_ACTIONS,
    )


def _seed_arg(seed, what="seed"):
    """seed as an int in [0, 2**64): an int, or drawn with seed.getrandbits."""
    if hasattr(seed, "getrandbits"):
        seed = seed.getrandbits(64)
    seed = _int_arg(seed, what + " (an int, or a random.Random)")
    if not 0 <= seed < _UINT64:
        raise ValueError("elasund: %s %s is out of range (0 to 2**64-1)" % (what, _short(seed)))
    return seed


def _check(f, *args):
    """Calls f with the error buffer; a negative result raises ValueError."""
    err = _buffers().err
    rc = f(*args, err, _native.ERRLEN)
    if rc < 0:
        raise ValueError(_native.error_text(err))
    return rc


def _output(f, *args):
    """The bytes a function writes into an output buffer: it returns their
    length, and is called again with a larger buffer when they did not fit."""
    b = _buffers()
    n = _check(f, *args, b.text, len(b.text))
    if n > len(b.text):
        b.text = ctypes.create_string_buffer(n)
        n = _check(f, *args, b.text, len(b.text))
    return ctypes.string_at(b.text, n)


# The roll's outcomes are the same at every roll (AppendChanceOutcomes
# depends only on the phase): they are read from Go once, at the first
# chance node asked about, and copied out.
_CHANCE = None
_CHANCE_ACTIONS = None


def _chance_outcomes():
    global _CHANCE, _CHANCE_ACTIONS
    with State(2, 0) as s:  # a new game is at the roll
        b = _buffers()
        b.owner = -1
        n = _check(_chance, s._h, b.legal, b.probs, MAX_LEGAL_ACTIONS)
        outcomes = tuple(zip(b.legal[:n], b.probs[:n]))
    if not outcomes:
        raise AssertionError("elasund: a new game has no chance outcomes")  # pragma: no cover
    _CHANCE, _CHANCE_ACTIONS = outcomes, tuple(a for a, _ in outcomes)
    return _CHANCE


def _chance_actions():
    _chance_outcomes()
    return _CHANCE_ACTIONS


def _wrap(h):
    """A State for the new handle h."""
    s = State.__new__(State)
    s._h = h
    s._ticket = 0
    try:
        d = _check(_describe, h)
    except BaseException:
        s._h = 0
        _free(h, None, 0)
        raise
    s._players, s._status = d >> 3, d & 7
    return s


class State:
    """A position of a game of Elasund, with the methods of OpenSpiel's
    ``pyspiel.State``.

    ``State(players=2, seed=0, rules="default", max_turns=None)`` is
    ``new_game`` with the same arguments. The state is a handle of a Go
    value: ``close()`` (or the end of a ``with`` block, or garbage
    collection) frees it. States are not safe to use from two threads at
    once; two states may be used by two threads.
    """

    # _h: the handle (0 once closed); _status: the seat to move, or
    # _STATUS_CHANCE or _STATUS_TERMINAL; _ticket and _nlegal: this
    # thread's buffer holds the state's _nlegal legal actions if its owner
    # is _ticket (apply_action writes them; legal_actions need not call Go).
    __slots__ = ("_h", "_status", "_players", "_ticket", "_nlegal", "__weakref__")

    def __init__(self, players=2, seed=0, rules="default", max_turns=None):
        self._h = 0
        self._ticket = 0
        players = _int_arg(players, "players")
        seed = _seed_arg(seed)
        if not isinstance(rules, str):
            raise TypeError("elasund: rules must be a str, not %s" % type(rules).__name__)
        if max_turns is None:
            max_turns = 0
        max_turns = _int_arg(max_turns, "max_turns")
        if not -_INT64 <= players < _INT64:
            raise ValueError(
                "elasund: invalid configuration: %s players; the game is for 2 to 4"
                % _short(players)
            )
        if not -_INT64 <= max_turns < _INT64:
            raise ValueError(
                "elasund: invalid configuration: MaxTurns %s is out of range (0 to %d)"
                % (_short(max_turns), TURN_LIMIT)
            )
        text = rules.encode("utf-8", "surrogatepass")
        h = _check(_new, players, seed, text, len(text), max_turns)
        self._h = h
        d = _check(_describe, h)
        self._players, self._status = d >> 3, d & 7

    # Freeing.

    def close(self):
        """Frees the Go value; any later use raises ValueError. Closing twice
        does nothing."""
        h = self._h
        if h:
            self._h = 0
            _free(h, None, 0)

    def __del__(self, _free=_free):
        h = getattr(self, "_h", 0)
        if h:
            self._h = 0
            try:
                _free(h, None, 0)
            except Exception:  # the interpreter is shutting down
                pass

    def __enter__(self):
        self._handle()
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _handle(self):
        h = self._h
        if not h:
            raise ValueError(_CLOSED)
        return h

    def _fail(self, f, *args):
        """Raises the error of a call that failed, calling f(*args) again with
        an error buffer for its message (a failed call changes nothing)."""
        self._handle()
        _check(f, *args)
        raise AssertionError("elasund: a call failed without an error")  # pragma: no cover

    # Who moves.

    def current_player(self):
        """The seat to move (0 to num_players()-1), CHANCE_PLAYER_ID at the
        roll, TERMINAL_PLAYER_ID once the game is over."""
        if not self._h:
            raise ValueError(_CLOSED)
        return _PLAYER_OF_STATUS[self._status]

    def is_chance_node(self):
        """Whether the dice are to be rolled (current_player() is
        CHANCE_PLAYER_ID)."""
        if not self._h:
            raise ValueError(_CLOSED)
        return self._status == _STATUS_CHANCE

    def is_terminal(self):
        """Whether the game is over."""
        if not self._h:
            raise ValueError(_CLOSED)
        return self._status == _STATUS_TERMINAL

    def is_simultaneous_node(self):
        """Always False: one player decides at a time."""
        self._handle()
        return False

    def is_player_node(self):
        """Whether a player (not chance) is to move in a game that goes on."""
        self._handle()
        return self._status < _STATUS_CHANCE

    def num_players(self):
        """The number of players, 2 to 4."""
        self._handle()
        return self._players

    def num_distinct_actions(self):
        """NUM_ACTIONS, the size of the action space."""
        self._handle()
        return NUM_ACTIONS

    # Actions.

    def chance_outcomes(self):
        """The roll's outcomes as (action, probability) pairs: eleven forced
        rolls, one per sum 2 to 12 (1/36 to 6/36, summing to 1), as Go's
        AppendChanceOutcomes gives them; [] when this is no chance node."""
        if self._status != _STATUS_CHANCE:
            self._handle()
            return []
        if not self._h:
            raise ValueError(_CLOSED)
        return list(_chance_outcomes() if _CHANCE is None else _CHANCE)

    def legal_actions(self, player=None):
        """The legal actions, in the order of Go's AppendLegalIndices (that of
        Game.Legal), as a new list; at a chance node the actions of
        chance_outcomes(); [] once the game is over. With a player, [] unless
        that player is to move."""
        if player is not None and _int_arg(player, "player") != self.current_player():
            return []
        if self._status == _STATUS_CHANCE and self._h:
            return list(_chance_actions() if _CHANCE_ACTIONS is None else _CHANCE_ACTIONS)
        try:
            b = _tls.b
        except AttributeError:
            b = _buffers()
        if b.owner == self._ticket and self._h:
            return b.legal[: self._nlegal]  # written by this state's apply_action
        b.owner = -1
        n = _legal(self._h, b.legal, MAX_LEGAL_ACTIONS, None, 0)
        if n < 0:
            self._fail(_legal, self._h, b.legal, MAX_LEGAL_ACTIONS)
        return b.legal[:n]

    def legal_actions_mask(self, player=None):
        """A list of NUM_ACTIONS ints, 1 at the legal actions (those of
        legal_actions()) and 0 elsewhere; all 0 unless player, if given, is
        to move."""
        if player is not None and _int_arg(player, "player") != self.current_player():
            return [0] * NUM_ACTIONS
        b = _buffers()
        _check(_mask, self._handle(), b.mask, NUM_ACTIONS)
        return list(bytes(b.mask))

    def apply_action(self, action):
        """Plays action: a legal action, or at a chance node ROLL_ACTION (the
        game's dice) or a forced roll (those of chance_outcomes(), or any
        other dice the engine accepts). An action that is not an int raises
        TypeError; one out of range or not legal here raises ValueError with
        the engine's reason, and the state stays as it was."""
        if type(action) is not int:
            action = _int_arg(action, "the action")
        # (ctypes would silently cut an int beyond 64 bits to 64.)
        if not -9223372036854775808 <= action <= 9223372036854775807:
            self._handle()
            raise ValueError(_out_of_range(action))
        try:
            b = _tls.b
        except AttributeError:
            b = _buffers()
        # Go writes the new position's legal actions into this thread's
        # buffer too, and legal_actions reads them from there while nothing
        # else has written it: one call into Go instead of two.
        b.owner = -1
        rc = _step(self._h, action, b.legal, MAX_LEGAL_ACTIONS)
        if rc < 0:
            self._fail(_apply, self._h, action, None, 0)
        self._status = rc & 7
        if rc >= 8:
            b.owner = self._ticket = next(_tickets)
            self._nlegal = (rc >> 3) - 1

    def _player_arg(self, player, chance=False):
        """player checked to be a seat (or, with chance, CHANCE_PLAYER_ID)."""
        self._handle()
        player = _int_arg(player, "player")
        if not (0 <= player < self._players or (chance and player == CHANCE_PLAYER_ID)):
            raise ValueError(
                "elasund: not a player of the game: %s (the seats are 0 to %d%s)"
                % (_short(player), self._players - 1, ", or CHANCE_PLAYER_ID" if chance else "")
            )
        return player

    def action_to_string(self, player_or_action, action=None):
        """The move of an action in the move notation ("roll 3 4", "permit 2
        d8"), which string_to_action (and Go's ParseMove) reads back. As in
        OpenSpiel it may be called as action_to_string(action) or
        action_to_string(player, action); the text does not depend on the
        player (a seat, or CHANCE_PLAYER_ID)."""
        self._handle()
        if action is None:
            action = player_or_action
        else:
            self._player_arg(player_or_action, chance=True)
        action = _int_arg(action, "the action")
        if not -_INT64 <= action < _INT64:
            raise ValueError(_out_of_range(action))
        return _output(_action_string, action).decode("utf-8")

    def string_to_action(self, player_or_text, text=None):
        """The action of a move written in the move notation (Go's ParseMove,
        ignoring case and extra spaces); ValueError for text that is not a
        move or a move that has no action. Called as string_to_action(text)
        or string_to_action(player, text)."""
        self._handle()
        if text is None:
            text = player_or_text
        else:
            self._player_arg(player_or_text, chance=True)
        if not isinstance(text, str):
            raise TypeError("elasund: the move must be a str, not %s" % type(text).__name__)
        raw = text.encode("utf-8", "surrogatepass")
        return _check(_parse_action, raw, len(raw))

    # What players see.

    def _default_player(self, player, what):
        if player is not None:
            return self._player_arg(player)
        self._handle()
        if self._status >= _STATUS_CHANCE:
            raise ValueError(
                "elasund: %s needs a player at a chance node or once the game is over "
                "(current_player() is %d, no seat)" % (what, self.current_player())
            )
        return self._status

    def observation_tensor(self, player=None):
        """The player's observation: a list of OBSERVATION_SIZE floats, Go's
        View(player).AppendObservation. The player defaults to the one to
        move; at a chance node or once the game is over no player is to move,
        and a player must be given (ValueError otherwise)."""
        player = self._default_player(player, "observation_tensor")
        b = _buffers()
        _check(_observation, self._h, player, b.obs, OBSERVATION_SIZE)
        return b.obs[:]

    def write_observation(self, player, out):
        """Writes the player's observation into out, a writable buffer of
        OBSERVATION_SIZE float32 values (a NumPy float32 array, C-contiguous,
        or an array.array('f')), without a copy. A buffer of another type,
        read-only or not contiguous raises TypeError; one of another size
        ValueError."""
        player = self._player_arg(player)
        c = _float32_view(out, OBSERVATION_SIZE)
        try:
            _check(_observation, self._h, player, c, OBSERVATION_SIZE)
        finally:
            del c

    def returns(self):
        """One payoff per seat (Go's Outcome.Returns): once the game is over
        the seats in first place share 1 and the others get 0; all 0 while
        it goes on."""
        b = _buffers()
        n = _check(_returns, self._handle(), b.ret, MAX_PLAYERS)
        return b.ret[:n]

    def random_rollout(self, seed):
        """Plays a copy of the state to its end with uniformly random legal
        moves, in one call into Go, and returns the copy's returns(); the
        state is unchanged. seed (an int in [0, 2**64) or an object with
        getrandbits) chooses the moves; the dice and cards come from the
        state's own random source, so use it on a re-dealt copy
        (resample_from_infostate) for rollouts that differ in them too. For
        searches (a flat Monte Carlo bot: bots/mc_bot.py) that cannot afford
        a call into Go for every move of a playout."""
        seed = _seed_arg(seed)
        b = _buffers()
        n = _check(_rollout, self._handle(), seed, b.ret, MAX_PLAYERS)
        return b.ret[:n]

    def view_json(self, player):
        """The player's View as JSON (Go's View.MarshalJSON), the form the
        arena's "decide" message carries; state_from_view reads it."""
        player = self._player_arg(player)
        return _output(_view_json, self._h, player).decode("utf-8")

    def __str__(self):
        """The text board (Go's Game.String)."""
        return _output(_string, self._handle()).decode("utf-8")

    def __repr__(self):
        if not self._h:
            return "<elasund.State (closed)>"
        return "<elasund.State: %d players, current_player() %d>" % (
            self._players,
            self.current_player(),
        )

    # Copies and forms.

    def clone(self):
        """An independent copy."""
        h = _clone(self._h, None, 0)
        if h < 0:
            self._fail(_clone, self._h)
        c = State.__new__(State)
        c._h = h
        c._ticket = 0
        c._players, c._status = self._players, self._status
        return c

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def resample_from_infostate(self, player, seed):
        """A copy in which everything the player may not know is re-dealt at
        random, consistently with what they know (Go's Game.Redeal, which
        also reseeds the game's random source): view_json(player) is the same
        in both. seed is an int in [0, 2**64) or an object with getrandbits
        (random.Random); the re-deal is Go's
        g.Redeal(player, rand.New(rand.NewPCG(seed, 0x656c6173756e64)))."""
        player = self._player_arg(player)
        seed = _seed_arg(seed)
        return _wrap(_check(_redeal, self._h, player, seed))

    def serialize(self):
        """The state's bytes, Go's Game.MarshalBinary; deserialize_state
        reads them back. Hidden cards and the random source are in them."""
        return _output(_marshal, self._handle())

    def __reduce__(self):
        return (deserialize_state, (self.serialize(),))

    def key(self):
        """The position's 16-byte key (Go's Game.Key): equal positions have
        equal keys, whatever their random sources and dice."""
        return _output(_key, self._handle())


def _float32_view(out, n):
    """A ctypes array over out's memory, n float32 values, checking out."""
    try:
        mv = memoryview(out)
    except TypeError:
        raise TypeError(
            "elasund: the output must be a writable float32 buffer (a NumPy float32 array or "
            "array.array('f')), not %s" % type(out).__name__
        ) from None
    with mv:
        fmt = mv.format
        native = fmt in ("f", "@f", "=f") or fmt == ("<f" if sys.byteorder == "little" else ">f")
        if not native or mv.itemsize != 4:
            raise TypeError(
                "elasund: the output must hold float32 values, not the format %r" % fmt
            )
        if mv.readonly:
            raise TypeError("elasund: the output buffer is read-only")
        if not mv.c_contiguous:
            raise TypeError("elasund: the output buffer is not contiguous")
        if mv.nbytes != 4 * n:
            raise ValueError(
                "elasund: the output holds %d float32 values; it must hold %d"
                % (mv.nbytes // 4, n)
            )
    return (ctypes.c_float * n).from_buffer(out)


def new_game(players=2, seed=0, rules="default", max_turns=None):
    """A new game: the game of Go's elasund.New(elasund.Config{Players:
    players, Seed: seed, Rules: ParseRules(rules), MaxTurns: max_turns}).

    players is 2 to 4; seed an int in [0, 2**64); rules "default",
    "english" or option names joined with "+" ("adjacent-permit-rows",
    "shortage-voids-income"); max_turns None (no limit) or a number of
    turns after which the game ends without a winner (random play needs
    one: it can reach positions where nobody can win). Wrong types raise
    TypeError, bad values ValueError with the engine's message.
    """
    return State(players, seed, rules, max_turns)


def deserialize_state(data):
    """The State whose serialize() gave data (bytes, bytearray or
    memoryview); ValueError, with the engine's reason, for bytes that are not
    a state."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("elasund: the state's bytes must be bytes, not %s" % type(data).__name__)
    data = bytes(data)
    return _wrap(_check(_unmarshal, data, len(data)))


def state_from_view(view_json, seed):
    """A State consistent with a player's view: view_json is the View's JSON
    (State.view_json, or the "view" of the arena's "decide" message) as
    str, bytes or an already parsed dict; what the view hides is re-dealt at
    random with seed (an int in [0, 2**64) or a random.Random), as Go's
    View.Redeal(rand.New(rand.NewPCG(seed, 0x656c6173756e64))) does.
    ValueError, with the engine's reason, for JSON that is not a view."""
    if isinstance(view_json, str):
        data = view_json.encode("utf-8", "surrogatepass")
    elif isinstance(view_json, (bytes, bytearray, memoryview)):
        data = bytes(view_json)
    elif isinstance(view_json, dict):
        try:
            data = json.dumps(view_json, separators=(",", ":")).encode("utf-8", "surrogatepass")
        except (TypeError, ValueError) as e:
            raise ValueError("elasund: bad encoding: view: the dict is not JSON: %s" % e) from None
    else:
        raise TypeError(
            "elasund: the view must be JSON as str, bytes or dict, not %s"
            % type(view_json).__name__
        )
    seed = _seed_arg(seed)
    return _wrap(_check(_from_view, data, len(data), seed))
