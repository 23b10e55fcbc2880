/* SPDX-License-Identifier: GPL-2.0 */
/* Percentiles of per-fault latencies. */
#ifndef SWAPLAB_LATENCY_H
#define SWAPLAB_LATENCY_H

#include <stddef.h>
#include <stdint.h>

struct latency_summary {
	size_t samples;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t max_ns;
};

/*
 * The nearest-rank percentile pct (0 < pct <= 100) of n values sorted in
 * ascending order: the smallest value with at least pct% of the values at or
 * below it.  0 when n is 0.
 */
uint64_t latency_percentile(const uint64_t *sorted, size_t n, double pct);

/* Sorts ns in place and summarises it. */
void latency_summarize(uint64_t *ns, size_t n, struct latency_summary *out);

#endif
