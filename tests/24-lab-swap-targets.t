#!/bin/bash
# Every swap target in one lab, on the stock client kernel: `swaplab swap
# TARGET` switches the client to nfs3, smb3 (a file on the server's Samba
# share, mounted cifs with the lab's credentials), local (/dev/vdc),
# loop-nfs (a direct-I/O loop device over a file on NFS) and back to
# nfs4.2, each
# confirmed from the guest's own /proc; a bad target is refused and leaves
# the current swap as it was; and the stock kernel swaps over NFS as the
# patched one does in 21-lab-up-patched.t (pswpout and NFS WRITEs grow).
set -u
cd "$(dirname "$0")/.."
. tests/scenario-lib.sh
export SWAPLAB_PREFIX=swl-lab-tgt
prefix=$SWAPLAB_PREFIX
artifacts 24-lab-swap-targets
in_client() { $swaplab exec client --timeout 300 -- "$@"; }
swaps_list() { in_client cat /proc/swaps | awk 'NR > 1 {print $1}'; }
# swap_on_nfs TARGET OUT FSTYPE VERS DESCRIPTION: `swaplab swap TARGET`
# (its output in $art/OUT) must put swap on the lab's swap file, on an
# FSTYPE mount with vers=VERS.
swap_on_nfs() {
	local rc
	$swaplab swap "$1" >"$art/$2" 2>&1
	rc=$?
	in_client cat /proc/mounts >"$art/mounts"
	ok $([ $rc = 0 ] && [ "$(swaps_list)" = "/mnt/swaplab/$prefix-client.swap" ] &&
		grep -q " /mnt/swaplab $3 .*vers=$4," "$art/mounts"; echo $?) "$5"
}

echo "1..10"
$swaplab down >/dev/null 2>&1
$swaplab up --client-kernel stock --client-mem 256 --swap-size 768 --swap none \
	>"$art/up.out" 2>"$art/up.err"
rc=$?
ok $rc "a lab with no swap comes up"
if [ $rc != 0 ]; then
	sed 's/^/# /' "$art/up.err" | tail -20
	$swaplab down >/dev/null 2>&1
	for i in $(seq 2 10); do ok 1 "skipped: the lab did not come up"; done
	exit 1
fi

swap_on_nfs nfs3 nfs3.out nfs 3 "nfs3: the swap file on an NFSv3 mount"

$swaplab swap smb3 >"$art/smb3.out" 2>&1
rc=$?
in_client cat /proc/mounts >"$art/mounts"
in_client stat -c '%a %U' /etc/swaplab/smb-credentials >"$art/credentials"
sed 's/^/# credentials: /' "$art/credentials"
ok $([ $rc = 0 ] && [ "$(swaps_list)" = "/mnt/swaplab/$prefix-client.swap" ] &&
	grep -q ' /mnt/swaplab cifs .*vers=3.1.1,' "$art/mounts" &&
	! grep -q ' /mnt/swaplab nfs' "$art/mounts" &&
	grep -qx '600 root' "$art/credentials"; echo $?) \
	"smb3: the swap file on an SMB 3.1.1 mount, the NFS one gone, credentials 0600"

$swaplab swap local >"$art/local.out" 2>&1
rc=$?
ok $([ $rc = 0 ] && [ "$(swaps_list)" = /dev/vdc ] &&
	! in_client grep -q /mnt/swaplab /proc/mounts; echo $?) \
	"local: /dev/vdc, and the SMB mount is gone"

$swaplab swap loop-nfs >"$art/loop.out" 2>&1
rc=$?
in_client losetup -n -O BACK-FILE,DIO /dev/loop0 >"$art/losetup"
sed 's/^/# losetup: /' "$art/losetup"
ok $([ $rc = 0 ] && [ "$(swaps_list)" = /dev/loop0 ] &&
	grep -Eq "^/mnt/swaplab/$prefix-client.swap +1$" "$art/losetup"; echo $?) \
	"loop-nfs: /dev/loop0 with direct I/O over the file on NFS"

swap_on_nfs nfs4.2 nfs42.out nfs4 4.2 "nfs4.2: the swap file on an NFSv4.2 mount"

$swaplab swap nfs5 >"$art/bad.out" 2>&1
rc=$?
ok $([ $rc = 2 ] && grep -q "unknown swap target 'nfs5'" "$art/bad.out" &&
	[ "$(swaps_list)" = "/mnt/swaplab/$prefix-client.swap" ]; echo $?) \
	"an unknown target is refused (exit $rc) and swap stays on nfs4.2"

client_counters before
# 1.25x RAM kept mapped, written once: what does not fit goes out to the
# NFSv4.2 swap file.  The push is counted in work, not time: --vm-ops 10240
# is one rand-set sweep over 320 MiB (a bogo op is 4096 8-byte chunks), so a
# host busy building kernels slows it down without making it smaller; a
# minute's timeout instead wrote less than RAM under load (+1 MiB).  The
# pages are never zero-filled, which 6.12 would not write at all
# (swpout_zero): write64's first pass writes zeros (see test 21).
$swaplab exec client --timeout 600 -- stress-ng --vm 1 --vm-bytes 320M \
	--vm-keep --vm-method rand-set --vm-ops 10240 --timeout 500s --metrics-brief \
	>"$art/stress.out" 2>&1
stress_rc=$?
client_counters after
swap_growth
echo "# stock: stress-ng exit $stress_rc, pswpout +$((pswpout / 256)) MiB, swpout_zero +$zero pages, NFS WRITE +$writes ops"
ok $([ $stress_rc = 0 ] && [ $pswpout -ge $((64 * 256)) ]; echo $?) \
	"stock: pushing 1.25x RAM raises pswpout by at least 64 MiB"
# Why, in the CI log: stress-ng's own last words, or swaplab exec's.
[ $stress_rc = 0 ] || tail -n 12 "$art/stress.out" | sed 's/^/# stress.out: /'
ok $([ $writes -gt 0 ]; echo $?) "stock: and the NFS WRITE count of the swap mount"

$swaplab down >/dev/null 2>&1
ok $(! virsh -c qemu:///system list --all --name | grep -q "^$prefix-"; echo $?) "down"
