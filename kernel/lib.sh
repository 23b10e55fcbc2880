# Shared by the kernel scripts: where the cache lives, how the trees are made.
# shellcheck shell=bash

KERNEL_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SWAPLAB_CACHE=${SWAPLAB_CACHE:-$HOME/.cache/swaplab}
KCACHE=$SWAPLAB_CACHE/kernel
LINUX_TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
LINUX_PACKAGE=linux-source-6.12
PATCH_DIR=$KERNEL_DIR/patches
CONFIG_DIR=$KERNEL_DIR/config

msg() { printf 'kernel: %s\n' "$*" >&2; }
die() { printf 'kernel: error: %s\n' "$*" >&2; exit 1; }

# Reproducible builds make ccache hits of init/version.c and friends.
export KBUILD_BUILD_TIMESTAMP="2026-01-01 00:00:00 UTC"
export KBUILD_BUILD_USER=swaplab KBUILD_BUILD_HOST=swaplab
export CCACHE_DIR=${CCACHE_DIR:-$SWAPLAB_CACHE/ccache}
export CCACHE_BASEDIR=$KCACHE CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime

source_version() {
	[ -r "$LINUX_TARBALL" ] ||
		die "$LINUX_TARBALL is missing: run 'make deps' (installs $LINUX_PACKAGE)"
	dpkg-query -W -f='${Version}' "$LINUX_PACKAGE" 2>/dev/null ||
		sha256sum "$LINUX_TARBALL" | cut -c1-16
}

# Patch files in the order the series file lists them (comments allowed).
series_files() {
	[ -f "$PATCH_DIR/series" ] || die "$PATCH_DIR/series is missing"
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PATCH_DIR/series" |
	while read -r p; do
		[ -f "$PATCH_DIR/$p" ] || die "series lists $p, which is not in $PATCH_DIR"
		echo "$PATCH_DIR/$p"
	done
}

# What the patched kernels are built from: the patches, not the cover letter
# (editing its text, the lab's results in it, rebuilds nothing).
series_hash() {
	{ cat "$PATCH_DIR/series"; series_files | grep -v '/0000-' | xargs cat; } |
		sha256sum | cut -c1-64
}

# The pristine tree, once, as a git repository: worktrees for the variants and
# per-patch builds come from it, and git am applies the series exactly.
ensure_base_repo() {
	local ver repo=$KCACHE/git
	ver=$(source_version)
	if [ "$(cat "$repo/.swaplab-version" 2>/dev/null)" = "$ver" ]; then
		echo "$repo"
		return
	fi
	[ "${SWAPLAB_REPO_LOCKED:-}" = 1 ] ||
		die "internal: ensure_base_repo needs the cache lock (lock_cache)"
	msg "unpacking $LINUX_TARBALL ($ver) into $repo"
	rm -rf "$repo" "$KCACHE/src"
	mkdir -p "$repo"
	tar -xJf "$LINUX_TARBALL" -C "$repo" --strip-components=1
	git -C "$repo" init -q -b pristine
	git -C "$repo" add -A -f
	git -C "$repo" -c user.name=swaplab -c user.email=swaplab@localhost \
		commit -q -m "$LINUX_PACKAGE $ver"
	git -C "$repo" tag -f base >/dev/null
	echo "$ver" >"$repo/.swaplab-version"
	echo "$repo"
}

# A worktree at the pristine commit (or reset to it).
worktree_at_base() {
	local name=$1 repo wt=$KCACHE/src/$1
	repo=$(ensure_base_repo)
	if [ ! -d "$wt/.git" ] && [ ! -f "$wt/.git" ]; then
		rm -rf "$wt"
		mkdir -p "$KCACHE/src"
		git -C "$repo" worktree prune
		git -C "$repo" worktree add -q --detach "$wt" base >&2
	fi
	echo "$wt"
}

prepare_stock_tree() {
	local wt
	wt=$(worktree_at_base stock)
	if [ "$(git -C "$wt" rev-parse HEAD)" != "$(git -C "$wt" rev-parse base)" ] ||
	   [ -n "$(git -C "$wt" status --porcelain --untracked-files=no)" ]; then
		git -C "$wt" checkout -q -f --detach base
	fi
	echo "$wt"
}

