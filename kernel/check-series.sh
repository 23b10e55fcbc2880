#!/bin/bash
# Check the patch series the way a maintainer would, and report TAP.
#
#   kernel/check-series.sh [--quick]
#
# Always: the series applies with git am to a fresh pristine tree, and
# scripts/checkpatch.pl --strict reports 0 errors and 0 warnings per patch.
# Without --quick also: every patch builds on its own (bzImage, patch by patch,
# incremental through ccache), and W=1 plus sparse (C=2) report nothing new
# in the .c files the series touches, compared with the pristine tree.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

quick=
[ "${1:-}" = --quick ] && quick=1

n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
diag() { sed 's/^/# /'; }

lock_cache check

patches=$(series_files | grep -v '/0000-')
count=$(echo "$patches" | wc -l)
if [ -n "$quick" ]; then
	echo "1..$((count + 1))"
else
	echo "1..$((2 * count + 3))"
fi

# A throwaway worktree, so the variant trees and their builds stay untouched.
wt=$(worktree_at_base check)
if out=$(apply_series "$wt" 2>&1); then
	ok "series ($count patches) applies with git am to pristine $(source_version)"
else
	echo "$out" | diag
	not_ok "series applies to pristine $(source_version)"
	exit 1
fi

# The tree is Debian's source snapshot, one commit with no upstream history,
# so checkpatch cannot look up the ids of Fixes: tags: that check is skipped
# (UNKNOWN_COMMIT_ID), the others all stay.
for p in $patches; do
	res=$("$wt/scripts/checkpatch.pl" --strict --no-tree --show-types \
		--ignore UNKNOWN_COMMIT_ID "$p" 2>&1 || true)
	summary=$(echo "$res" | grep -E '^total:' || echo "total: ?")
	errs=$(echo "$summary" | sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings.*/\1 \2/p')
	{ echo "$res" | grep -E '^(ERROR|WARNING|CHECK|#)' || true; } | diag
	if [ "$errs" = "0 0" ]; then
		ok "checkpatch --strict ${p##*/}: $summary"
	else
		not_ok "checkpatch --strict ${p##*/}: $summary"
	fi
done
[ -n "$quick" ] && exit $((failed > 0))

# Patch by patch: base, then each commit, built incrementally in one tree.
bld=$wt/.build-check
mkdir -p "$bld"
configure patched "$wt" "$bld"
tip=$(git -C "$wt" rev-parse HEAD)
commits=$(git -C "$wt" rev-list --reverse base.."$tip")
for c in base $commits; do
	git -C "$wt" checkout -q --detach "$c"
	subject=$(git -C "$wt" log -1 --format=%s "$c")
	[ "$c" = base ] && subject="pristine tree"
	if kmake "$wt" "$bld" bzImage >"$bld/build.log" 2>&1; then
		ok "builds: $subject"
	else
		{ grep -E 'error:|Error [0-9]' "$bld/build.log" || true; } | head -20 | diag
		not_ok "builds: $subject"
	fi
done

# W=1 and sparse on the touched .c files: pristine vs. the whole series.
files=$(git -C "$wt" diff --name-only base "$tip" -- '*.c')
objs=$(echo "$files" | sed 's/\.c$/.o/')
warnings() {
	git -C "$wt" checkout -q --detach "$1"
	# shellcheck disable=SC2086
	kmake "$wt" "$bld" W=1 C=2 $objs 2>&1 >/dev/null |
		{ grep -E 'warning:|error:' || true; } | sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/' | sort -u
}
before=$(warnings base)
after=$(warnings "$tip")
new=$(comm -13 <(echo "$before") <(echo "$after"))
if [ -z "$new" ]; then
	ok "W=1 C=2 add nothing new in $(echo $files)"
else
	echo "$new" | diag
	not_ok "W=1 C=2 add nothing new in $(echo $files)"
fi
exit $((failed > 0))
