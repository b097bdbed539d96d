#!/bin/sh
# examples/record-cities.sh BUILDDIR -- record examples/cities.trigon
# again: a complete four-player game of Catan: Cities & Knights (issue
# 19), the greedy player on every seat, to a victory by points at 13
# (examples/record-greedy.sh).  It is also the fixture that keeps later
# releases honest: t/0749-cities-example.t verifies it and plays it on;
# run this only when a change of the rules is meant to break it (and say
# so: saved games must keep verifying), and commit the result.
exec "$(dirname "$0")/record-greedy.sh" "${1:-.}" cities.trigon catan-ck 1764201600 4
