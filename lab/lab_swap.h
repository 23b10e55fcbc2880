/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The swap targets: where the client swaps to (a file on NFS or SMB, a local
 * disk, a loop device over a file on NFS, nothing), each one descriptor in one
 * table (lab/swap_targets.c).  A descriptor says what the server must
 * provide, the client's plan (mount, swap file, swap on: lab/swap_plan.c
 * makes the commands), what in the client's /proc proves it worked, and
 * which traffic counters show swap going over it.
 *
 * The lab runs the descriptors (`up --swap`, `swaplab swap`); cli/ takes the
 * names it lists from here, and scenarios/ asks here instead of comparing
 * target names: lab_swap_target_find(name), then the kind, ->mount_point,
 * ->traffic.  Adding a target is one descriptor in the table plus, for a
 * new protocol, its server set-up files (docs/design.md says what).
 */
#ifndef SWAPLAB_LAB_SWAP_H
#define SWAPLAB_LAB_SWAP_H

#include <stdbool.h>

enum lab_swap_kind {
	LAB_SWAP_NONE,		/* no swap at all */
	LAB_SWAP_LOCAL,		/* a local virtio disk of the client */
	LAB_SWAP_FILE,		/* a swap file on a network file system */
	LAB_SWAP_LOOP,		/* a loop device over a file on a network file system */
};

/* The counters that show swap I/O crossing the tunnel. */
enum lab_swap_traffic {
	LAB_TRAFFIC_NONE,	/* local and none: nothing crosses the tunnel */
	LAB_TRAFFIC_NFS,	/* /proc/self/mountstats: per-op RPC counts and bytes */
	LAB_TRAFFIC_SMB,	/* /proc/fs/cifs/Stats: per-share READ/WRITE counts, bytes */
};

/*
 * What the server provides for one protocol: files pushed in its cloud-init
 * seed (their set-up script run once by cloud-init), and the checks that
 * say it is serving before the client mounts.
 */
#define LAB_SERVER_MAX_FILES 6
#define LAB_SERVER_MAX_CHECKS 4

struct lab_server_file {
	const char *source;		/* in the tree: "server/nfs/exports" */
	const char *guest_path;		/* "/etc/exports" */
	const char *permissions;	/* "0644" */
	bool run;			/* the set-up script: cloud-init's runcmd */
};

struct lab_server_check {
	const char *argv[6];		/* up to 5 words, run in the server: must exit 0 */
	const char *expect;		/* its output must contain this... */
	bool at_start;			/* ...or start with it */
	const char *fail;		/* the reason otherwise; its %s: the output */
};

struct lab_server_proto {
	const char *name;		/* "nfs": the folder server/<name>/ */
	struct lab_server_file files[LAB_SERVER_MAX_FILES];	/* up to source NULL */
	struct lab_server_check checks[LAB_SERVER_MAX_CHECKS];	/* up to argv[0] NULL */
};

struct lab_swap_target {
	const char *name;		/* --swap, `swaplab swap`, a scenario's swap = */
	enum lab_swap_kind kind;
	const struct lab_server_proto *server;	/* NULL: the server has no part */

	/* The client's plan (FILE and LOOP): mount, then the swap file on it. */
	const char *protocol;		/* "NFS": for step names and messages */
	const char *mount_type;		/* mount -t */
	const char *mount_options;	/* mount -o */
	const char *mount_source;	/* the server's export */
	const char *mount_point;	/* NULL: no mount (LOCAL, NONE) */
	bool allocate_by_writing;	/* no fallocate (NFSv3, SMB): dd every block */
	const char *device;		/* LOCAL: the disk; LOOP: the loop device */

	/* The confirmation, from the client's /proc/mounts and /proc/swaps. */
	const char *fstype;		/* /proc/mounts type starts with it: "nfs" */
	const char *version;		/* its options say vers=<this> */

	enum lab_swap_traffic traffic;
	const char *traffic_file;	/* what the traffic check reads, or NULL */
};

/* The target of that name, or NULL. */
const struct lab_swap_target *lab_swap_target_find(const char *name);
/* The i-th target of the table (i from 0), NULL past the end. */
const struct lab_swap_target *lab_swap_target_at(unsigned int i);
/*
 * The names in table order, joined by sep, the last two by last:
 * (", ", " or ") gives "nfs4.2, nfs3, smb3, local, loop-nfs or none".  free() it.
 */
char *lab_swap_target_names(const char *sep, const char *last);

/* Swap I/O crosses the tunnel (FILE and LOOP). */
bool lab_swap_target_is_network(const struct lab_swap_target *t);
/* Its swap I/O goes to an NFS server (mountstats counts it). */
bool lab_swap_target_uses_nfs(const struct lab_swap_target *t);

#endif
