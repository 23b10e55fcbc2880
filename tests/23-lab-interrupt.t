#!/bin/bash
# SIGTERM (as Ctrl-C) in the middle of `swaplab up`: the command ends with
# the lab's error, and no domain, pool, overlay, seed or qemu process of the
# lab is left behind.
set -u
cd "$(dirname "$0")/.."
. tests/scenario-lib.sh
begin_tests swl-lab-intr 23-lab-interrupt 4

booting() { grep -qa "as init process" "$cache/labs/$prefix/console-client.log" 2>/dev/null; }
ended() { ! kill -0 "$pid" 2>/dev/null; }

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
ok $(lab_left_nothing $prefix; echo $?) "no domain, pool, disk, seed, state or qemu process of $prefix left"
$swaplab --prefix $prefix down >/dev/null 2>&1
