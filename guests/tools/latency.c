// SPDX-License-Identifier: GPL-2.0
/* Nearest-rank percentiles: every reported value is one that was measured. */
#include <math.h>
#include <stdlib.h>

#include "latency.h"

uint64_t latency_percentile(const uint64_t *sorted, size_t n, double pct)
{
	size_t rank;

	if (!n)
		return 0;
	/* pct * n first: exact for whole pct, so 99% of 100 is rank 99. */
	rank = (size_t)ceil(pct * (double)n / 100.0);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

void latency_summarize(uint64_t *ns, size_t n, struct latency_summary *out)
{
	qsort(ns, n, sizeof(*ns), cmp_u64);
	out->samples = n;
	out->p50_ns = latency_percentile(ns, n, 50.0);
	out->p99_ns = latency_percentile(ns, n, 99.0);
	out->max_ns = n ? ns[n - 1] : 0;
}
