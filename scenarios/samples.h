/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A time series of the client while the workloads run (the scenario's
 * `sample` interval, 10 s in soaks): /proc/vmstat's swap counters,
 * /proc/meminfo, the NFS client's RPC counters and the TCP drops for want
 * of memory reserves, one line per sample in logs/samples.tsv.  Sampled
 * from the host through the agent, so the series stops where the client
 * stopped answering and is kept when it wedges.
 */
#ifndef SWAPLAB_SAMPLES_H
#define SWAPLAB_SAMPLES_H

#include <stdio.h>
#include <time.h>

#include "lab.h"

/* The columns of samples.tsv, its first line (after "# "). */
#define SAMPLES_COLUMNS "t_s pswpin pswpout memfree_kib memavail_kib swapfree_kib " \
	"rpc_calls rpc_retrans xprt_sends xprt_recvs xprt_backlog pfmemalloc_drop"

struct samples {
	unsigned interval_s;	/* 0: off */
	time_t t0, next;
	FILE *out;
	unsigned taken, missed;
};

/* Opens @path when @interval_s is not 0; -1 if it cannot be written. */
int samples_start(struct samples *s, unsigned interval_s, const char *path);
/* Takes a sample when one is due (short agent call; a miss is noted). */
void samples_tick(struct samples *s, struct lab *lab);
void samples_stop(struct samples *s);

#endif
