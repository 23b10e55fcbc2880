#!/bin/bash
# make up / make down on real VMs: both guests come up, the client swaps to
# a file on the server's NFS export, pushing ~2x the client's RAM through
# anonymous memory raises pswpout and the NFS WRITE count, commands and
# files pass through the guest agent, a guest panic is reported, and make
# down leaves no domain, pool, state or qemu process.
#
# VARIANT=stock runs the same on the stock kernel; the suite swaps over NFS
# on the stock kernel in 24-lab-swap-targets.t instead, one boot fewer.
set -u
cd "$(dirname "$0")/.."
. tests/scenario-lib.sh
variant=${VARIANT:-patched}
export SWAPLAB_PREFIX=swl-lab-$variant
prefix=$SWAPLAB_PREFIX
# Small guests keep the test's VM time short; 2x RAM still fits in swap.
client_mib=256
push_mib=$((2 * client_mib))
artifacts 2x-lab-up-$variant

in_client() { $swaplab exec client --timeout 600 -- "$@"; }
in_server() { $swaplab exec server --timeout 120 -- "$@"; }

echo "1..13"
$swaplab down >/dev/null 2>&1
start=$(date +%s)
make --no-print-directory up VARIANT="$variant" \
	UP_ARGS="--client-mem $client_mib --swap-size $((push_mib + 256))" \
	>"$art/up.out" 2>"$art/up.err"
rc=$?
sed 's/^/# /' "$art/up.err" | grep -E 'after|error|swaplab:' | head -40
ok $rc "make up VARIANT=$variant brings both guests up ($(($(date +%s) - start)) s)"
if [ $rc != 0 ]; then
	$swaplab down >/dev/null 2>&1
	for i in $(seq $((n + 1)) 13); do ok 1 "skipped: the lab did not come up"; done
	exit 1
fi

