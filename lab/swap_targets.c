// SPDX-License-Identifier: GPL-2.0
/*
 * The swap targets and the server protocols behind them, as data (see
 * lab_swap.h): the one place that knows their names.  The NFS mounts are
 * hard (a server that stops makes the client wait, never lose a page); NFSv3
 * goes without the lock protocol (a swap file takes no locks) and without
 * fallocate (the swap file is written in full); the loop device over NFS
 * uses direct I/O so no page cache sits between.
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

/* Every protocol the server VM serves: any target may be switched to. */
static const struct lab_server_proto *const server_protos[] = {
	&server_nfs,
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
