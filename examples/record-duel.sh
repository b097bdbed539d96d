#!/bin/sh
# examples/record-duel.sh BUILDDIR -- record examples/duel.trigon again: a
# complete introductory game of Catan: het Duel (issue 18, BRIEF-duel.md
# §7: "a recorded complete game in examples/"), the greedy player on both
# seats, to a victory by points (examples/record-greedy.sh).  Run it
# after a change to the Duel's rules or cards that makes the old
# recording fail `trigon verify` (t/0747-duel-example.t checks it), and
# commit the result.
exec "$(dirname "$0")/record-greedy.sh" "${1:-.}" duel.trigon catan-duel 1763769600 2
