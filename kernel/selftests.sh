#!/bin/bash
# Build the kernel selftests the lab runs inside the client guest, from the
# patched tree, into $SWAPLAB_CACHE/kernel/selftests/:
#
#   cow              tools/testing/selftests/mm/cow.c (+ vm_util.c, thp_settings.c)
#   test_memcontrol  tools/testing/selftests/cgroup/test_memcontrol.c (+ cgroup_util.c)
#
# Only these two programs are compiled, directly with gcc, against the tree's
# own UAPI headers (headers_install into a scratch directory): the selftests
# Makefiles would build every mm test and write local_config.* into the tree.
# The result is keyed by the tree's commit, this script and the toolchain; an
# unchanged key returns at once.  Programs link glibc dynamically (the guests
# run Debian bookworm, like this host) and liburing statically.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

SRC=$KCACHE/src/patched
OUT=$KCACHE/selftests
ST=$SRC/tools/testing/selftests
LOG=$KCACHE/selftests.log
LIBURING_A=$(gcc -print-file-name=liburing.a)

selftests_key() {
	{
		git -C "$SRC" rev-parse HEAD
		git -C "$SRC" status --porcelain --untracked-files=no
		cat "$here/selftests.sh"
		gcc --version | head -1
		dpkg-query -W -f='${Package} ${Version}\n' libc6-dev liburing-dev
	} | sha256sum | cut -c1-64
}

# The tree's UAPI headers: cow needs newer ones than bookworm's linux-libc-dev.
install_headers() {
	local tmp=$1
	make -C "$SRC" O="$tmp/obj" ARCH=x86_64 INSTALL_HDR_PATH="$tmp/usr" \
		-s -j"$(nproc)" headers_install >>"$LOG" 2>&1 ||
		die "headers_install failed; log: $LOG"
}

# cc OUTPUT SOURCE... [-- LIBS]: one selftest program, as its Makefile would.
cc_selftest() {
	local tmp=$1 out=$2
	shift 2
	gcc -Wall -O2 -U_FORTIFY_SOURCE -iquote "$tmp/config" -I "$SRC" \
		-isystem "$tmp/usr/include" -isystem "$SRC/tools/include/uapi" \
		-o "$out" "$@" >>"$LOG" 2>&1 ||
		die "compiling ${out##*/} failed; log: $LOG"
}

build() {
	local tmp=$1
	install_headers "$tmp"
	# check_config.sh probes for liburing and writes local_config.h in
	# the current directory: run it in ours, not in the tree.
	mkdir -p "$tmp/config"
	(cd "$tmp/config" && sh "$ST/mm/check_config.sh" gcc)
	grep -q LOCAL_CONFIG_HAVE_LIBURING "$tmp/config/local_config.h" ||
		die "liburing headers are missing: run 'make deps' (installs liburing-dev)"
	mkdir -p "$tmp/out"
	cc_selftest "$tmp" "$tmp/out/cow" "$ST/mm/cow.c" "$ST/mm/vm_util.c" \
		"$ST/mm/thp_settings.c" "$LIBURING_A" -lrt -lpthread -lm
	cc_selftest "$tmp" "$tmp/out/test_memcontrol" -pthread \
		"$ST/cgroup/test_memcontrol.c" "$ST/cgroup/cgroup_util.c"
}

[ $# -eq 0 ] || die "usage: kernel/selftests.sh (no arguments; builds from $SRC)"
[ -d "$ST/mm" ] && [ -d "$ST/cgroup" ] ||
	die "$SRC is missing: run 'make kernel-patched' first (kernel/build.sh patched makes it)"
[ -f "$LIBURING_A" ] ||
	die "liburing.a is missing: run 'make deps' (installs liburing-dev)"

key=$(selftests_key)
if [ "$(cat "$OUT/key" 2>/dev/null)" = "$key" ] &&
   [ -x "$OUT/cow" ] && [ -x "$OUT/test_memcontrol" ]; then
	msg "selftests: cached in $OUT (key ${key:0:12})"
	exit 0
fi

# One builder at a time; a second one waits, then finds the first one's hit.
mkdir -p "$KCACHE"
exec 9>"$KCACHE/.selftests.lock"
flock -w 900 9 || die "another selftests build holds $KCACHE/.selftests.lock"
if [ "$(cat "$OUT/key" 2>/dev/null)" = "$key" ]; then
	msg "selftests: cached in $OUT (key ${key:0:12})"
	exit 0
fi

tmp=$(mktemp -d "$KCACHE/selftests.build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
msg "selftests: building cow and test_memcontrol from $SRC"
: >"$LOG"
build "$tmp"
# A kernel build may re-apply the series meanwhile: then this is stale.
[ "$(selftests_key)" = "$key" ] ||
	die "the patched tree changed during the build (the series was re-applied?): run again"
git -C "$SRC" rev-parse HEAD >"$tmp/out/commit"
echo "$key" >"$tmp/out/key"
rm -rf "$OUT.old"
[ ! -d "$OUT" ] || mv "$OUT" "$OUT.old"
mv "$tmp/out" "$OUT"
rm -rf "$OUT.old"
msg "selftests: built $(cd "$OUT" && echo cow test_memcontrol) in $OUT"
