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
