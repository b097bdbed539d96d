# t/sharness.d/trigon.sh -- helpers shared by the sharness tests.

# test_exit_code CODE CMD...: run CMD, expect exactly exit status CODE.
test_exit_code () {
	want=$1
	shift
	"$@"
	got=$?
	if test "$got" != "$want"
	then
		echo >&2 "test_exit_code: '$*' exited $got, wanted $want"
		return 1
	fi
	return 0
}

# columns FILE: the widest line of FILE in display columns (ANSI
# escapes take none, UTF-8 continuation bytes none, CJK two).
columns () {
	LC_ALL=C sed -e 's/\x1b\[[0-9;]*m//g' \
		-e 's/[\xe3-\xe9][\x80-\xbf][\x80-\xbf]/WW/g' \
		-e 's/[\x80-\xbf]//g' "$1" >cols.tmp &&
	LC_ALL=C awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' cols.tmp
}

# explain FILE...: the last lines of each FILE as TAP comments on the
# test's own output (fd 5, which sharness keeps even when not verbose),
# so that a failure seen only in a CI log can be diagnosed.  Always
# fails, so that it ends a failing && chain: CMD || explain F...
explain () {
	for ex_f
	do
		echo "# --- $ex_f" >&5
		test -f "$ex_f" && tail -n 12 "$ex_f" | sed "s/^/# /" >&5
	done
	return 1
}
