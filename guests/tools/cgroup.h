/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cgroup v2 child with the memory controller, so swapverify can ask the
 * kernel to reclaim exactly its own memory (memory.reclaim).  MADV_PAGEOUT
 * alone unmaps and writes pages but leaves them in the swap cache while the
 * write is in flight; memory.reclaim then frees them, so the read-back really
 * reads from swap.
 */
#ifndef SWAPLAB_CGROUP_H
#define SWAPLAB_CGROUP_H

#include <stddef.h>
#include <stdint.h>

/*
 * Create <cgroup2 mount>/swapverify.<pid> with memory.reclaim.  0, or -1 and
 * a sentence in why saying what is missing.
 */
int cgroup_create(char *path, size_t len, char *why, size_t why_len);

/* Move the calling process into the cgroup at path. */
int cgroup_enter(const char *path);

/* Ask the kernel to reclaim bytes of the cgroup's memory (best effort). */
void cgroup_reclaim(const char *path, uint64_t bytes);

/* Remove the (empty) cgroup; retries briefly while the kernel lets go. */
int cgroup_remove(const char *path);

#endif
