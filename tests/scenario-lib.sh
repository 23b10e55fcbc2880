# Shared by the lab and scenario TAP tests: numbering, artefact folders,
# waiting, looking into guests' /proc files and run dirs, and proving that a
# lab left nothing behind.  Sourced from the project's top folder.
# shellcheck shell=bash
n=0
fails=0
SWAPLAB=${SWAPLAB:-lab/swaplab}
swaplab=$SWAPLAB
cache=${SWAPLAB_CACHE:-$HOME/.cache/swaplab}

# artifacts NAME: a fresh tests/artifacts/NAME, in $art.
artifacts() {
	art=tests/artifacts/$1
	rm -rf "$art"
	mkdir -p "$art"
}

# begin_tests PREFIX ARTIFACTS PLAN: the lab prefix in $prefix, a fresh
# tests/artifacts/ARTIFACTS in $art, and the TAP plan 1..PLAN.
begin_tests() {
	prefix=$1
	artifacts "$2"
	echo "1..$3"
}

ok() {	# ok STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		fails=$((fails + 1))
	fi
}

check() {	# check DESCRIPTION COMMAND...
	local desc=$1
	shift
	"$@" >/dev/null 2>&1
	ok $? "$desc"
}

# The only run directory under $1 (none, or more, is an error).
only_run() {
	local dirs
	dirs=$(find "$1" -mindepth 1 -maxdepth 1 -type d 2>/dev/null)
	[ "$(echo "$dirs" | grep -c .)" = 1 ] && echo "$dirs"
}

# run_scenario FILE: `swaplab run` FILE on the lab $prefix, its output in
# $art/stdout and $art/stderr; its exit code in $rc, its only run directory
# (under $art/runs) in $run.
run_scenario() {
	"$SWAPLAB" --prefix $prefix run --out "$art/runs" "$1" >"$art/stdout" 2>"$art/stderr"
	rc=$?
	run=$(only_run "$art/runs")
}

# run_scenario_exits CODE FILE DESCRIPTION: run_scenario FILE, show its stdout
# as TAP comments, and ok "DESCRIPTION (got $rc)" when it exited CODE.
run_scenario_exits() {
	run_scenario "$2"
	sed 's/^/# /' "$art/stdout"
	ok $([ $rc = "$1" ]; echo $?) "$3 (got $rc)"
}

check_verdict() {	# check_verdict RUN_DIR CHECK VERDICT
	[ "$(jq -r --arg c "$2" '.[] | select(.name == $c) | .verdict' "$1/checks.json")" = "$3" ]
}

# No domain and no qemu process of the lab $1 is left.
lab_gone() {
	! virsh -c qemu:///system list --all --name 2>/dev/null | grep -q "^$1-" &&
		! pgrep -f "guest=$1-" >/dev/null
}

# No domain, storage pool or qemu process of the lab $1 is left, and no state
# or disk (overlay, seed, raw data disk) in its cache folder.
lab_left_nothing() {
	lab_gone "$1" &&
		! virsh -c qemu:///system pool-list --all --name 2>/dev/null | grep -q "^$1-" &&
		[ -z "$(find "$cache/labs/$1" -name '*.qcow2' -o -name '*.raw' -o \
			-name '*.iso' -o -name state.json 2>/dev/null)" ]
}

# wait_for SECONDS CMD...: poll until CMD succeeds; false at the limit.
wait_for() {
	local limit=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt $limit ] || return 1
		sleep 1
	done
}

# mountstats_ops OP FILE: the OP (WRITE, READ) count of the lab's NFS swap
# mount in a copy of /proc/self/mountstats.  Missing counters read as 0, so
# a failed read fails the test, not the shell.
mountstats_ops() {
	awk -v op="$1:" '/^device .* mounted on \/mnt\/swaplab /{m = 1; next}
		/^device /{m = 0} m && $1 == op {n = $2; exit} END {print n + 0}' "$2"
}

# vmstat_of KEY FILE: a counter of a copy of /proc/vmstat (0 if missing).
vmstat_of() { awk -v k="$1" '$1 == k {n = $2} END {print n + 0}' "$2"; }

# client_counters WHEN: the client's /proc/vmstat and mountstats, copied to
# $art/vmstat-WHEN and $art/mountstats-WHEN through the test's in_client.
client_counters() {
	in_client cat /proc/vmstat >"$art/vmstat-$1"
	in_client cat /proc/self/mountstats >"$art/mountstats-$1"
}

# swap_growth: from the copies "before" and "after", what grew: pswpout and
# zero (swpout_zero) in pages, writes in NFS WRITE ops of the swap mount.
swap_growth() {
	pswpout=$(($(vmstat_of pswpout "$art/vmstat-after") - $(vmstat_of pswpout "$art/vmstat-before")))
	writes=$(($(mountstats_ops WRITE "$art/mountstats-after") - $(mountstats_ops WRITE "$art/mountstats-before")))
	zero=$(($(vmstat_of swpout_zero "$art/vmstat-after") - $(vmstat_of swpout_zero "$art/vmstat-before")))
}
