#!/bin/sh
# Role set-up of the lab's NFS server, run once by cloud-init (runcmd): the
# export lives on the data disk, never on the root overlay.
set -eu
disk=/dev/vdb
export_dir=/export/swaplab

# A blank data disk gets its file system on first boot only.
blkid "$disk" >/dev/null 2>&1 || mkfs.ext4 -q -L swaplab-export "$disk"
mkdir -p "$export_dir"
# In fstab, before nfs-server, so that the export is back after a reset of
# the server (the server-reset fault) before nfsd serves it.
grep -q " $export_dir " /etc/fstab ||
	echo "$disk $export_dir ext4 noatime,x-systemd.before=nfs-server.service,x-systemd.required-by=nfs-server.service 0 2" >>/etc/fstab
grep -q " $export_dir " /proc/mounts || mount "$export_dir"
# Leases (and with them delegations) must be off before nfsd starts.
sysctl -q -p /etc/sysctl.d/90-swaplab-nfs.conf
systemctl enable --now nfs-server.service
exportfs -ra
