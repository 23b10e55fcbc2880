#!/bin/bash
# Boot a built guest kernel under QEMU (TCG) with a tiny busybox init and
# report, as TAP, what the swap path looks like from inside:
#
#   kernel/smoke.sh VARIANT...
#
# stock: ->swap_rw implementations are in the kernel (nfs_swap_rw,
# cifs_swap_rw); patched/debug: they are gone, and the new path's symbols
# (mm's unplug functions, the NFS and netfs file operations) are there.
# mm's swap_iter_rw is not looked for: v2 made it small enough that gcc
# inlines it, so it has no symbol of its own.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

# expectations VARIANT: sets want_absent and want_present.
expectations() {
	case $1 in
	stock)
		want_absent=""
		want_present="nfs_swap_rw cifs_swap_rw" ;;
	patched|debug|debug-v1)
		want_absent="nfs_swap_rw cifs_swap_rw"
		want_present="swap_write_unplug __swap_read_unplug nfs_file_write nfs_file_read netfs_unbuffered_write_iter netfs_unbuffered_read_iter" ;;
	*) die "unknown variant '$1' (usage: kernel/smoke.sh $KERNEL_VARIANTS...)" ;;
	esac
}

[ $# -gt 0 ] || die "usage: kernel/smoke.sh $KERNEL_VARIANTS..."
for v in "$@"; do expectations "$v"; done
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 missing: run 'make deps'"
busybox=$(command -v busybox) || die "busybox missing: run 'make deps' (busybox-static)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/root/bin"
cp "$busybox" "$work/root/bin/busybox"
cat >"$work/root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mkdir -p /proc && mount -t proc proc /proc
echo "SMOKE release $(uname -r)"
for s in $SMOKE_SYMBOLS; do
	if grep -q " $s\$" /proc/kallsyms; then echo "SMOKE present $s"; else echo "SMOKE absent $s"; fi
done
echo "SMOKE done"
poweroff -f
INIT
chmod +x "$work/root/init"
(cd "$work/root" && find . | cpio -o -H newc --quiet | gzip -1) >"$work/initrd.gz"

n=0 failed=0
check() {
	n=$((n + 1))
	if eval "$2"; then
		echo "ok $n - $1"
	else
		failed=$((failed + 1))
		echo "not ok $n - $1"
	fi
}

# boot VARIANT: one QEMU run, its console kept next to the kernel.
boot() {
	local variant=$1 kernel=$KCACHE/out/$1/bzImage log rc release s
	expectations "$variant"
	if [ ! -f "$kernel" ]; then
		check "$variant kernel exists ($kernel; build it with 'make kernel-$variant')" false
		return
	fi
	log=$KCACHE/out/$variant/smoke-console.log
	set +e
	timeout --kill-after=10 "${SMOKE_TIMEOUT:-300}" qemu-system-x86_64 \
		-accel tcg -m 512 -smp 1 -kernel "$kernel" -initrd "$work/initrd.gz" \
		-nographic -no-reboot -append "console=ttyS0 panic=-1 rdinit=/init \
SMOKE_SYMBOLS=\"$want_absent $want_present\"" >"$log" 2>&1
	rc=$?
	set -e
	release=$(sed -n 's/^SMOKE release \(.*\)$/\1/p' "$log" | tr -d '\r')
	check "$variant boots under TCG, uname -r is $release" \
		'[ "$release" = "$(cat "$KCACHE/out/$variant/release")" ]'
	for s in $want_absent; do
		check "$variant: $s absent from /proc/kallsyms" \
			'grep -q "^SMOKE absent $s" "$log"'
	done
	for s in $want_present; do
		check "$variant: $s present in /proc/kallsyms" \
			'grep -q "^SMOKE present $s" "$log"'
	done
	check "$variant: init finished and powered off (qemu exit $rc)" \
		'[ $rc -eq 0 ] && grep -q "^SMOKE done" "$log"'
	[ $failed -eq 0 ] || tail -20 "$log" | sed 's/^/# /'
}

for v in "$@"; do
	boot "$v"
done
echo "1..$n"
exit $((failed > 0))
