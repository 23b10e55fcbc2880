#!/bin/bash
# swaplab run refuses bad input before any lab boots: clear message naming
# the file, line and key (or the fix), exit 2 (usage) or 4 (environment),
# and no run directory, domain or qemu process left behind.
set -u
cd "$(dirname "$0")/.."
SWAPLAB=${SWAPLAB:-lab/swaplab}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=swl-run-input
n=0
fails=0

ok() {	# ok COND_STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fails=$((fails + 1)); fi
}

# run_expect CODE PATTERN DESCRIPTION -- ARGS...: exit CODE, stderr has PATTERN
run_expect() {
	local code=$1 pattern=$2 desc=$3
	shift 4
	"$SWAPLAB" --prefix $prefix run --out "$tmp/runs" "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	[ $rc = "$code" ] && grep -qF -- "$pattern" "$tmp/err"
	local st=$?
	[ $st = 0 ] || { echo "# exit $rc, stderr:"; sed 's/^/#   /' "$tmp/err"; }
	ok $st "$desc"
}

echo "1..9"

printf '[scenario]\nrepetitons = 3\n[swapverify]\n' >"$tmp/typo.scn"
run_expect 2 "$tmp/typo.scn:2: unknown key 'repetitons' in [scenario]" \
	"a misspelt key is named with file and line" -- "$tmp/typo.scn"

printf '[scenario]\nclient_mem = 320\n[swapverify]\nsize = lots\n' >"$tmp/size.scn"
run_expect 2 "$tmp/size.scn:4: [swapverify] bad value 'lots' for size" \
	"a bad size is named with file, line and key" -- "$tmp/size.scn"

printf '[scenario]\nswap = nfs5\n[swapverify]\n' >"$tmp/target.scn"
run_expect 2 "'nfs5' is not a valid swap (one of: nfs4.2, nfs3, smb3, local, loop-nfs)" \
	"an unknown swap target lists the known ones" -- "$tmp/target.scn"

printf '[scenario]\n[swapverify]\n[corrupt-swap]\nafter = stress-ng\n' >"$tmp/fault.scn"
run_expect 2 "after = stress-ng: no such workload section" \
	"a fault waiting for a workload that is not there" -- "$tmp/fault.scn"

run_expect 2 "scenarios/none.scn: No such file or directory" \
	"a missing scenario file" -- scenarios/none.scn

run_expect 2 "unknown variant 'stokc'" "an unknown variant" -- --variants patched,stokc scenarios/test/smoke.scn

run_expect 2 "--reps '0': give a number from 1 to 100" "a bad repetition count" -- --reps 0 scenarios/test/smoke.scn

SWAPLAB_CACHE=$tmp/empty-cache run_expect 4 "the patched kernel is not built" \
	"a missing kernel names make kernel-patched" -- scenarios/test/smoke.scn

leftover=$( { ls "$tmp/runs" 2>/dev/null; virsh -c qemu:///system list --all --name 2>/dev/null | grep "^$prefix-"; } | wc -l)
ok $([ "$leftover" = 0 ]; echo $?) "nothing was started or written"
[ $fails = 0 ]
