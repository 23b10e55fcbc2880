// SPDX-License-Identifier: GPL-2.0
/*
 * The swap targets and the server protocols behind them, as data (see
 * lab_swap.h): the one place that knows their names.  The NFS mounts are
 * hard (a server that stops makes the client wait, never lose a page); NFSv3
 * goes without the lock protocol (a swap file takes no locks) and without
 * fallocate (the swap file is written in full); the loop device over NFS
 * uses direct I/O so no page cache sits between.  The SMB 3.1.1 mount is
 * hard as well; see server_smb and the smb3 row for what else it needs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab_private.h"
#include "lab_swap.h"

#define NFS_EXPORT LAB_TUNNEL_SERVER_ADDR ":" LAB_EXPORT_PATH

/*
 * server/nfs/: the export on the data disk, leases (delegations) off.  The
 * checks run once cloud-init has run the set-up script.
 */
static const struct lab_server_proto server_nfs = {
	.name = "nfs",
	.files = {
		{ "server/nfs/exports", "/etc/exports", "0644" },
		{ "server/nfs/nfs.conf", "/etc/nfs.conf.d/swaplab.conf", "0644" },
		{ "server/nfs/sysctl.conf", "/etc/sysctl.d/90-swaplab-nfs.conf", "0644" },
		{ "server/nfs/setup.sh", "/usr/local/sbin/swaplab-export", "0755", .run = true },
	},
	.checks = {
		{ { "exportfs", "-s" }, LAB_EXPORT_PATH, false,
		  LAB_EXPORT_PATH " is not exported:\n%s" },
		{ { "findmnt", "-n", "-o", "SOURCE", LAB_EXPORT_PATH }, "/dev/vdb", true,
		  LAB_EXPORT_PATH " is on %s, not the data disk /dev/vdb" },
		{ { "cat", "/proc/sys/fs/leases-enable" }, "0", true,
		  "fs.leases-enable is %.1s: delegations are on" },
	},
};

#define SMB_SHARE_DIR LAB_EXPORT_PATH "/smb"

/*
 * server/smb/: Samba's share "swaplab" of a directory on the data disk
 * (mounted by server/nfs/setup.sh, which runs first), SMB3 only, no
 * oplocks or leases, for one user whose password is the lab's own (the
 * credentials file comes with the seed: lab/seed.c).  smbd waits for the
 * data disk's mount (the drop-in).
 */
static const struct lab_server_proto server_smb = {
	.name = "smb",
	.files = {
		{ "server/smb/smb.conf", "/etc/samba/smb.conf", "0644" },
		{ "server/smb/smbd-swaplab.conf", "/etc/systemd/system/smbd.service.d/swaplab.conf",
		  "0644" },
		{ "server/smb/setup.sh", "/usr/local/sbin/swaplab-smb-share", "0755", .run = true },
	},
	.checks = {
		{ { "testparm", "-s" }, "[" LAB_SMB_SHARE "]", false,
		  "Samba does not define the share [" LAB_SMB_SHARE "]:\n%s" },
		{ { "findmnt", "-no", "SOURCE", "-T", SMB_SHARE_DIR }, "/dev/vdb", true,
		  SMB_SHARE_DIR " is on %s, not the data disk /dev/vdb" },
		{ { "pdbedit", "-L" }, LAB_SMB_SHARE ":", true,
		  "Samba has no user " LAB_SMB_SHARE " (pdbedit -L: %s)" },
		{ { "ss", "-Hltn", "sport", "=", ":445" }, "LISTEN", true,
		  "smbd is not listening on port 445 (ss: '%s')" },
	},
};

/* Every protocol the server VM serves: any target may be switched to. */
static const struct lab_server_proto *const server_protos[] = {
	&server_nfs,
	&server_smb,
};

#define NFS_FILE(vers, opts)						\
	.server = &server_nfs, .protocol = "NFS", .mount_type = "nfs",	\
	.mount_options = "vers=" vers ",hard,proto=tcp" opts,		\
	.mount_source = NFS_EXPORT, .mount_point = LAB_MOUNT_POINT,	\
	.fstype = "nfs", .version = vers,				\
	.traffic = LAB_TRAFFIC_NFS, .traffic_file = "/proc/self/mountstats"

