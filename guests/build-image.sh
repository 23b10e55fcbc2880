#!/bin/bash
# Build the swaplab guest base image: Debian bookworm from Debian's mirror
# (mmdebstrap), root file system directly on the disk (the guest kernels have
# no initramfs), stored as qcow2 in the cache and keyed by its inputs.
#
#   guests/build-image.sh          prints the image path; builds it if missing
#
# $SWAPLAB_CACHE/images/bookworm-<key>.qcow2 is never changed once written:
# labs boot copy-on-write overlays of it.  bookworm.qcow2 links to the newest.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${SWAPLAB_CACHE:-$HOME/.cache/swaplab}/images
mirror=${SWAPLAB_MIRROR:-http://deb.debian.org/debian}
security=${SWAPLAB_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
root_size=${SWAPLAB_ROOT_SIZE:-4G}

msg() { printf 'images: %s\n' "$*" >&2; }
die() { printf 'images: error: %s\n' "$*" >&2; exit 1; }

packages() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$here/image/packages" | paste -sd, -
}

image_key() {
	{
		echo "$mirror $security $root_size"
		packages
		(cd "$here/image/rootfs" && find . -type f | LC_ALL=C sort | xargs sha256sum)
		cat "$0"
	} | sha256sum | cut -c1-16
}

key=$(image_key)
image=$cache/bookworm-$key.qcow2
if [ -f "$image" ]; then
	ln -sfn "${image##*/}" "$cache/bookworm.qcow2"
	echo "$image"
	exit 0
fi
for tool in mmdebstrap mkfs.ext4 qemu-img; do
	command -v "$tool" >/dev/null || die "$tool is missing: run 'make deps'"
done

mkdir -p "$cache"
# One build at a time per cache; a second caller finds the first one's image.
exec 9>"$cache/.lock"
flock -w 1800 9 || die "another image build holds $cache/.lock"
[ -f "$image" ] && { echo "$image"; exit 0; }

work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
msg "building $image (key $key)"
# The overlay files are copied in after the packages so that their settings
# win; nfs-server and smbd start only where the seed asks for them (the
# server role), nmbd (NetBIOS) nowhere; nothing waits for "network online"
# (the lab mounts NFS itself, later) and no e2scrub runs at boot, both
# seconds under TCG; an empty machine-id gives every guest its own at first
# boot.
mmdebstrap --variant=minbase --include="$(packages)" \
	--customize-hook="cp -a '$here/image/rootfs/.' \"\$1\"/" \
	--customize-hook='chroot "$1" systemctl disable nfs-server.service' \
	--customize-hook='chroot "$1" systemctl disable smbd.service nmbd.service' \
	--customize-hook='chroot "$1" systemctl enable systemd-networkd.service' \
	--customize-hook='chroot "$1" systemctl mask systemd-networkd-wait-online.service e2scrub_reap.service' \
	--customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
	--customize-hook='truncate -s 0 "$1"/etc/machine-id' \
	bookworm "$work/root" \
	"deb $mirror bookworm main" \
	"deb $mirror bookworm-updates main" \
	"deb $security bookworm-security main" >"$work/mmdebstrap.log" 2>&1 ||
	{ tail -20 "$work/mmdebstrap.log" >&2; die "mmdebstrap failed"; }
truncate -s "$root_size" "$work/root.raw"
mkfs.ext4 -q -L swaplab-root -d "$work/root" "$work/root.raw" ||
	die "mkfs.ext4 -d failed"
qemu-img convert -O qcow2 "$work/root.raw" "$work/image.qcow2"
mv "$work/image.qcow2" "$image"
ln -sfn "${image##*/}" "$cache/bookworm.qcow2"
msg "built $image ($(du -h "$image" | cut -f1))"
echo "$image"
