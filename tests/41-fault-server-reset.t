#!/bin/bash
# A fault really fires: server-reset powers the NFS server's domain off and
# on under swap.  Its boot_id must change, swap RPCs must complete again
# within the bound (the recovery check), and every page must come back
# right: the run passes with exit 0.
set -u
cd "$(dirname "$0")/.."
. tests/scenario-lib.sh
begin_tests swl-run-reset 41-fault-server-reset 6
run_scenario_exits 0 scenarios/test/server-reset.scn "swaplab run exits 0"
log=$run/logs/fault-server-reset.txt
sed 's/^/# fault: /' "$log" 2>/dev/null
before=$(sed -n 's/^server boot_id before: //p' "$log" 2>/dev/null)
after=$(sed -n 's/^server boot_id after: //p' "$log" 2>/dev/null)
ok $([ -n "$before" ] && [ -n "$after" ] && [ "$before" != "$after" ]; echo $?) \
	"the server rebooted: boot_id $before -> $after"
grep -c "Linux version" "$run/logs/console-server.log" 2>/dev/null | sed 's/^/# server boots in its console log: /'
check "the server's console log holds both boots" \
	test "$(grep -c 'Linux version' "$run/logs/console-server.log")" -ge 2
jq -r '.[] | "# check \(.name): \(.verdict): \(.reason)"' "$run/checks.json" 2>/dev/null
check "recovery check passed" check_verdict "$run" recovery pass
check "content check passed: no page came back wrong" check_verdict "$run" content pass
check "no domain or qemu process of $prefix is left" lab_gone $prefix
[ $fails = 0 ]
