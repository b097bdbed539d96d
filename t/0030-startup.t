#!/bin/sh
test_description='start-up: libgit2, GMime and the signature threads only when a command needs them'
. "$(dirname "$0")/setup.sh"

# trigon(1) is a referee run after every move, so it should start like
# git: with lazy loading (configure's default; lib/dl.h) libgit2 and GMime
# with glib are not linked but loaded by the first call that needs them.
# The dynamic loader's LD_DEBUG=files names every library it maps and
# why; "dynamically loaded" means dlopen() on first use.

if grep -q "^#define TRIGON_DIRECT_LIBS" "$TRIGON_BUILD_DIR/config.h"
then
	skip_all='trigon links libgit2 and GMime directly (--disable-lazy-libs)'
	test_done
fi

loaded () {
	sed -n 's/.*file=\(lib[^ ]*\) .*/\1/p' "$1" | sort -u
}

test_expect_success 'trigon --version maps neither libgit2 nor GMime nor glib' '
	LD_DEBUG=files trigon --version >out 2>debug &&
	grep "^trigon [0-9][0-9.]* (libsodium [0-9.]*, libgit2 [0-9.]*)$" out &&
	loaded debug >libs &&
	grep "^libsodium" libs &&
	! grep "libgit2\|libgmime\|libglib\|libgobject\|libmicrohttpd" libs
'

test_expect_success 'trigon status of the Duel example maps neither' '
	LD_DEBUG=files trigon status "$TRIGON_SRC_DIR/examples/duel.trigon" \
		>out 2>debug &&
	test -s out &&
	loaded debug >libs &&
	! grep "libgit2\|libgmime\|libglib\|libgobject\|libmicrohttpd" libs
'

test_expect_success 'trigon push loads libgit2 on its first call, and not GMime' '
	test_keys &&
	git_setup &&
	git_server server.git &&
	git init -q alice &&
	new_game g.trigon && cp g.trigon alice/ &&
	git -C alice add g.trigon &&
	git -C alice commit -q -m "new game" &&
	git -C alice remote add origin ../server.git &&
	(cd alice && LD_DEBUG=files trigon push -f g.trigon >../out 2>../debug) &&
	grep "^g.trigon: pushed refs/heads/main to ../server.git$" out &&
	grep "file=libgit2\.so.* dynamically loaded by" debug &&
	loaded debug >libs &&
	! grep "libgmime" libs
'

test_expect_success 'trigon mail loads GMime (with glib) on its first call, and not libgit2' '
	mail_game m.trigon &&
	SOURCE_DATE_EPOCH=1700000000 LD_DEBUG=files \
		trigon mail -f m.trigon --key keys/green.key >m0.eml 2>debug &&
	grep "^MIME-Version: 1.0$" m0.eml &&
	grep "file=libgmime-3\.0\.so.* dynamically loaded by" debug &&
	loaded debug >libs &&
	grep "^libglib-2\.0" libs &&
	! grep "libgit2" libs
'

# Under AddressSanitizer the leak check at exit refuses to run under
# ptrace ("LeakSanitizer does not work under ptrace"), so trigon fails
# there: the thread tests need a trigon that runs under strace.
command -v strace >/dev/null 2>&1 &&
strace -f -o /dev/null trigon --version >/dev/null 2>&1 &&
test_set_prereq STRACE

# A thread zeroes the program's thread-local storage when it starts: the
# signature pool (lib/sigpool.c) starts its threads only for a long file.
test_expect_success STRACE 'trigon status of the Duel example starts no thread' '
	strace -f -o trace -e trace=clone,clone3 \
		trigon status "$TRIGON_SRC_DIR/examples/duel.trigon" >out &&
	test -s out &&
	! grep "clone" trace
'

test_expect_success STRACE 'trigon verify of the long cities example starts the pool' '
	strace -f -o trace -e trace=clone,clone3 \
		trigon verify "$TRIGON_SRC_DIR/examples/cities.trigon" >out &&
	grep "clone" trace
'

test_done
