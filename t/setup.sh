# t/setup.sh -- sourced first by every sharness test (t/NNNN-*.t).
#
# Finds the build and source trees (make check exports them; run by hand
# from the build tree they default to ..), pins the locale, time zone
# and home, and loads Debian's sharness.  Helpers shared by tests live
# in t/sharness.d/*.sh, which sharness loads by itself.
: "${TRIGON_BUILD_DIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TRIGON_SRC_DIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${SHARNESS_SH:=/usr/share/sharness/sharness.sh}"
: "${SHARNESS_TEST_SRCDIR:=$TRIGON_SRC_DIR/t}"
: "${SHARNESS_TEST_DIRECTORY:=$TRIGON_BUILD_DIR/t}"
: "${SHARNESS_BUILD_DIRECTORY:=$TRIGON_BUILD_DIR}"
export TRIGON_BUILD_DIR TRIGON_SRC_DIR SHARNESS_TEST_SRCDIR \
	SHARNESS_TEST_DIRECTORY SHARNESS_BUILD_DIRECTORY
LANG=C LC_ALL=C TZ=UTC NO_COLOR=1
export LANG LC_ALL TZ NO_COLOR
# COLUMNS: text views (trigon board) lay out for it off a terminal.
unset TRIGON_HOME XDG_CONFIG_HOME TRIGON_PASSPHRASE COLUMNS
mkdir -p "$SHARNESS_TEST_DIRECTORY"
. "$SHARNESS_SH"
