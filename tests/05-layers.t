#!/bin/bash
# The seams between the parts, checked in seconds and without a VM
# (docs/design.md, "The parts of the program and their seams"):
#   - lab/ includes nothing from scenarios/, results/ or cli/; scenarios/
#     and results/ include nothing from cli/; common/ includes nothing of
#     the tree at all (its headers are leaves);
#   - lab/'s objects use no symbol defined in scenarios/, results/ or cli/;
#   - the files of lab/ call each other without a circle: a file calls
#     another when its object has an undefined symbol that the other's
#     object defines (nm); a circle fails the test and is named, each step
#     with one of the symbols behind it.
# SWAPLAB_LAYERS_TREE=DIR checks another checkout instead (a `git worktree`
# of an older commit, say); its objects are built there first.
set -u
cd "$(dirname "$0")/.."
tree=$(realpath "${SWAPLAB_LAYERS_TREE:-.}")
# The Makefile's -I directories: `#include "lab.h"` from scenarios/ is lab's.
include_dirs="lab"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
fails=0
echo "1..5"

ok() {	# ok STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		fails=$((fails + 1))
	fi
}

# "file header" for every `#include "..."` in the C files of the parts,
# the header as the compiler finds it: next to the file, else in an -I
# directory; tree-relative, or "-" when not the tree's (a system header).
(cd "$tree" && awk -v include_dirs="$include_dirs" '
function exists(path,    line, r) {
	r = (getline line < path)
	close(path)
	return r >= 0
}
function normal(path,    n, i, part, out, k) {
	n = split(path, part, "/")
	k = 0
	for (i = 1; i <= n; i++)
		if (part[i] == "..")
			k = k > 0 ? k - 1 : 0
		else if (part[i] != "." && part[i] != "")
			out[++k] = part[i]
	path = out[1]
	for (i = 2; i <= k; i++)
		path = path "/" out[i]
	return path
}
FNR == 1 {
	dir = FILENAME
	sub(/\/[^\/]*$/, "", dir)
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	inc = $0
	sub(/^[^"]*"/, "", inc)
	sub(/".*/, "", inc)
	found = "-"
	if (exists(dir "/" inc)) {
		found = normal(dir "/" inc)
	} else {
		n = split(include_dirs, d, " ")
		for (i = 1; i <= n && found == "-"; i++)
			if (exists(d[i] "/" inc))
				found = normal(d[i] "/" inc)
	}
	print FILENAME, found
}' $(ls -d lab/*.[ch] scenarios/*.[ch] results/*.[ch] cli/*.[ch] common/*.[ch] \
	2>/dev/null)) >"$work/includes"

# includes_from FOLDER FORBIDDEN_FOLDER...: what FOLDER must not include.
includes_from() {
	awk -v folder="$1" -v forbidden="${*:2}" '
	BEGIN { gsub(/ /, "|", forbidden); forbidden = "^(" forbidden ")/" }
	index($1, folder "/") == 1 && $2 ~ forbidden { print $1 " includes " $2 }' \
		"$work/includes"
}

bad=$(includes_from lab scenarios results cli)
ok "$([ -z "$bad" ]; echo $?)" "lab/ includes nothing from scenarios/, results/ or cli/"
[ -z "$bad" ] || echo "$bad" | sed 's/^/# /'

bad=$(includes_from scenarios cli; includes_from results cli)
ok "$([ -z "$bad" ]; echo $?)" "scenarios/ and results/ include nothing from cli/"
[ -z "$bad" ] || echo "$bad" | sed 's/^/# /'

bad=$(includes_from common cli lab scenarios results guests kernel tests)
ok "$([ -z "$bad" ]; echo $?)" "common/ includes nothing of the tree"
[ -z "$bad" ] || echo "$bad" | sed 's/^/# /'

# The objects: what `make lab/swaplab` compiles (nothing when up to date).
if ! make -C "$tree" -s -j"$(nproc)" lab/swaplab >"$work/make.log" 2>&1; then
	sed 's/^/# /' "$work/make.log" | tail -20
	echo "Bail out! cannot build the objects in $tree"
	exit 1
fi

# "D file.c symbol" for what each object defines, "U file.c symbol" for what
# it uses from elsewhere; an object counts only while its source exists.
objects=()
for part in lab scenarios results cli; do
	for c in "$tree/$part"/*.c; do
		[ -e "${c%.c}.o" ] && objects+=("${c%.c}.o")
	done
done
{
	nm -A -g --defined-only "${objects[@]}" | sed 's/^/D /'
	nm -A -u "${objects[@]}" | sed 's/^/U /'
} | awk -v tree="$tree/" '{
	file = substr($2, length(tree) + 1)
	sub(/\.o:.*/, ".c", file)
	print $1, file, $NF
}' >"$work/symbols"

# "from to symbol" per pair of files, with the first symbol (sorted).
awk '$1 == "D" { def[$3] = $2 }
     $1 == "U" && ($3 in def) && def[$3] != $2 { print $2, def[$3], $3 }' \
	<(grep '^D' "$work/symbols") <(grep '^U' "$work/symbols") |
	sort -k1,1 -k2,2 -k3,3 | awk '!seen[$1, $2]++' >"$work/calls"

bad=$(awk '$1 ~ /^lab\// && $2 ~ /^(scenarios|results|cli)\// {
	print $1 " uses " $3 " of " $2 }' "$work/calls")
ok "$([ -z "$bad" ]; echo $?)" "lab/ objects use nothing defined in scenarios/, results/ or cli/"
[ -z "$bad" ] || echo "$bad" | sed 's/^/# /'

# Strongly connected components (Tarjan): each of more than one file is a
# call circle, named by the shortest cycle through its first file, then
# every call inside it (each one of the calls to cut).
awk '$1 ~ /^lab\// && $2 ~ /^lab\// {
	sub(/^lab\//, "", $1); sub(/^lab\//, "", $2)
	sym[$1, $2] = $3; succ[$1, ++nsucc[$1]] = $2
	if (!($1 in node)) { node[$1]; order[++nnodes] = $1 }
	if (!($2 in node)) { node[$2]; order[++nnodes] = $2 }
	ncalls++
}
function strong(v,    i, w, k, members) {
	idx[v] = low[v] = ++counter
	stk[++sp] = v
	on[v] = 1
	for (i = 1; i <= nsucc[v]; i++) {
		w = succ[v, i]
		if (!(w in idx)) {
			strong(w)
			if (low[w] < low[v])
				low[v] = low[w]
		} else if (on[w] && idx[w] < low[v]) {
			low[v] = idx[w]
		}
	}
	if (low[v] != idx[v])
		return
	ncomp++
	k = 0
	members = ""
	do {
		w = stk[sp--]
		on[w] = 0
		comp[w] = ncomp
		members = w " " members
		k++
	} while (w != v)
	if (k > 1) {
		ncirc++
		circ_comp[ncirc] = ncomp
		circ_members[ncirc] = members
		circ_size[ncirc] = k
	}
}
# Breadth first from r inside component c, back to r.
function cycle(c,    r, i, head, tail, u, w, s) {
	for (i = 1; i <= nnodes; i++)
		if (comp[order[i]] == c) {
			r = order[i]
			break
		}
	split("", prev)
	split("", queued)
	head = 1
	tail = 0
	q[++tail] = r
	queued[r] = 1
	while (head <= tail) {
		u = q[head++]
		for (i = 1; i <= nsucc[u]; i++) {
			w = succ[u, i]
			if (comp[w] != c)
				continue
			if (w == r) {
				s = " -> " r " (" sym[u, r] ")"
				while (u != r) {
					s = " -> " u " (" sym[prev[u], u] ")" s
					u = prev[u]
				}
				return r s
			}
			if (!(w in queued)) {
				queued[w] = 1
				prev[w] = u
				q[++tail] = w
			}
		}
	}
}
END {
	for (i = 1; i <= nnodes; i++)
		if (!(order[i] in idx))
			strong(order[i])
	printf "calls %d files %d circles %d\n", ncalls, nnodes, ncirc
	for (i = 1; i <= ncirc; i++) {
		printf "circle %d: %d files, e.g. %s\n", i, circ_size[i],
			cycle(circ_comp[i])
		for (j = 1; j <= nnodes; j++) {
			v = order[j]
			if (comp[v] != circ_comp[i])
				continue
			line = ""
			for (k = 1; k <= nsucc[v]; k++)
				if (comp[succ[v, k]] == comp[v])
					line = line (line ? ", " : "") succ[v, k] " (" sym[v, succ[v, k]] ")"
			printf "circle %d:   %s calls %s\n", i, v, line
		}
	}
}' "$work/calls" >"$work/circles"

read -r _ calls _ files _ circles <"$work/circles"
ok "$([ "$circles" = 0 ]; echo $?)" "lab/ files call each other without a circle ($files files, $calls caller-callee pairs, circles: $circles)"
grep '^circle' "$work/circles" | sed 's/^/# /'
exit $((fails > 0))
