#!/bin/sh
# examples/demo.sh TRIGON -- the quick start's demonstration: two players,
# keys in a temporary directory, a few turns, the board at the end.
# It runs only what the program can really do so far.
set -eu
trigon=$1
"$trigon" --version
echo
"$trigon" --help