$swaplab --json status >"$art/status.json"
ok $(jq -e '.up and .client.state == "running" and .server.state == "running" and
	.client.kernel == "'"$variant"'" and .swap.target == "nfs4.2"' \
	"$art/status.json" >/dev/null; echo $?) "status --json: both guests running, $variant client"

in_client uname -r >"$art/uname"
ok $(grep -qxF "$(cat "$cache/kernel/out/$variant/release")" "$art/uname"; echo $?) \
	"the client runs the $variant kernel ($(cat "$art/uname"))"

in_client cat /proc/swaps >"$art/swaps"
in_client stat -f -c %T /mnt/swaplab >"$art/fstype"
ok $( { grep -q "^/mnt/swaplab/$prefix-client.swap " "$art/swaps" &&
	grep -qx nfs "$art/fstype"; }; echo $?) "/proc/swaps lists the swap file on the NFS mount"

in_server sh -c 'findmnt -n -o SOURCE /export/swaplab; cat /proc/sys/fs/leases-enable /proc/fs/nfsd/threads /proc/fs/nfsd/versions' >"$art/server"
sed 's/^/# server: /' "$art/server"
ok $(printf '/dev/vdb\n0\n16\n' | cmp -s - <(head -3 "$art/server"); echo $?) \
	"the export is on the server's data disk, leases off, 16 nfsd threads"

# virsh console lands in a root shell: type a command on the serial line
# (script(1) gives virsh the terminal it wants), read its answer, leave
# with Ctrl-].
{ sleep 3; printf '\r'; sleep 3; printf 'echo console-$((6 * 7))\r'; sleep 5; printf '\035'; } |
	timeout 60 script -qfec "virsh -c qemu:///system console --force $prefix-client" /dev/null \
	>"$art/console.out" 2>&1
ok $(tr -d '\r' <"$art/console.out" | sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g' | grep -qx 'console-42'; echo $?) \
	"virsh console $prefix-client answers in a root shell"

client_counters before
# Writes over 2x RAM kept mapped (--vm-keep), pass after pass until the
# time is up: whatever does not fit in RAM goes out.  The pages must not be
# zero-filled: 6.12 records a zero page in a bitmap (vmstat swpout_zero) and
# writes nothing.  rand-set fills each 8 bytes with a random byte from the
# first sweep on; write64 is no good here, its first pass writes 0 (stress-ng
# 0.15's static value starts at 0), and on the first run after boot that
# pass can take the whole run, so pswpout barely moved (+3 to +11 MiB, 80k
# zero pages out, measured on 2026-12-07).
in_client stress-ng --vm 1 --vm-bytes ${push_mib}M --vm-keep --vm-method rand-set \
	--timeout 240s --metrics-brief >"$art/stress.out" 2>&1 &
stress_pid=$!
# stress-ng stops itself after 240 s; still running at 420 s, the client
# has stalled.  SysRq w and m then, while it stalls (the exec's own timeout
# kills it at 600 s), through the keyboard: that works with the agent dead.
for _ in $(seq 420); do kill -0 $stress_pid 2>/dev/null || break; sleep 1; done
if kill -0 $stress_pid 2>/dev/null; then
	for key in w m; do
		$swaplab --prefix $prefix sysrq client $key
		sleep 10
	done
	cp "$cache/labs/$prefix/console-client.log" "$art/console-client-stalled.log"
	echo "# client stalled: SysRq w and m in $art/console-client-stalled.log"
	# The blocked tasks and the first frames of each stack, the free pages.
	tr -d '\r' <"$art/console-client-stalled.log" |
		sed -n '/sysrq: Show Blocked State/,$p' |
		grep -E 'task:|Workqueue:|^\[ *[0-9.]+\]  [a-zA-Z0-9_.]+\+0x|Node 0 DMA32 free:|free_pcp:' |
		head -n 60 | sed 's/^/# /'
fi
wait $stress_pid
stress_rc=$?
client_counters after
swap_growth
echo "# stress-ng exit $stress_rc: pswpout +$pswpout pages ($((pswpout / 256)) MiB), swpout_zero +$zero, NFS WRITE +$writes ops"
# A stall is a finding: say why the exec ended, and keep what a kernel
# developer asks for first (the client's log, memory, the memalloc drops).
if [ $stress_rc != 0 ] || [ $pswpout -lt $((128 * 256)) ]; then
	tail -n 5 "$art/stress.out" | sed 's/^/# stress: /'
	in_client dmesg >"$art/dmesg-after-stress" 2>&1
	in_client cat /proc/meminfo >"$art/meminfo-after-stress" 2>&1
	in_client cat /proc/net/netstat >"$art/netstat-after-stress" 2>&1
	grep -E 'not responding|OK$|blocked for more|page allocation failure|Out of memory|Killed process' \
		"$art/dmesg-after-stress" | tail -n 10 | sed 's/^/# client: /'
	awk '$1 == "TcpExt:" && !h {split($0, k); h = 1; next}
		$1 == "TcpExt:" {for (i = 2; i <= NF; i++) if (k[i] ~ /PFMemallocDrop|TCPTimeouts|TCPLostRetransmit/)
			printf "# client: %s %s\n", k[i], $i}' "$art/netstat-after-stress"
fi
# Under TCG with other labs running this swaps 1-5 MiB/s: ask for 128 MiB.
ok $([ $stress_rc = 0 ] && [ $pswpout -ge $((128 * 256)) ]; echo $?) \
	"pushing $push_mib MiB raises pswpout by at least 128 MiB"
ok $([ $writes -gt 0 ]; echo $?) "and the NFS WRITE count of the swap mount"

in_client sh -c 'echo to-stdout; echo to-stderr >&2; exit 7' >"$art/exec.out" 2>"$art/exec.err"
rc=$?
ok $([ $rc = 7 ] && grep -qx to-stdout "$art/exec.out" && grep -qx to-stderr "$art/exec.err"; echo $?) \
	"exec passes the command's output and exit status back (got $rc)"

head -c 3000000 /dev/urandom >"$art/blob"
$swaplab push client "$art/blob" /root/blob --mode 600 &&
	$swaplab pull client /root/blob "$art/blob.back"
ok $(cmp -s "$art/blob" "$art/blob.back" && in_client stat -c %a /root/blob | grep -qx 600; echo $?) \
	"push then pull returns the same 3 MB, mode kept"

# A kernel panic in the client ends the command with the lab's error.
$swaplab exec client --timeout 120 -- sh -c 'echo c > /proc/sysrq-trigger' >/dev/null 2>"$art/panic.err"
rc=$?
sed 's/^/# /' "$art/panic.err" | head -3
ok $([ $rc = 3 ] && grep -q crashed "$art/panic.err"; echo $?) \
	"a client panic is reported as a crash (exit $rc)"

make --no-print-directory down >"$art/down.out" 2>&1
ok $? "make down"
ok $(lab_left_nothing $prefix && [ ! -d "$cache/labs/$prefix/client" ]; echo $?) "no domain, pool, state or qemu process of $prefix left"
