"""Speed of one State from Python: prints figures, asserts nothing.

    bash examples/python/build.sh
    PYTHONPATH=examples/python python3 examples/python/bench/bench_state.py

Each figure is the best of five runs, by the wall clock and by the
process's CPU time (all its threads, Go's included), with the load average
printed beside them: on a shared machine the wall-clock figure falls with
the load, the CPU figure much less. The goals
of issue 24 (on a 2-core machine): apply_action >= 200,000 calls a second;
clone() + apply_action + legal_actions() >= 50,000 a second; random whole
2-player games played one at a time from Python >= 500 a second.
"""

import os
import platform
import random
import sys
import time

import elasund

MAX_TURNS = 1000  # as Go's BenchmarkRandomGame: random play needs a limit


def best(f, runs=5):
    """The best rates of runs calls of f, which returns (count, seconds) of
    the wall clock: (by the wall clock, by the process's CPU time)."""
    wall = cpu = 0.0
    for _ in range(runs):
        c = time.process_time()
        n, t = f()
        c = time.process_time() - c
        wall, cpu = max(wall, n / t), max(cpu, n / c if c > 0 else 0.0)
    return wall, cpu


def record_games(count, players=2, seed=0):
    """Random games: for each, the seed and its actions (plain rolls)."""
    games = []
    for i in range(count):
        rng = random.Random(seed + i)
        s = elasund.new_game(players, seed + i, max_turns=MAX_TURNS)
        actions = []
        while not s.is_terminal():
            a = elasund.ROLL_ACTION if s.is_chance_node() else rng.choice(s.legal_actions())
            s.apply_action(a)
            actions.append(a)
        games.append((seed + i, actions))
    return games


def bench_apply(games):
    states = [(elasund.new_game(2, seed, max_turns=MAX_TURNS), actions) for seed, actions in games]
    t = time.perf_counter()
    n = 0
    for s, actions in states:
        apply = s.apply_action
        for a in actions:
            apply(a)
        n += len(actions)
    return n, time.perf_counter() - t


def positions(games):
    """(state, action) at every position of the games."""
    out = []
    for seed, actions in games:
        s = elasund.new_game(2, seed, max_turns=MAX_TURNS)
        for a in actions:
            out.append((s.clone(), a))
            s.apply_action(a)
    return out


def bench_clone_apply_legal(pos):
    t = time.perf_counter()
    for s, a in pos:
        c = s.clone()
        c.apply_action(a)
        c.legal_actions()
    return len(pos), time.perf_counter() - t


def bench_games(count, chance_outcomes, seed=0):
    """Random whole 2-player games, one at a time, as random_game.py plays
    them: at the roll a chance outcome drawn by its probability (or, without
    chance_outcomes, ROLL_ACTION: the game's own dice)."""
    rng = random.Random(seed)
    moves = 0
    t = time.perf_counter()
    for i in range(count):
        s = elasund.new_game(2, seed + i, max_turns=MAX_TURNS)
        while not s.is_terminal():
            if s.is_chance_node():
                if chance_outcomes:
                    actions, probs = zip(*s.chance_outcomes())
                    s.apply_action(rng.choices(actions, probs)[0])
                else:
                    s.apply_action(elasund.ROLL_ACTION)
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
    bench_games.moves = moves / count
    return count, time.perf_counter() - t


def bench_call(pos, call):
    t = time.perf_counter()
    for s, _ in pos:
        call(s)
    return len(pos), time.perf_counter() - t


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(
                line.split(":", 1)[1].strip() for line in f if line.startswith("model name")
            )
    except (OSError, StopIteration):
        pass
    numpy = "with NumPy" if elasund.state._native.numpy is not None else "without NumPy"
    return "%d cores (nproc), %s; Python %s (%s), %s" % (
        os.cpu_count() or 0,
        model,
        platform.python_version(),
        sys.executable,
        numpy,
    )


def main():
    load = os.getloadavg()
    print("elasund State benchmarks:", machine())
    games = record_games(40)
    moves = sum(len(a) for _, a in games)
    print(
        "  (40 recorded random 2-player games, %d actions, %.0f a game)"
        % (moves, moves / len(games))
    )
    rows = [
        ("apply_action", best(lambda: bench_apply(games)), "calls/s", 200000),
    ]
    pos = positions(games[:15])
    rows.append(
        (
            "clone() + apply_action + legal_actions()",
            best(lambda: bench_clone_apply_legal(pos)),
            "/s",
            50000,
        )
    )
    rows.append(
        (
            "random 2-player games, chance_outcomes() sampled",
            best(lambda: bench_games(100, True)),
            "games/s",
            500,
        )
    )
    moves_chance = bench_games.moves
    rows.append(
        (
            "random 2-player games, ROLL_ACTION",
            best(lambda: bench_games(100, False)),
            "games/s",
            500,
        )
    )
    rows.append(
        (
            "legal_actions()",
            best(lambda: bench_call(pos, lambda s: s.legal_actions())),
            "calls/s",
            None,
        )
    )
    rows.append(("clone()", best(lambda: bench_call(pos, lambda s: s.clone())), "calls/s", None))
    rows.append(
        (
            "new_game()",
            best(lambda: bench_call(pos, lambda s: elasund.new_game())),
            "calls/s",
            None,
        )
    )
    few = pos[::20]
    rows.append(
        (
            "observation_tensor(0)",
            best(lambda: bench_call(few, lambda s: s.observation_tensor(0))),
            "calls/s",
            None,
        )
    )
    import array

    out = array.array("f", bytes(4 * elasund.OBSERVATION_SIZE))
    rows.append(
        (
            "write_observation(0, array('f'))",
            best(lambda: bench_call(few, lambda s: s.write_observation(0, out))),
            "calls/s",
            None,
        )
    )
    rows.append(
        (
            "legal_actions_mask()",
            best(lambda: bench_call(few, lambda s: s.legal_actions_mask())),
            "calls/s",
            None,
        )
    )
    rows.append(
        ("serialize()", best(lambda: bench_call(pos, lambda s: s.serialize())), "calls/s", None)
    )
    print("  %-50s %12s %12s" % ("", "wall clock", "CPU time"))
    for name, (wall, cpu), unit, goal in rows:
        mark = (
            ""
            if goal is None
            else ("  goal >= %s: %s" % (format(goal, ","), "met" if wall >= goal else "MISSED"))
        )
        print(
            "  %-50s %12s %12s %s%s"
            % (name, format(int(wall), ","), format(int(cpu), ","), unit, mark)
        )
    print(
        "  load average (1, 5, 15 min): %.2f %.2f %.2f at the start, %.2f %.2f %.2f at the end"
        % (load + os.getloadavg())
    )
    print("  (the random games took %.0f actions each, chance nodes included)" % moves_chance)


if __name__ == "__main__":
    main()
