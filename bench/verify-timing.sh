# bench/verify-timing.sh -- sourced by bench/verify.bench.sh and
# bench/fair.bench.sh: `trigon verify` of a game against the floor,
# libsodium alone checking the same signatures (bench/sigfloor).
#
# verify_timing PREFIX GAME RUNS WHAT times both RUNS times, paired in
# turn, and prints the medians:
#   bench: PREFIXverify-wall N us (WHAT)
#   bench: PREFIXsignature-floor-wall N us (S signatures)
#   bench: PREFIXverify-ratio R x-signature-floor
# and, with /usr/bin/time, the same in CPU time (user + system of every
# thread: what other work on the machine does not blur, where wall time
# gets longer under load):
#   bench: PREFIXverify-cpu N ms (WHAT)
#   bench: PREFIXsignature-floor-cpu N ms
#   bench: PREFIXverify-cpu-ratio R x-signature-floor
# Uses $trigon, $floor and the scratch directory $tmp.

vt_median() { sort -n "$1" | sed -n "$(( ($2 + 1) / 2 ))p"; }

verify_timing() {
	vt_p=$1 vt_g=$2 vt_runs=$3 vt_what=$4
	: >"$tmp/v"
	: >"$tmp/f"
	for vt_i in $(seq "$vt_runs"); do
		vt_s=$(date +%s%N)
		"$trigon" verify "$vt_g" >/dev/null
		vt_e=$(date +%s%N)
		echo $(( (vt_e - vt_s) / 1000 )) >>"$tmp/v"
		"$floor" "$vt_g" >"$tmp/fl"
		awk '{ printf "%d\n", $2 * 1000000 }' "$tmp/fl" >>"$tmp/f"
	done
	vt_mv=$(vt_median "$tmp/v" "$vt_runs")
	vt_mf=$(vt_median "$tmp/f" "$vt_runs")
	echo "bench: ${vt_p}verify-wall ${vt_mv} us ($vt_what)"
	echo "bench: ${vt_p}signature-floor-wall ${vt_mf} us ($(cut -d' ' -f1 "$tmp/fl") signatures)"
	awk -v a="$vt_mv" -v b="$vt_mf" -v p="$vt_p" \
	    'BEGIN { printf "bench: %sverify-ratio %.3f x-signature-floor\n", p, a / b }'
	test -x /usr/bin/time || return 0
	: >"$tmp/c"
	: >"$tmp/fc"
	for vt_i in $(seq "$vt_runs"); do
		/usr/bin/time -o "$tmp/ct" -f '%U %S' "$trigon" verify "$vt_g" >/dev/null
		awk '{ printf "%d\n", ($1 + $2) * 1000 }' "$tmp/ct" >>"$tmp/c"
		"$floor" "$vt_g" | awk '{ printf "%d\n", $3 * 1000 }' >>"$tmp/fc"
	done
	vt_mc=$(vt_median "$tmp/c" "$vt_runs")
	vt_mfc=$(vt_median "$tmp/fc" "$vt_runs")
	echo "bench: ${vt_p}verify-cpu $vt_mc ms (user+system, $vt_what)"
	echo "bench: ${vt_p}signature-floor-cpu $vt_mfc ms"
	awk -v a="$vt_mc" -v b="$vt_mfc" -v p="$vt_p" \
	    'BEGIN { printf "bench: %sverify-cpu-ratio %.3f x-signature-floor\n", p, a / b }'
}
