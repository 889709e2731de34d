"""A training loop over elasund.VecEnv, as a sketch: no deep-learning library.

    PYTHONPATH=examples/python python3 examples/python/train_sketch.py --steps 200

Seat 0 of every game is the learner, seat 1 plays uniformly at random
(VecEnv.sample_legal). With NumPy, the learner is a linear softmax policy
trained by REINFORCE: an action's logit is (observation @ W) . E[action],
with E a fixed random embedding of the 31,838 actions, the softmax taken
over the legal actions only; each game keeps the sum of its grad log pi for
the running episode (an eligibility trace), and when the game ends W moves by
that sum times (return - baseline). Without NumPy it runs the random
baseline for both seats, with the same loop.

With PyTorch the loop is the same; only the policy changes:

    obs = torch.from_numpy(env.observations)       # zero-copy view of the buffer
    logits = policy(obs.to(device))                # n x NUM_ACTIONS
    # legal="indices": gather the legal logits, -inf on the padding
    idx = torch.from_numpy(env.legal_indices).long().to(device)
    legal_logits = logits.gather(1, idx.clamp(min=0))
    legal_logits[idx < 0] = float("-inf")
    pick = torch.distributions.Categorical(logits=legal_logits).sample()
    actions = idx.gather(1, pick[:, None])[:, 0]   # action indices
    env.step(actions.cpu().numpy())                # read in place (int64)
    # legal="bits": unpack the mask and mask the logits instead:
    # mask = np.unpackbits(env.legal_bits, axis=1, bitorder="little")[:, :NUM_ACTIONS]
    # logits[~torch.from_numpy(mask).bool()] = float("-inf")

The buffers are rewritten by the next step: copy (obs.clone()) what a
replay buffer keeps. env.step releases the GIL, so a data loader or a
second env can run in another thread meanwhile.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import elasund  # noqa: E402
from elasund import _native  # noqa: E402

np = _native.numpy
LEARNER = 0


class LinearPolicy:
    """Softmax over the legal actions of (obs @ W) . E[action] (NumPy)."""

    def __init__(self, n, features=16, lr=0.05, seed=0):
        rng = np.random.default_rng(seed)
        self.E = rng.standard_normal((elasund.VecEnv.NUM_ACTIONS, features)).astype(np.float32)
        self.W = np.zeros((elasund.VecEnv.OBSERVATION_SIZE, features), np.float32)
        self.trace = np.zeros((n,) + self.W.shape, np.float32)  # sum of grad log pi, per game
        self.lr, self.rng, self.baseline = lr, rng, 0.5

    def act(self, env, games, actions):
        """Chooses the actions of the given games (the learner's turn) into
        actions, and adds their grad log pi to the games' traces."""
        if len(games) == 0:
            return
        h = env.observations[games] @ self.W  # len(games) x features
        g = np.empty_like(h)
        for k, i in enumerate(games):
            legal = env.legal_indices[i, :env.legal_counts[i]]
            e = self.E[legal]
            z = e @ h[k]
            p = np.exp(z - z.max())
            p /= p.sum()
            j = self.rng.choice(len(legal), p=p)
            actions[i] = legal[j]
            g[k] = e[j] - p @ e  # d log pi / d h
        self.trace[games] += env.observations[games][:, :, None] * g[:, None, :]

    def learn(self, games, returns):
        """Ends the episodes of the given games, paid returns (learner's)."""
        for i, r in zip(games, returns):
            self.W += self.lr * (r - self.baseline) * self.trace[i]
            self.trace[i] = 0
            self.baseline += 0.05 * (r - self.baseline)


def main():
    ap = argparse.ArgumentParser(description="REINFORCE sketch over elasund.VecEnv")
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--n", type=int, default=32, help="games at once")
    ap.add_argument("--max-turns", type=int, default=8,
                    help="turn limit, so that episodes end soon")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    env = elasund.VecEnv(args.n, players=2, seed=args.seed, legal="indices",
                         max_turns=args.max_turns)
    policy = LinearPolicy(args.n, seed=args.seed) if np is not None else None
    print("policy:", "linear softmax, REINFORCE (NumPy)" if policy else "random (no NumPy)")
    env.reset()
    returns, t0 = [], time.perf_counter()
    for step in range(args.steps):
        actions = env.sample_legal()  # seat 1's moves (and seat 0's without a policy)
        if policy is not None:
            actions = actions.copy()  # sample_legal's buffer is the env's
            policy.act(env, np.flatnonzero(env.to_play == LEARNER), actions)
        _, rewards, dones, _ = env.step(actions)
        done = [i for i, d in enumerate(dones) if d]
        paid = [float(rewards[i, LEARNER]) if np is not None else rewards.tolist()[i][LEARNER]
                for i in done]
        if policy is not None:
            policy.learn(done, paid)
        returns += paid
        if (step + 1) % 100 == 0 or step + 1 == args.steps:
            recent = returns[-200:]
            print("step %4d: %4d episodes, learner's mean return %.3f (last %d), %.1f s" % (
                step + 1, len(returns), sum(recent) / max(1, len(recent)), len(recent),
                time.perf_counter() - t0))
    env.close()


if __name__ == "__main__":
    main()
