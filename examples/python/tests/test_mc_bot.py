"""mc_bot.py speaks the arena's exec: protocol and answers a legal action,
the same one for the same seed."""

import json
import os
import subprocess
import sys
import unittest

import elasund

HERE = os.path.dirname(os.path.abspath(__file__))
BOT = os.path.join(os.path.dirname(HERE), "mc_bot.py")


def _exchange(state, seat, args):
    view = json.loads(state.view_json(seat))
    legal = state.legal_actions()
    msgs = [
        {"type": "hello", "protocol": 1, "seat": seat, "color": "red", "players": 2,
         "colors": ["red", "blue"], "rules": "default", "maxTurns": 300},
        {"type": "decide", "view": view, "legal": [state.action_to_string(a) for a in legal],
         "indices": legal},
        {"type": "end", "winner": "red", "result": "win", "view": view},
    ]
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # the bot finds the package beside it
    out = subprocess.run(
        [sys.executable, BOT] + args,
        input="".join(json.dumps(m) + "\n" for m in msgs),
        capture_output=True, text=True, timeout=120, env=env, check=True,
    )
    return [json.loads(line) for line in out.stdout.splitlines()]


class MCBotTest(unittest.TestCase):
    def test_protocol(self):
        s = elasund.new_game(2, 11)
        while s.is_chance_node():
            s.apply_action(elasund.ROLL_ACTION)
        seat = s.current_player()
        self.assertGreater(len(s.legal_actions()), 1)
        hello, answer = _exchange(s, seat, ["--iterations", "30"])
        self.assertEqual(hello, {"type": "hello", "name": "mc-python", "version": elasund.__version__})
        self.assertIn(answer["index"], s.legal_actions())
        again = _exchange(s, seat, ["--iterations", "30"])[1]
        self.assertEqual(again, answer, "the same seed chose differently")

    def test_one_legal_move(self):
        s = elasund.new_game(2, 11)
        while s.is_chance_node():
            s.apply_action(elasund.ROLL_ACTION)
        # Play until a decision with one legal move.
        while len(s.legal_actions()) != 1 or s.is_chance_node():
            s.apply_action(s.legal_actions()[0])
        answer = _exchange(s, s.current_player(), ["--iterations", "5"])[1]
        self.assertEqual(answer, {"index": s.legal_actions()[0]})


if __name__ == "__main__":
    unittest.main()
