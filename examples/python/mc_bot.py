#!/usr/bin/env python3
"""A searching bot in Python for the arena's exec: protocol (version 1).

It plays flat Monte Carlo over determinizations (Perfect Information Monte
Carlo): at each decision it turns the view it was sent into a game
(elasund.state_from_view, which re-deals what the view hides), and for
each of --iterations iterations it re-deals the hidden cards again
(resample_from_infostate), picks a legal action by UCB1 among the
candidates, plays it and then the rest of the game at random in one call
into Go (random_rollout), and scores the action by its seat's return. It
plays the action tried most often. A decision with one legal move costs
nothing; one with more than --candidates legal moves tries a random
subset of that many.

    go run ./examples/arena -bots 'exec:python3 examples/python/mc_bot.py,greedy' -games 200

Its choices are reproducible: the random source is seeded with --seed and
the game's seat. Its strength against greedy is in README.md beside it.
"""

import argparse
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import elasund  # noqa: E402


def choose(view, legal, seat, iterations, candidates, rng, c=0.7):
    """The action index to play: flat UCB1 over determinized random
    rollouts, from seat's view (a dict or JSON) and its legal indices."""
    if len(legal) == 1:
        return legal[0]
    arms = list(legal)
    if len(arms) > candidates:
        arms = rng.sample(arms, candidates)
    visits = [0] * len(arms)
    wins = [0.0] * len(arms)
    root = elasund.state_from_view(view, rng.getrandbits(64))
    try:
        for it in range(iterations):
            if it < len(arms):
                k = it  # every candidate once first
            else:
                log_n = math.log(it)
                k = max(
                    range(len(arms)),
                    key=lambda i: wins[i] / visits[i] + c * math.sqrt(log_n / visits[i]),
                )
            with root.resample_from_infostate(seat, rng.getrandbits(64)) as det:
                det.apply_action(arms[k])
                wins[k] += det.random_rollout(rng.getrandbits(64))[seat]
            visits[k] += 1
    finally:
        root.close()
    return arms[max(range(len(arms)), key=lambda i: (visits[i], wins[i]))]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=200, help="rollouts a decision")
    p.add_argument("--candidates", type=int, default=40, help="most actions tried a decision")
    p.add_argument("--seed", type=int, default=1, help="seed of the bot's random source")
    args = p.parse_args(argv)
    if args.iterations < 1 or args.candidates < 1:
        p.error("--iterations and --candidates must be at least 1")
    seat, rng = 0, random.Random(args.seed)

    def send(obj):
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            seat = msg["seat"]
            rng = random.Random(args.seed * 4 + seat)
            send({"type": "hello", "name": "mc-python", "version": elasund.__version__})
        elif kind == "decide":
            index = choose(msg["view"], msg["indices"], seat, args.iterations, args.candidates, rng)
            send({"index": index})
        elif kind == "end":
            break


if __name__ == "__main__":
    main()
