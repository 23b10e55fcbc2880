// SPDX-License-Identifier: GPL-2.0
/*
 * Forcing pages out.  MADV_PAGEOUT unmaps the pages and starts their writes;
 * with an asynchronous swap device (NFS) they then stay in the swap cache
 * until reclaim frees them, which memory.reclaim on our own cgroup does.
 * mincore() counts what is still in memory, swap cache included.
 */
#include <errno.h>
#include <sys/mman.h>
#include <time.h>

#include "cgroup.h"
#include "pageout.h"
#include "vmstat.h"

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21		/* Linux 5.4 */
#endif

#define MAX_ROUNDS 8
#define WRITEBACK_TIMEOUT_S 300	/* swap over a slow NFS server, under TCG */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

size_t pageout_resident_pages(struct pageout_region *r)
{
	size_t i, n = r->len / r->page_size, resident = 0;

	if (mincore(r->addr, r->len, r->residency))
		return n;
	for (i = 0; i < n; i++)
		resident += r->residency[i] & 1;
	return resident;
}

/*
 * Wait until writeback is back at its level before we started (the writes
 * of our pages completed).  -1 on timeout or unreadable /proc/vmstat.
 */
static int wait_writeback(uint64_t baseline)
{
	struct timespec pause = { 0, 5 * 1000 * 1000 };
	double deadline = now_s() + WRITEBACK_TIMEOUT_S;
	struct vmstat vs;

	do {
		if (vmstat_read(&vs))
			return -1;
		if (vs.nr_writeback <= baseline)
			return 0;
		nanosleep(&pause, NULL);
	} while (now_s() < deadline);
	errno = ETIMEDOUT;
	return -1;
}

static void request_pageout(struct pageout_region *r, size_t resident)
{
	if (r->madvise_works && madvise(r->addr, r->len, MADV_PAGEOUT) &&
	    errno == EINVAL)
		r->madvise_works = false;
	if (r->cgroup)
		cgroup_reclaim(r->cgroup, (uint64_t)resident * r->page_size);
}

int pageout_force(struct pageout_region *r, struct sv_swapout *out)
{
	struct vmstat before, after;
	size_t resident = r->len / r->page_size, last;
	double start;

	if (vmstat_read(&before))
		return -1;
	start = now_s();
	*out = (struct sv_swapout){ .done = true };
	do {
		last = resident;
		request_pageout(r, resident);
		if (wait_writeback(before.nr_writeback))
			return -1;
		resident = pageout_resident_pages(r);
		out->rounds++;
	} while (resident && resident < last && out->rounds < MAX_ROUNDS);
	out->seconds = now_s() - start;
	if (vmstat_read(&after))
		return -1;
	out->pswpout = after.pswpout - before.pswpout;
	out->resident_after = resident;
	return 0;
}
