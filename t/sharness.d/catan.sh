# t/sharness.d/catan.sh -- helpers for the Catan tests (t/07*.t): the
# fixture keys (test_keys in save.sh) stand for Catan's colors.

# catan_key COLOR: the secret key file of the seat playing COLOR.
catan_key () {
	case $1 in
	red) echo keys/green.key ;;
	blue) echo keys/purple.key ;;
	white) echo keys/yellow.key ;;
	orange) echo keys/white.key ;;
	*) echo >&2 "catan_key: no key for '$1'"; return 1 ;;
	esac
}

# catan_players [N]: the --player options of N seats (3 by default):
# red Ann, blue Ben, white Cat, orange Dan, with their public keys.
catan_players () {
	cp_n=${1:-3}
	echo --player "red:Ann:keys/green.key.pub" \
		--player "blue:Ben:keys/purple.key.pub" \
		--player "white:Cat:keys/yellow.key.pub" &&
	if test "$cp_n" -ge 4
	then
		echo --player "orange:Dan:keys/white.key.pub"
	fi
}

# ck_seat_to_act FILE: the seat FILE's game waits for (verify's summary;
# of several seats owing a decision at once, the one it names).
ck_seat_to_act () {
	trigon verify "$1" >ck_sta.out &&
	sed -n "s/.*, \([a-z]*\) to act$/\1/p" ck_sta.out
}

# ck_plan FILE RNGSEED: play a whole game into a copy of FILE (a new game
# of Cities & Knights whose seats hold the fixture keys red green, blue
# purple, white yellow) by t/helpers/play, preferring builds (a game to
# 10 points in some 100-250 turns, where uniform random play takes up to
# thousands), and cut it into turns: ck_plan.turns has "N SEAT" for each
# run of actions by one seat, ck_plan.N those actions, one a line.  The
# end-to-end tests (t/0717, t/0718) have each player make them in turn.
ck_plan () {
	cp "$1" ck_plan.trigon &&
	"$PLAY" ck_plan.trigon 20000 "$2" -x resign -p "build city" \
		-p "build settlement" -p improve keys/green.key keys/purple.key \
		keys/yellow.key >/dev/null &&
	trigon verify ck_plan.trigon >ck_plan.out &&
	grep ", over, [a-z]* won (points)$" ck_plan.out >/dev/null &&
	sed -n "s/^[0-9]* \([a-z]*\) \(.*\) | [0-9a-f]* [^ ]*$/\1 \2/p" \
		ck_plan.trigon | awk '
		$1 != seat { n++; seat = $1; print n, seat >"ck_plan.turns" }
		{ sub(/^[a-z]* /, ""); print >("ck_plan." n) }' &&
	test -s ck_plan.turns
}

