/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the client runs to turn swap on for a target (its descriptor in
 * lab_swap.h), and how the lab reads back that it worked.  Pure: the
 * commands are data, run by lab/swap_target.c through the guest agent.
 */
#ifndef SWAPLAB_SWAP_PLAN_H
#define SWAPLAB_SWAP_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "lab_swap.h"

#define SWAP_PLAN_MAX_STEPS 8
#define SWAP_STEP_MAX_ARGS 12

struct swap_step {
	char what[32];			/* "NFS mounted", ... for messages */
	char *argv[SWAP_STEP_MAX_ARGS];	/* malloc'd strings, NULL-terminated */
	unsigned int timeout_s;
};

struct swap_plan {
	const struct lab_swap_target *target;	/* the mount to confirm, if any */
	struct swap_step steps[SWAP_PLAN_MAX_STEPS];
	unsigned int nsteps;
	char *swap_device;	/* what /proc/swaps must list ("" for none) */
	char *file;			/* the swap (or loop's) file, or NULL */
	unsigned long long file_bytes;	/* its size, all of it allocated */
};

/*
 * host: the client's host name (the swap file is <mount>/<host>.swap);
 * returns false for an unknown target.
 */
bool swap_plan_make(struct swap_plan *p, const char *target, unsigned int size_mib,
		    const char *host);
/* The same for a descriptor. */
void swap_plan_of(struct swap_plan *p, const struct lab_swap_target *t,
		  unsigned int size_mib, const char *host);
void swap_plan_free(struct swap_plan *p);

/* True if `stat -c '%s %b %B'` output shows size bytes, all allocated. */
bool file_fully_allocated(const char *stat_output, unsigned long long size);
/* True if /proc/swaps text lists device (an exact first field). */
bool swap_listed(const char *proc_swaps, const char *device);
/*
 * The /proc/mounts entry of mount_point: fstype and options copied out;
 * false if it is not mounted.
 */
bool mount_entry(const char *proc_mounts, const char *mount_point,
		 char *fstype, size_t fstype_len, char *options, size_t options_len);
/* True if a mount's options say the version asked for (vers=, NFS and SMB). */
bool mount_version_is(const char *options, const char *vers);

#endif
