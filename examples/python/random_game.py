"""The smallest whole game: random players until the end.

    bash examples/python/build.sh
    PYTHONPATH=examples/python python3 examples/python/random_game.py [seed]

Random play can reach positions where nobody can win (the engine does not
detect them), so the game has a turn limit.
"""

import random
import sys

import elasund

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
rng = random.Random(seed)
state = elasund.new_game(players=2, seed=seed, max_turns=300)
while not state.is_terminal():
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        action = rng.choices(actions, probs)[0]
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
print(state)
print("returns:", state.returns())
