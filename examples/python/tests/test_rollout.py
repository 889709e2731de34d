"""State.random_rollout plays a copy to the end: the returns of an ended
game (summing to 1), the state unchanged, the same for the same seed."""

import random
import unittest

import elasund


class RolloutTest(unittest.TestCase):
    def test_rollout(self):
        for players in (2, 3, 4):
            with self.subTest(players=players):
                s = elasund.new_game(players, 21)
                key, data = s.key(), s.serialize()
                r = s.random_rollout(5)
                self.assertEqual(len(r), players)
                self.assertAlmostEqual(sum(r), 1.0)
                self.assertEqual(s.key(), key)
                self.assertEqual(s.serialize(), data)
                self.assertEqual(s.random_rollout(5), r)
                self.assertEqual(s.random_rollout(random.Random(3)), s.random_rollout(random.Random(3)))

    def test_rollout_of_an_ended_game(self):
        s = elasund.new_game(2, 4)
        while not s.is_terminal():
            s.apply_action(s.legal_actions()[0] if not s.is_chance_node() else elasund.ROLL_ACTION)
        self.assertEqual(s.random_rollout(1), s.returns())

    def test_bad_seeds(self):
        s = elasund.new_game(2, 1)
        for seed, err in ((-1, ValueError), (1 << 64, ValueError), ("1", TypeError), (1.5, TypeError)):
            with self.subTest(seed=seed), self.assertRaises(err):
                s.random_rollout(seed)
        s.close()
        with self.assertRaises(ValueError):
            s.random_rollout(1)


if __name__ == "__main__":
    unittest.main()
