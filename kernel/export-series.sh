#!/bin/bash
# Write kernel/patches from a kernel git tree whose commits on top of the
# pristine tag `base` are the series (for example a worktree made with
# `git -C $SWAPLAB_CACHE/kernel/git worktree add DIR base`):
#
#   kernel/export-series.sh TREE
#
# The patches and the series file are regenerated; the cover letter keeps its
# subject and text, and gets the new shortlog and diffstat.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

tree=${1:?usage: kernel/export-series.sh TREE}
git -C "$tree" rev-parse -q --verify base >/dev/null ||
	die "$tree has no 'base' tag: make it a worktree of $KCACHE/git"
count=$(git -C "$tree" rev-list --count base..HEAD)
[ "$count" -gt 0 ] || die "$tree has no commits on top of base"

new=$(mktemp -d)
trap 'rm -rf "$new"' EXIT
git -C "$tree" format-patch -q --cover-letter -o "$new" base..HEAD
cover=$PATCH_DIR/0000-cover-letter.patch
if [ -f "$cover" ]; then
	# Old header and text up to the shortlog line ("Author (N):"), then the
	# new shortlog, diffstat and base-commit.
	{
		sed -n '/^[^ ].* ([0-9]*):$/q; p' "$cover" |
			sed "s/^Subject: \[PATCH 0\/[0-9]*\]/Subject: [PATCH 0\/$count]/"
		sed -n '/^[^ ].* ([0-9]*):$/,$p' "$new/0000-cover-letter.patch"
	} >"$new/cover"
	mv "$new/cover" "$new/0000-cover-letter.patch"
fi
rm -f "$PATCH_DIR"/*.patch
cp "$new"/*.patch "$PATCH_DIR/"
(cd "$PATCH_DIR" && ls ./*.patch | sed 's|^\./||') >"$PATCH_DIR/series"
msg "wrote $count patches and the cover letter to $PATCH_DIR"
