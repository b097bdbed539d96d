# t/sharness.d/mail.sh -- helpers for the mail tests (t/05*.t).

MAILTOOL="$TRIGON_BUILD_DIR/t/helpers/mailtool"

# mail_game FILE: green (Alice) against purple (Bob), both with e-mail.
mail_game () {
	SOURCE_DATE_EPOCH=1700000000 trigon new "$1" --seed "$SEED0" \
		--player "green:Alice:alice@example.org:$(cat keys/green.key.pub)" \
		--player "purple:Bob:bob@example.org:$(cat keys/purple.key.pub)" >/dev/null
}

# send FILE COLOR OUT: COLOR's mail of FILE's new lines into OUT.
send () {
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f "$1" --key keys/$2.key >"$3"
}

# body_of MAIL: the body (after the first empty line).
body_of () {
	sed '1,/^$/d' "$1"
}

# rewrap MAIL CMD...: MAIL with its body passed through CMD.
rewrap () {
	rw_mail=$1
	shift
	sed '/^$/q' "$rw_mail" && body_of "$rw_mail" | "$@"
}

# play_turn FILE COLOR N: COLOR plays N legal actions (never resign or
# offer; the N-th, or the first that leaves no other choice, is end).
play_turn () {
	pt_i=0
	while test $pt_i -lt $3 && test "$(to_act "$1")" = "$2"
	do
		trigon moves -f "$1" --key keys/$2.key >pt.legal &&
		grep -v -e "^resign" -e "^offer" -e "^end$" pt.legal >pt.some
		if test $pt_i -eq $(($3 - 1)) || ! test -s pt.some
		then
			trigon move -f "$1" --key keys/$2.key end >/dev/null || return 1
		else
			trigon move -f "$1" --key keys/$2.key "$(sed -n 1p pt.some)" >/dev/null || return 1
		fi
		pt_i=$((pt_i + 1))
	done
}

# forge_block OLD NEW: an armoured block carrying NEW's lines after
# OLD's body, built by hand as trigon(1) describes the payload (to send
# what trigon mail would never make).
forge_block () {
	fb_len=$(head -n -1 "$1" | wc -c) &&
	fb_hash=$(head -c $fb_len "$1" | b2sum -l 256 | cut -d" " -f1) &&
	fb_game=$(sed -n "s/^game //p" "$1") &&
	fb_after=$(grep -c "^[0-9]* [a-z]* " "$1") &&
	fb_total=$(wc -c <"$2") &&
	{
		printf "trigon-moves 1\ngame %s\nbase %s %s\nafter %s\nlength %s\n\n" \
			$fb_game $fb_len $fb_hash $fb_after $((fb_total - fb_len)) &&
		tail -c +$((fb_len + 1)) "$2"
	} >fb.payload &&
	"$MAILTOOL" armour <fb.payload
}

# as_mail SUBJECT < TEXT: a minimal message around TEXT.
as_mail () {
	printf "From: Mallory <mallory@example.org>\nTo: Alice <alice@example.org>\nSubject: %s\n\n" "$1" &&
	cat
}

# mail_turn FILE KEY MAIL COPY...: FILE's player mails its new moves
# (trigon mail --attach-svg, at a fixed date) into MAIL, and every COPY
# other than FILE applies it; apply.out holds the last apply's output.
mail_turn () {
	mt_f=$1 mt_k=$2 mt_m=$3
	shift 3
	SOURCE_DATE_EPOCH=1700000000 trigon mail -f $mt_f --key $mt_k \
		--attach-svg >$mt_m &&
	for mt_o in "$@"
	do
		if test $mt_o != $mt_f
		then
			trigon apply -f $mt_o $mt_m >apply.out &&
			grep "^$mt_o: applied moves* [0-9-]* from '$mt_m'$" apply.out >/dev/null ||
			{ cat >&2 apply.out; return 1; }
		fi
	done
}
