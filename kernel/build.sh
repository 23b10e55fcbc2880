#!/bin/bash
# Build swaplab guest kernels in the cache, outside the repository.
#
#   kernel/build.sh VARIANT...     VARIANT: stock, patched or debug
#
# stock   = Debian's linux-source-6.12, guest config, no series (the baseline)
# patched = the same tree with kernel/patches/series applied by git am
# debug   = patched plus kernel/config/debug.config (lockdep, KASAN, ...) and
#           the lab-only fault-injection hooks of kernel/debug/
# debug-v1 = debug plus kernel/fixtures/v1-*.patch: v1's use-after-free, which
#           the debug scenario must catch (a test fixture, never run otherwise)
#
# Each result lands in $SWAPLAB_CACHE/kernel/out/VARIANT/ with the content key
# (tree version, series, config fragments, this script) it was built from; an
# unchanged key is a cache hit that returns at once.  A changed key rebuilds
# incrementally in the variant's own build directory, through ccache.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

# cached VARIANT: the variant's kernel is built from what is here now.
cached() {
	local out=$KCACHE/out/$1
	[ -f "$out/bzImage" ] && [ "$(cat "$out/key" 2>/dev/null)" = "$(variant_key "$1")" ]
}

build_variant() {
	local variant=$1 src out=$KCACHE/out/$1 bld key
	if cached "$variant"; then
		msg "$variant: cached ($(cat "$out/release"), key $(cut -c1-12 "$out/key"))"
		return 0
	fi
	case $variant in
	stock) src=$(prepare_stock_tree) ;;
	*) src=$(prepare_patched_tree "$variant") ;;
	esac
	key=$(variant_key "$variant")
	# Inside the source tree, so kbuild uses srctree=.. and the command lines,
	# hence ccache hits, are the same in every tree.
	bld=$src/.build-$variant
	mkdir -p "$bld"
	configure "$variant" "$src" "$bld"
	msg "$variant: building in $bld"
	if ! kmake "$src" "$bld" bzImage >"$bld/build.log" 2>&1; then
		grep -E 'error:|Error [0-9]|\*\*\*' "$bld/build.log" | head -20 >&2
		die "$variant: build failed; full log: $bld/build.log"
	fi
	rm -rf "$out.new"
	mkdir -p "$out.new"
	cp "$bld/arch/x86/boot/bzImage" "$bld/.config" "$bld/System.map" "$out.new/"
	mv "$out.new/.config" "$out.new/config"
	kmake "$src" "$bld" -s kernelrelease >"$out.new/release"
	git -C "$src" rev-parse HEAD >"$out.new/commit"
	echo "$key" >"$out.new/key"
	if [ "$variant" = stock ]; then : >"$out.new/series_hash"; else series_hash >"$out.new/series_hash"; fi
	rm -rf "$out"
	mv "$out.new" "$out"
	msg "$variant: built $(cat "$out/release") -> $out/bzImage"
}

[ $# -gt 0 ] || die "usage: kernel/build.sh VARIANT... ($KERNEL_VARIANTS)"
for v in "$@"; do
	valid_variant "$v" || die "unknown kernel variant '$v' (known: $KERNEL_VARIANTS)"
done
# One build at a time per cache: a second caller waits, then finds its hit.
# Cache hits need no lock, so they do not wait for someone else's build.
all_cached=1
for v in "$@"; do
	cached "$v" || all_cached=
done
if [ -n "$all_cached" ]; then
	for v in "$@"; do
		msg "$v: cached ($(cat "$KCACHE/out/$v/release"))"
	done
	exit 0
fi
lock_cache build
for v in "$@"; do
	build_variant "$v"
done
