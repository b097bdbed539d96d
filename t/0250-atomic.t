#!/bin/sh
test_description='trigon move writes atomically: failures at every point, and races'
. "$(dirname "$0")/setup.sh"

# LeakSanitizer cannot run under ptrace (strace): in a sanitizer build
# leaks are checked by the other tests, not these.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

if command -v strace >/dev/null && strace -o /dev/null true 2>/dev/null
then
	test_set_prereq STRACE
fi

test_expect_success 'setup: a game of 100 moves and the move that follows' '
	test_keys &&
	new_game g.trigon && play g.trigon 100 4 &&
	cp g.trigon before &&
	c=$(to_act g.trigon) && echo $c >me &&
	trigon move -f g.trigon --key keys/$c.key end >/dev/null &&
	cp g.trigon after &&
	! cmp -s before after &&
	trigon verify after
'

# inject SYSCALL ERRNO: for N = 1, 2, ... fail the Nth call of SYSCALL
# in a trigon move; each time the file must be byte-identical to before
# or after, verify, and no temporary file may be left.  Stops after the
# first N that the run no longer reaches.
inject () {
	n=1 && c=$(cat me) &&
	while test $n -le 200
	do
		cp before g.trigon &&
		strace -f -o trace -e trace=$1 -e inject=$1:error=$2:when=$n \
			trigon move -f g.trigon --key keys/$c.key end >out 2>err
		rc=$?
		if cmp -s g.trigon before
		then
			state=before
		elif cmp -s g.trigon after
		then
			state=after
		else
			echo "$1 #$n: the file is damaged (exit $rc)"; return 1
		fi
		trigon verify g.trigon >/dev/null || return 1
		ls -a >listing &&
		if grep "^\.g\.trigon\." listing
		then
			echo "$1 #$n: temporary file left"; return 1
		fi
		if test $state = before && test $rc = 0
		then
			echo "$1 #$n: success claimed, nothing written"; return 1
		fi
		if test $state = before && ! test -s err
		then
			echo "$1 #$n: failed without a word"; return 1
		fi
		grep -q "INJECTED" trace || break
		echo "$1 #$n ($2): exit $rc, file $state"
		n=$((n + 1))
	done &&
	test $n -gt 1
}

test_expect_success STRACE 'EIO on every write' '
	inject write EIO
'

test_expect_success STRACE 'ENOSPC on every write' '
	inject write ENOSPC
'

test_expect_success STRACE 'EIO on every fsync' '
	inject fsync EIO
'

test_expect_success STRACE 'EIO on rename' '
	inject rename EIO
'

test_expect_success STRACE 'EIO on every open' '
	inject openat EIO
'

test_expect_success STRACE 'EIO on every read' '
	inject read,pread64 EIO
'

test_expect_success STRACE 'EIO on every close' '
	inject close EIO
'

test_expect_success STRACE 'ENOSPC on every fsync (the file and its directory)' '
	inject fsync ENOSPC
'

test_expect_success STRACE 'ENOSPC on rename' '
	inject rename ENOSPC
'

test_expect_success STRACE 'EIO on fchmod of the temporary file' '
	inject fchmod EIO
'

test_expect_success STRACE 'EIO on the lock' '
	inject flock EIO
'

# inject_new SYSCALL ERRNO: for N = 1, 2, ... fail the Nth call of
# SYSCALL in a trigon new; each time the game file is either absent
# (and trigon said why and exited non-zero) or whole and verifying, and
# no temporary file is left.  Stops after the first N not reached.
inject_new () {
	n=1 &&
	while test $n -le 50
	do
		rm -f n.trigon &&
		strace -f -o trace -e trace=$1 -e inject=$1:error=$2:when=$n \
			trigon new n.trigon --seed $SEED0 \
			--player green:A:keys/green.key.pub \
			--player purple:B:keys/purple.key.pub >out 2>err
		rc=$?
		if test -e n.trigon
		then
			trigon verify n.trigon >/dev/null || {
				echo "$1 #$n: a damaged new file (exit $rc)"; return 1
			}
		else
			test $rc != 0 && test -s err || {
				echo "$1 #$n: no file, exit $rc, no word"; return 1
			}
		fi
		ls -a >listing &&
		if grep "^\.n\.trigon\." listing
		then
			echo "$1 #$n: temporary file left"; return 1
		fi
		grep -q "INJECTED" trace || break
		echo "$1 #$n ($2): exit $rc, file $(test -e n.trigon && echo made || echo absent)"
		n=$((n + 1))
	done &&
	test $n -gt 1
}

