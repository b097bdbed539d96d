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