static const struct lab_swap_target targets[] = {
	{ .name = "nfs4.2", .kind = LAB_SWAP_FILE, NFS_FILE("4.2", "") },
	{ .name = "nfs3", .kind = LAB_SWAP_FILE, NFS_FILE("3", ",nolock"),
	  .allocate_by_writing = true },
	/*
	 * SMB 3.1.1, hard.  cifs_swap_activate() (6.12) refuses a file with
	 * holes (i_blocks * 512 < i_size) and cifs has no fallocate that
	 * allocates: dd every block.  cache=none: dd's writes (and fio's) go
	 * straight to the server, so no dirty page cache of the swap file is
	 * left behind to be written back while it is swap, and i_blocks comes
	 * from the server's allocation, not from cached writes; swap I/O itself
	 * bypasses the page cache whatever cache= says.  file_mode: swapon wants
	 * 0600, which chmod cannot set over SMB3 without POSIX extensions.
	 * Upstream's cifs_swap_activate() still says "TODO: add
	 * sk_set_memalloc": unlike NFS, the socket is not a memalloc one, so a
	 * client short of memory may fail to allocate the skbs that would free
	 * it (docs/design.md).
	 */
	{ .name = "smb3", .kind = LAB_SWAP_FILE, .server = &server_smb, .protocol = "SMB",
	  .mount_type = "cifs",
	  .mount_options = "vers=3.1.1,hard,cache=none,credentials=" LAB_SMB_CREDENTIALS
			   ",file_mode=0600,dir_mode=0700",
	  .mount_source = "//" LAB_TUNNEL_SERVER_ADDR "/" LAB_SMB_SHARE,
	  .mount_point = LAB_MOUNT_POINT, .allocate_by_writing = true,
	  .fstype = "cifs", .version = "3.1.1",
	  .traffic = LAB_TRAFFIC_SMB, .traffic_file = "/proc/fs/cifs/Stats" },
	{ .name = "local", .kind = LAB_SWAP_LOCAL, .device = "/dev/vdc" },
	/* The loop device is the first free one: /dev/loop0 in a fresh guest. */
	{ .name = "loop-nfs", .kind = LAB_SWAP_LOOP, NFS_FILE("4.2", ""),
	  .device = "/dev/loop0" },
	{ .name = "none", .kind = LAB_SWAP_NONE },
};

#define N_TARGETS (sizeof(targets) / sizeof(targets[0]))
#define N_SERVER_PROTOS (sizeof(server_protos) / sizeof(server_protos[0]))

const struct lab_swap_target *lab_swap_target_at(unsigned int i)
{
	return i < N_TARGETS ? &targets[i] : NULL;
}

const struct lab_swap_target *lab_swap_target_find(const char *name)
{
	unsigned int i;

	for (i = 0; name && i < N_TARGETS; i++)
		if (!strcmp(targets[i].name, name))
			return &targets[i];
	return NULL;
}

char *lab_swap_target_names(const char *sep, const char *last)
{
	size_t len;
	char *out;
	FILE *f = open_memstream(&out, &len);
	unsigned int i;

	for (i = 0; i < N_TARGETS; i++)
		fprintf(f, "%s%s", !i ? "" : i + 1 < N_TARGETS ? sep : last, targets[i].name);
	fclose(f);
	return out;
}

bool lab_swap_target_is_network(const struct lab_swap_target *t)
{
	return t->kind == LAB_SWAP_FILE || t->kind == LAB_SWAP_LOOP;
}

bool lab_swap_target_uses_nfs(const struct lab_swap_target *t)
{
	return t->traffic == LAB_TRAFFIC_NFS;
}

const struct lab_server_proto *lab_server_proto_at(unsigned int i)
{
	return i < N_SERVER_PROTOS ? server_protos[i] : NULL;
}
