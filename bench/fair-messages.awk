# bench/fair-messages.awk -- what fair chance costs in messages
# (doc/fair-chance.md), measured from a recorded fair game (format 2).
#
#   awk -v game=NAME -f bench/fair-messages.awk FILE...
#
# A turn is a run of action lines by one seat.  Each action line opens a
# block; the answer lines ("@ SEAT ...") after it belong to it.  The
# mover's own answers ride on its message (doc/fair-chance.md); every
# other seat that answers in a block sends one message, and a block
# with any such answer is one wait (the seats answer in parallel, and
# no move may follow before they have).  The blocks before the first
# action are the setup.  Prints "bench:" lines: turns, waits and extra
# messages per turn, the share of turns that wait, the setup, and the
# replies each kind of event needed (from its "#? N release LABEL:
# SEATS" line: every quorum seat but the one whose line opened it).
function flush_block() {
	if (mover == "")
		return
	n = 0
	for (s in answered)
		if (s != mover)
			n++
	if (n > 0) {
		turn_waits++
		turn_msgs += n
	}
	delete answered
}
function flush_turn() {
	flush_block()
	if (turn_seat == "")
		return
	turns++
	waits += turn_waits
	msgs += turn_msgs
	if (turn_waits > 0)
		waited++
	turn_waits = turn_msgs = 0
}
FNR == 1 {
	flush_turn()
	mover = turn_seat = ""
	setup_seen = 0
}
/^[1-9][0-9]* [a-z]+ / {
	flush_block()
	if ($2 != turn_seat)
		flush_turn()
	turn_seat = mover = $2
	next
}
/^@ / {
	answered[$2] = 1
	if (mover == "")
		setup_answers[FILENAME, $2] = 1
	next
}
/^#\? [0-9]+ release / {
	line = $0
	sub(/^#\? [0-9]+ release /, "", line)
	i = index(line, ": ")
	label = substr(line, 1, i - 1)
	sub(/ at .*$/, "", label)
	q = split(substr(line, i + 2), seats, " ")
	r = 0
	for (k = 1; k <= q; k++)
		if (seats[k] != mover)
			r++
	ev[label]++
	replies[label] += r
	next
}
END {
	flush_turn()
	for (x in setup_answers)
		setup++
	printf "bench: fair-turns %s %d (%d files)\n", game, turns, ARGC - 1
	printf "bench: fair-waits-per-turn %s %.2f\n", game, waits / turns
	printf "bench: fair-extra-messages-per-turn %s %.2f\n", game, msgs / turns
	printf "bench: fair-turns-waiting %s %.1f %%\n", game, 100 * waited / turns
	printf "bench: fair-setup-messages %s %.1f (each seat's join, per game)\n", game, setup / (ARGC - 1)
	for (l in ev)
		printf "bench: fair-replies-per-event %s \"%s\" %.2f (%d events)\n", game, l, replies[l] / ev[l], ev[l]
}