# apply_series WORKTREE: reset to base and git am the series; on failure name
# the patch that did not apply and leave the tree at base.
apply_series() {
	local wt=$1 p
	git -C "$wt" am --abort >/dev/null 2>&1 || true
	git -C "$wt" checkout -q -f --detach base
	for p in $(series_files); do
		case ${p##*/} in 0000-*) continue ;; esac
		if ! git -C "$wt" -c user.name=swaplab -c user.email=swaplab@localhost \
			am -q --keep-cr "$p" >&2; then
			git -C "$wt" am --abort >/dev/null 2>&1 || true
			git -C "$wt" checkout -q -f --detach base
			die "patch ${p##*/} does not apply to $(source_version)"
		fi
	done
}

# Lab-only patches a variant adds on top of the series, in order: the debug
# kernels get the fault-injection hooks of kernel/debug/; debug-v1 also gets
# the fixture that brings back v1's use-after-free (kernel/fixtures/), so the
# debug scenario can show that the lab catches it.  Neither is for upstream.
KERNEL_VARIANTS="stock patched debug debug-v1"
DEBUG_DIR=$KERNEL_DIR/debug
FIXTURE_DIR=$KERNEL_DIR/fixtures

variant_extra_patches() {
	case $1 in
	debug) ls "$DEBUG_DIR"/*.patch ;;
	debug-v1) ls "$DEBUG_DIR"/*.patch "$FIXTURE_DIR"/v1-*.patch ;;
	esac
}

valid_variant() {
	case " $KERNEL_VARIANTS " in *" $1 "*) return 0 ;; esac
	return 1
}

# What a patched variant's tree holds: the series and its extra patches.
tree_hash() {
	{ series_hash; variant_extra_patches "$1" | xargs -r cat; } | sha256sum | cut -c1-64
}

# prepare_patched_tree VARIANT: the variant's own worktree (patched, debug and
# debug-v1 differ in their lab-only patches) with the series and its extras.
prepare_patched_tree() {
	local variant=$1 wt hash p
	wt=$(worktree_at_base "$variant")
	hash=$(tree_hash "$variant")
	if [ "$(cat "$KCACHE/src/.$variant-series" 2>/dev/null)" != "$hash" ] ||
	   [ -n "$(git -C "$wt" status --porcelain --untracked-files=no)" ]; then
		msg "applying the series ($(series_files | grep -vc '/0000-') patches) to $wt"
		apply_series "$wt"
		for p in $(variant_extra_patches "$variant"); do
			git -C "$wt" -c user.name=swaplab -c user.email=swaplab@localhost \
				am -q --keep-cr "$p" >&2 ||
				die "lab patch ${p#"$KERNEL_DIR"/} does not apply on the series"
		done
		echo "$hash" >"$KCACHE/src/.$variant-series"
	fi
	echo "$wt"
}

variant_fragments() {
	echo "$CONFIG_DIR/guest.config"
	case $1 in
	debug|debug-v1) echo "$CONFIG_DIR/debug.config" ;;
	*) echo "$CONFIG_DIR/$1.config" ;;
	esac
}

# Bump when a change to these scripts changes what a build produces.
KERNEL_RECIPE=1

variant_key() {
	local variant=$1
	{
		echo "recipe $KERNEL_RECIPE"
		source_version
		[ "$variant" = stock ] || tree_hash "$variant"
		variant_fragments "$variant" | xargs cat
	} | sha256sum | cut -c1-64
}

kmake() {
	local src=$1 bld=$2
	shift 2
	# LOCALVERSION= (set, empty): no "+" suffix for a git tree.
	make -C "$src" O="$bld" CC="ccache gcc" HOSTCC="ccache gcc" LOCALVERSION= \
		-j"$(nproc)" "$@"
}

# configure VARIANT SRC BUILD: defconfig + kvm_guest + our fragments, then
# check every option the fragments ask for is what .config ended up with.
configure() {
	local variant=$1 src=$2 bld=$3 frags missing
	frags=$(variant_fragments "$variant")
	kmake "$src" "$bld" -s x86_64_defconfig >/dev/null
	# shellcheck disable=SC2086
	(cd "$bld" && "$src/scripts/kconfig/merge_config.sh" -m -O "$bld" \
		"$bld/.config" "$src/kernel/configs/kvm_guest.config" $frags) \
		>"$bld/merge.log" 2>&1 || die "merge_config failed: $bld/merge.log"
	kmake "$src" "$bld" -s olddefconfig >/dev/null
	# shellcheck disable=SC2086
	missing=$(cat $frags | grep -E '^(CONFIG_|# CONFIG_)' | while read -r line; do
		case $line in
		"# CONFIG_"*)
			opt=${line#\# }
			opt=${opt%% *}
			if grep -q "^$opt=" "$bld/.config"; then
				echo "$opt should be off"
			fi ;;
		*)
			if ! grep -qxF "$line" "$bld/.config"; then
				echo "$line"
			fi ;;
		esac
	done)
	[ -z "$missing" ] || die "$variant config does not take: $(echo $missing)"
}

# lock_cache NAME: serialise users of the cache.  "build" guards the variant
# trees and build directories, "check" the check tree; both also guard the
# shared base repository, which only the first user ever creates.
lock_cache() {
	mkdir -p "$KCACHE"
	exec 8>"$KCACHE/.repo.lock"
	flock 8
	SWAPLAB_REPO_LOCKED=1 ensure_base_repo >/dev/null
	flock -u 8
	exec 9>"$KCACHE/.$1.lock"
	flock 9
}
