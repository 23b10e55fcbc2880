#!/bin/bash
# The checks can fail.  While swapverify holds its pages swapped out and
# stress-ng keeps its own in swap, swapcorrupt on the NFS server overwrites,
# in four rounds, half of their pages in the swap file (told by content,
# never page 0, never anybody else's).  Both verifiers must count the
# damage and the run must end with verdict fail and exit 1.
set -u
cd "$(dirname "$0")/.."
. tests/scenario-lib.sh
begin_tests swl-run-corrupt 40-corrupt-swap 7
run_scenario_exits 1 scenarios/test/corrupt-swap.scn "swaplab run exits 1, a check failed"
sed 's/^/# fault: /' "$run/logs/fault-corrupt-swap.txt"
check "the fault damaged pages on the server" grep -Eq '^corrupted [1-9][0-9]* pages' "$run/logs/fault-corrupt-swap.txt"
check "meta.json verdict is fail" jq -e '.verdict == "fail"' "$run/meta.json"
bad=$(jq -r '.bad_pages' "$run/logs/swapverify.json" 2>/dev/null)
echo "# swapverify bad pages: $bad"
ok $([ "${bad:-0}" -gt 0 ] 2>/dev/null; echo $?) "swapverify counted corrupt pages"
bits=$(grep -o 'detected [0-9]* bit errors' "$run/logs/stress-ng.log" | awk '{ s += $2 } END { print s + 0 }')
echo "# stress-ng bit errors: $bits"
# What a failure needs to be understood from the CI log alone: stress-ng's
# verdict lines and rate, the checks' reasons, OOM kills, workload timing.
grep -E 'fail:|error:|metrc: .* vm |OOM|oom' "$run/logs/stress-ng.log" 2>/dev/null | sed 's/^/# stress-ng.log: /'
jq -r '.[] | "# check \(.name): \(.verdict): \(.reason)"' "$run/checks.json" 2>/dev/null
grep -iE 'out of memory|oom-kill|killed process' "$run/logs/dmesg-client.txt" 2>/dev/null | sed 's/^/# dmesg-client: /'
jq -r '.[] | "# workload \(.name): status \(.status), \(.elapsed_s | floor) s"' "$run/logs/workloads.json" 2>/dev/null
ok $([ "$bits" -gt 0 ]; echo $?) "stress-ng counted corrupt bits"
check "the content and stress-ng checks failed, counting them" \
	jq -e '[.[] | select(.name == "content" or .name == "stress-ng") | .verdict] == ["fail","fail"] and
		any(.name == "content" and (.reason | test("^[1-9][0-9]* bad pages")))' "$run/checks.json"
check "no domain or qemu process of $prefix is left" lab_gone $prefix
[ $fails = 0 ]
