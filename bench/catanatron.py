#!/usr/bin/python3
"""bench/catanatron.py -- Catanatron's speed, measured the way
bench-catan-engine measures trigon's Catan, for README's comparison.

    /usr/bin/python3 bench/catanatron.py DIR [GAMES]

DIR holds Catanatron's Python package (its catanatron/catanatron folder
of commit 41ba0db: git archive 41ba0db catanatron/catanatron); it needs
python3-networkx.  Plays GAMES (default 200) random four-player games
(RandomPlayer: legal listing and a random choice per action) and prints
"bench: catanatron-playout N actions/s" (per second of this process's
CPU time), then the cost of one Game.copy() in microseconds and the
size of a pickled state in bytes.  Nothing of Catanatron is part of
trigon; this script only imports it.
"""
import pickle
import random
import sys
import time

sys.path.insert(0, sys.argv[1])
from catanatron.game import Game  # noqa: E402
from catanatron.models.player import Color, RandomPlayer  # noqa: E402

games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
random.seed(1)
actions = 0
t0 = time.process_time()
for g in range(games):
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE,
                                         Color.WHITE, Color.ORANGE)]
    game = Game(players, seed=g)
    before = len(game.state.action_records)
    game.play()
    actions += len(game.state.action_records) - before
t1 = time.process_time()
print("bench: catanatron-playout %.0f actions/s" % (actions / (t1 - t0)))
print("catanatron: %d actions in %d games, %.1f s CPU" % (actions, games,
                                                         t1 - t0),
      file=sys.stderr)
game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE,
                                       Color.ORANGE)], seed=1)
for _ in range(200):
    game.play_tick()
n = 2000
t0 = time.process_time()
for _ in range(n):
    game.copy()
t1 = time.process_time()
print("bench: catanatron-copy %.1f us" % ((t1 - t0) / n * 1e6))
print("bench: catanatron-state-bytes %d bytes (pickled)" %
      len(pickle.dumps(game.state)))
