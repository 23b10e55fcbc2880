#!/bin/sh
# Role set-up of the lab's SMB server, run once by cloud-init (runcmd) after
# the NFS one, which mounts the data disk on /export/swaplab: the share is a
# directory on it, never on the root overlay.  The share's user and password
# come from the lab's credentials file, pushed in the seed (lab/seed.c).
set -eu
data_dir=/export/swaplab
share_dir=$data_dir/smb
credentials=/etc/swaplab/smb-credentials

grep -q " $data_dir " /proc/mounts || {
	echo "swaplab-smb: $data_dir (the data disk) is not mounted" >&2
	exit 1
}
user=$(sed -n 's/^username=//p' "$credentials")
password=$(sed -n 's/^password=//p' "$credentials")
[ -n "$user" ] && [ -n "$password" ] || {
	echo "swaplab-smb: no username= or password= in $credentials" >&2
	exit 1
}
id "$user" >/dev/null 2>&1 ||
	useradd --system --no-create-home --home-dir /nonexistent \
		--shell /usr/sbin/nologin "$user"
mkdir -p "$share_dir"
chown "$user:" "$share_dir"
chmod 0700 "$share_dir"
printf '%s\n%s\n' "$password" "$password" | smbpasswd -s -a "$user" >/dev/null
smbpasswd -e "$user" >/dev/null
# smbd alone: no NetBIOS name service, no AD domain controller.
systemctl disable --now nmbd.service 2>/dev/null || true
systemctl daemon-reload
systemctl enable smbd.service
systemctl restart smbd.service
# The lab checks that smbd listens once this script has run: wait for it.
i=0
until ss -Hltn 'sport = :445' | grep -q LISTEN; do
	i=$((i + 1))
	[ "$i" -le 100 ] || { echo "swaplab-smb: smbd does not listen on 445" >&2; exit 1; }
	sleep 0.2
done