# renameat2 (RENAME_NOREPLACE) puts the new file in place in one step,
# so no failure leaves the temporary name behind (with link and unlink,
# a failed unlink did).
for sc in "write EIO" "write ENOSPC" "fsync EIO" "fsync ENOSPC" \
	"renameat2 EIO" "renameat2 ENOSPC" "fchmod EIO" "openat EIO"
do
	test_expect_success STRACE "trigon new: $sc at every call" "
		inject_new $sc
	"
done

test_expect_success STRACE 'a failed write says so and exits 3' '
	cp before g.trigon && c=$(cat me) &&
	test_exit_code 3 strace -f -o /dev/null -e inject=write:error=ENOSPC:when=1 \
		trigon move -f g.trigon --key keys/$c.key end 2>err &&
	grep "^trigon: cannot write '\''g.trigon'\'': No space left on device" err &&
	test_cmp before g.trigon
'

test_expect_success 'an interrupt (SIGINT) while writing leaves no temporary file' '
	cp before g.trigon && c=$(cat me) &&
	trigon move -f g.trigon --key keys/$c.key end >/dev/null &
	kill -INT $! 2>/dev/null
	wait
	ls -a >listing &&
	! grep "^\.g\.trigon\." listing &&
	trigon verify g.trigon
'

test_expect_success 'eight moves started at once: one line per sequence number, clean refusals' '
	cp before g.trigon &&
	for i in 1 2 3 4 5 6 7 8
	do
		if test $((i % 2)) = 0; then k=green; else k=purple; fi
		(trigon move -f g.trigon --key keys/$k.key end >out.$i 2>err.$i; echo $? >rc.$i) &
	done &&
	wait &&
	trigon verify g.trigon >out &&
	ok=0 && refused=0 &&
	for i in 1 2 3 4 5 6 7 8
	do
		case $(cat rc.$i) in
		0) ok=$((ok + 1)) ;;
		1) grep -q "^trigon: g.trigon: refused: it is not [a-z]*'\''s turn" err.$i &&
		   refused=$((refused + 1)) ;;
		*) echo "process $i: exit $(cat rc.$i): $(cat err.$i)"; return 1 ;;
		esac
	done &&
	test $((ok + refused)) = 8 &&
	test $ok -ge 1 &&
	grep "^g.trigon: ok: $((100 + ok)) moves" out &&
	grep -c "^end " g.trigon >ends && echo 1 >expect && test_cmp expect ends &&
	ls -a >listing &&
	! grep "^\.g\.trigon\." listing
'

test_expect_success STRACE 'a file changed by hand while a move is written is not overwritten' '
	cp before g.trigon && c=$(cat me) &&
	(strace -f -o /dev/null -e inject=fsync:delay_enter=1500000:when=1 \
		trigon move -f g.trigon --key keys/$c.key end >out 2>err; echo $? >rc) &
	i=0 &&
	while ! ls -a | grep -q "^\.g\.trigon\." && test $i -lt 300
	do
		sleep 0.1; i=$((i + 1))
	done &&
	echo "# edited by hand" >>g.trigon &&
	wait &&
	echo 1 >expect && test_cmp expect rc &&
	echo "trigon: '\''g.trigon'\'' changed on disk since it was read; nothing was written" >expect &&
	test_cmp expect err &&
	cp before want && echo "# edited by hand" >>want &&
	test_cmp want g.trigon &&
	ls -a >listing &&
	! grep "^\.g\.trigon\." listing
'

test_done
