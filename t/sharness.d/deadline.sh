# t/sharness.d/deadline.sh -- the games and claims of the deadline tests
# (t/0811 to t/0815; trigon-save(5), Deadlines and forfeit): green
# (Alice) against purple (Bob), created at 1700000000
# (2023-11-14T22:13:20Z) with the default deadline 72h and grace 24h,
# so a timeout may be claimed from 1700259200.

# claim FILE SEAT KIND ACCUSED NOW: trigon claim by SEAT's key (in
# $KEYDIR, keys by default), its clock at NOW (seconds since 1970).
claim () {
	SOURCE_DATE_EPOCH=$5 trigon claim -f "$1" --key "${KEYDIR:-keys}/$2.key" "$3" "$4"
}

# mailto FILE SEAT TO NOW: FILE mailed by SEAT to TO, on stdout, with
# SEAT's home home-SEAT (see deadline_homes).
mailto () {
	SOURCE_DATE_EPOCH=$4 TRIGON_HOME=$PWD/home-$2 trigon mail -f "$1" \
		--key "keys/$2.key" --to "$3@example.org"
}

# deadline_homes: home-green and home-purple, each with its address.
deadline_homes () {
	for dh_s in green purple
	do
		mkdir -p home-$dh_s &&
		printf "[player]\nemail = %s@example.org\n" $dh_s >home-$dh_s/config || return 1
	done
}

# deadline_started FILE [NEW OPTIONS]: a fair game, both seats joined and
# every setup event released, that awaits the first seat's move.
deadline_started () {
	ds_f=$1
	shift
	SOURCE_DATE_EPOCH=1700000000 trigon new "$ds_f" --chance fair --seed "$SEED1" \
		--player "green:Alice:$(cat keys/green.key.pub)" \
		--player "purple:Bob:keys/purple.key.pub" "$@" >/dev/null &&
	for ds_i in 1 2 3 4 5
	do
		trigon answer -f "$ds_f" --key keys/green.key >/dev/null &&
		trigon answer -f "$ds_f" --key keys/purple.key >/dev/null || return 1
	done
}

# deadline_released FILE: FILE (from deadline_started) played until a
# move awaits the other seat's release, which the mover released at
# once.  Writes the mover's seat to the file mover, the other's to late,
# and the awaited event's number to event.
deadline_released () {
	while :
	do
		dr_c=$(to_act "$1") &&
		trigon moves -f "$1" --key keys/$dr_c.key >legal 2>/dev/null &&
		if grep -qx end legal; then dr_a=end; else dr_a=$(sed -n 1p legal); fi &&
		trigon move -f "$1" --key keys/$dr_c.key "$dr_a" >mv || return 1
		grep -q "released at once" mv && break
		trigon answer -f "$1" --key keys/green.key >/dev/null &&
		trigon answer -f "$1" --key keys/purple.key >/dev/null || return 1
	done &&
	echo $dr_c >mover &&
	sed -n "s/^#? \([0-9]*\) release .*/\1/p" "$1" | tail -n 1 >event &&
	other $dr_c >late
}
