#!/bin/bash
# Build swaplab guest kernels in the cache, outside the repository.
#
#   kernel/build.sh VARIANT...     VARIANT: stock, patched or debug
#
# stock   = Debian's linux-source-6.12, guest config, no series (the baseline)
# patched = the same tree with kernel/patches/series applied by git am
# debug   = patched plus kernel/config/debug.config (lockdep, KASAN, ...)
#
# Each result lands in $SWAPLAB_CACHE/kernel/out/VARIANT/ with the content key
# (tree version, series, config fragments, this script) it was built from; an
# unchanged key is a cache hit that returns at once.  A changed key rebuilds
# incrementally in the variant's own build directory, through ccache.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

build_variant() {
	local variant=$1 src out bld key
	case $variant in
	stock) src=$(prepare_stock_tree) ;;
	patched|debug) src=$(prepare_patched_tree) ;;
	*) die "unknown kernel variant '$variant' (known: stock, patched, debug)" ;;
	esac
	key=$(variant_key "$variant")
	out=$KCACHE/out/$variant
	if [ -f "$out/bzImage" ] && [ "$(cat "$out/key" 2>/dev/null)" = "$key" ]; then
		msg "$variant: cached ($(cat "$out/release"), key ${key:0:12})"
		return 0
	fi
	bld=$KCACHE/build/$variant
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
	rm -rf "$out"
	mv "$out.new" "$out"
	msg "$variant: built $(cat "$out/release") -> $out/bzImage"
}

[ $# -gt 0 ] || die "usage: kernel/build.sh VARIANT... (stock, patched, debug)"
for v in "$@"; do
	case $v in stock|patched|debug) ;; *) die "unknown kernel variant '$v' (known: stock, patched, debug)" ;; esac
done
# One build at a time per cache: a second caller waits, then finds its hit.
lock_cache build
for v in "$@"; do
	build_variant "$v"
done
