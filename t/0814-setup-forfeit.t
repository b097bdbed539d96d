#!/bin/sh
test_description='setup cannot be ground (trigon-save(5), Deadlines and forfeit; doc/fair-chance.md): a seat that withholds a setup event loses the game by forfeit, as in a started game, with the other seat the winner'
. "$(dirname "$0")/setup.sh"

# Created at 1700000000 (deadline 72h, grace 24h): both join, green
# releases its value for the turn order, purple, the last to release it,
# withholds it (a seat that could compute the start before deciding).
test_expect_success 'setup: a fair game whose setup events await purple alone' '
	test_keys &&
	SOURCE_DATE_EPOCH=1700000000 trigon new s.trigon --chance fair --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" >/dev/null &&
	trigon answer -f s.trigon --key keys/purple.key >/dev/null &&
	trigon answer -f s.trigon --key keys/green.key >/dev/null &&
	test_exit_code 4 trigon verify s.trigon >out &&
	grep "^s.trigon: ok so far: not started, by 2 players; incomplete: awaits release for event 1, turn order (line 16): purple$" out &&
	touch -d @1700000000 s.trigon
'

test_expect_success 'withholding a setup event: disputable, the game is not won; final, purple loses and green wins, in verify, status and games' '
	claim s.trigon green timeout purple 1700259200 >/dev/null &&
	claim s.trigon green forfeit purple 1700345600 >/dev/null &&
	F=$(grep -n "^@ green forfeit " s.trigon | cut -d: -f1) &&
	test_exit_code 4 env SOURCE_DATE_EPOCH=1700345700 trigon verify s.trigon >out &&
	grep "^s.trigon: ok so far: not started, by 2 players; purple forfeit claimed at line $F: it withheld its release for event 1, .*; disputable until 2023-11-19T22:13:20Z$" out &&
	! grep "won" out &&
	SOURCE_DATE_EPOCH=1700345700 trigon status -f s.trigon >out &&
	grep "^forfeit: purple forfeit claimed at line $F" out &&
	! grep "won" out &&
	SOURCE_DATE_EPOCH=1700432000 trigon verify s.trigon >out &&
	grep "^s.trigon: ok: not started, by 2 players; over: purple forfeited at line $F: it withheld its release for event 1, .* past the deadline and the grace; green won (forfeit)$" out &&
	SOURCE_DATE_EPOCH=1700432000 trigon status -f s.trigon >out &&
	grep "^over: purple forfeited at line $F: .*; green won (forfeit)$" out &&
	SOURCE_DATE_EPOCH=1700432000 trigon games --key keys/purple.key s.trigon >out &&
	grep "^s.trigon: Rule of Trigon, fair chance; seats green, purple (you); not started; over: green won (forfeit); since " out
'

test_done
