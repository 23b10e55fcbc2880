#!/bin/bash
# make run in small: one short scenario on the patched kernel over NFS 4.2,
# on real VMs.  The run directory follows docs/design.md, every check
# passes, the metrics are there with units, and no lab is left behind.
set -u
cd "$(dirname "$0")/.."
. tests/scenario-lib.sh
begin_tests swl-run-smoke 31-scenario-smoke 9
run_scenario scenarios/test/smoke.scn
# A failure must be readable from the CI log alone: the run's error and
# failed checks, then the runner's last words, first (the closing table,
# long, comes at the end).
if [ $rc != 0 ]; then
	jq -r '(.error // "none") | split("\n") | .[] | "# error: " + .' "$run/meta.json" 2>/dev/null
	jq -r '.[] | select(.verdict != "pass" and .verdict != "skip") |
		"# check \(.name): \(.verdict): \(.reason // "")"' "$run/checks.json" 2>/dev/null
	tail -n 15 "$art/stderr" | sed 's/^/# stderr: /'
	[ -s "$run/logs/stress-ng.err" ] && tail -n 5 "$run/logs/stress-ng.err" | sed 's/^/# stress-ng.err: /'
fi
ok $([ $rc = 0 ]; echo $?) "swaplab run exits 0 (got $rc)"
check "one complete run directory, no .tmp left" test -f "$run/meta.json" -a -z "$(ls -d "$art"/runs/*.tmp 2>/dev/null)"
check "meta.json: schema 1, patched over nfs4.2, verdict pass, kernels named" \
	jq -e '.schema == 1 and .label == "patched" and .swap_target == "nfs4.2" and
		.verdict == "pass" and .kernel.variant == "patched" and
		(.kernel.release | length > 0) and (.server_kernel.release | length > 0) and
		(.suite | length == 15) and (.host.accel | test("tcg|kvm"))' "$run/meta.json"
check "every check passed or was skipped with a reason" \
	jq -e 'length >= 7 and all(.verdict == "pass" or (.verdict == "skip" and (.reason | length > 0)))' "$run/checks.json"
check "content, nfs-traffic and client-log passed" \
	jq -e '[.[] | select(.name == "content" or .name == "nfs-traffic" or .name == "client-log") | .verdict] == ["pass","pass","pass"]' "$run/checks.json"
check "metrics have units and directions; swap-out, NFS WRITE size and ceiling measured" \
	jq -e 'all(has("unit") and (.direction == "higher" or .direction == "lower")) and
		any(.name == "swapout_mibps" and .value > 0) and
		any(.name == "nfs_write_avg_kib" and .value > 4) and
		any(.name == "ceiling_write_mibps" and .value > 0)' "$run/metrics.json"
missing=
for f in console-client.log console-server.log dmesg-client.txt dmesg-server.txt \
	stress-ng.yaml stress-ng.log swapverify.json vmstat-before.txt vmstat-after.txt \
	mountstats-before.txt mountstats-after.txt; do
	[ -s "$run/logs/$f" ] || missing="$missing $f"
done
ok $([ -z "$missing" ]; echo $?) "raw logs kept${missing:+ (missing:$missing)}"
check "the closing table shows runs, checks, metrics and ratios" \
	grep -q '^RATIOS smoke' "$art/stdout"
check "no domain or qemu process of $prefix is left" lab_gone $prefix
sed 's/^/# /' "$art/stdout"
[ $fails = 0 ]
