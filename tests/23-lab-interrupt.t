#!/bin/bash
# SIGTERM (as Ctrl-C) in the middle of `swaplab up`: the command ends with
# the lab's error, and no domain, pool, overlay, seed or qemu process of the
# lab is left behind.
set -u
cd "$(dirname "$0")/.."
swaplab=lab/swaplab
prefix=swl-lab-intr
cache=${SWAPLAB_CACHE:-$HOME/.cache/swaplab}
art=tests/artifacts/23-lab-interrupt
rm -rf "$art"
mkdir -p "$art"
n=0

ok() {	# ok STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
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

booting() { grep -qa "as init process" "$cache/labs/$prefix/console-client.log" 2>/dev/null; }
ended() { ! kill -0 "$pid" 2>/dev/null; }
nothing_left() {
	! virsh -c qemu:///system list --all --name 2>/dev/null | grep -q "^$prefix-" &&
	! virsh -c qemu:///system pool-list --all --name 2>/dev/null | grep -q "^$prefix-" &&
	! pgrep -f "guest=$prefix-" >/dev/null &&
	[ -z "$(find "$cache/labs/$prefix" -name '*.qcow2' -o -name '*.raw' -o -name '*.iso' -o -name state.json 2>/dev/null)" ]
}

echo "1..4"
$swaplab --prefix $prefix down >/dev/null 2>&1
$swaplab --prefix $prefix up --client-kernel stock >"$art/up.out" 2>"$art/up.err" &
pid=$!
wait_for 300 booting
ok $? "the client kernel is booting"
kill -TERM $pid
wait_for 120 ended
ok $? "swaplab up ends within 120 s of SIGTERM"
wait $pid
rc=$?
sed 's/^/# /' "$art/up.err" | head -5
ok $([ $rc = 3 ] && grep -q interrupted "$art/up.err"; echo $?) "it says it was interrupted (exit $rc)"
ok $(nothing_left; echo $?) "no domain, pool, disk, seed, state or qemu process of $prefix left"
$swaplab --prefix $prefix down >/dev/null 2>&1
