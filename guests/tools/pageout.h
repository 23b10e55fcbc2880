/* SPDX-License-Identifier: GPL-2.0 */
/* Force a memory region out to swap and say how far that got. */
#ifndef SWAPLAB_PAGEOUT_H
#define SWAPLAB_PAGEOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "sv_report.h"

struct pageout_region {
	void *addr;
	size_t len;
	size_t page_size;
	const char *cgroup;	/* NULL: MADV_PAGEOUT only */
	unsigned char *residency; /* len / page_size bytes, for mincore */
	bool madvise_works;	/* cleared the first time the kernel refuses */
};

/* Pages of the region still in memory, swap-cache pages included. */
size_t pageout_resident_pages(struct pageout_region *r);

/*
 * MADV_PAGEOUT, wait for the writes to land, memory.reclaim what stayed in the
 * swap cache; repeat while it helps.  Fills *out.  -1 if /proc/vmstat or
 * mincore failed (errno says why).
 */
int pageout_force(struct pageout_region *r, struct sv_swapout *out);

#endif
