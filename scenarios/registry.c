// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of what a scenario can name, made from the X-macro lists
 * (workload_list.h, fault_list.h, check_list.h, metric_list.h), and the one
 * lookup by name they all share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

#define WORKLOAD(sym) extern const struct workload workload_##sym;
#include "workload_list.h"
#undef WORKLOAD
#define FAULT(sym) extern const struct fault fault_##sym;
#include "fault_list.h"
#undef FAULT
#define CHECK(sym) extern const struct check check_##sym;
#include "check_list.h"
#undef CHECK
#define METRIC(sym) extern const struct metric metric_##sym;
#include "metric_list.h"
#undef METRIC

const struct workload *const workloads[] = {
#define WORKLOAD(sym) &workload_##sym,
#include "workload_list.h"
#undef WORKLOAD
	NULL
};

const struct fault *const faults[] = {
#define FAULT(sym) &fault_##sym,
#include "fault_list.h"
#undef FAULT
	NULL
};

static const struct check *const run_checks[] = {
#define CHECK(sym) &check_##sym,
#include "check_list.h"
#undef CHECK
	NULL
};

static const struct metric *const run_metrics[] = {
#define METRIC(sym) &metric_##sym,
#include "metric_list.h"
#undef METRIC
	NULL
};

const void *registry_find(const void *const *table, size_t name_offset,
			  const char *name)
{
	for (; *table; table++)
		if (!strcmp(*(const char *const *)((const char *)*table + name_offset), name))
			return *table;
	return NULL;
}

#define REGISTRY_MAX 64

/*
 * @run's entries, then those each workload's descriptor holds in the array
 * at @member (elements of @size bytes, ended by one whose name, at
 * @name_offset, is NULL), into @out: NULL-ended, made once.
 */
static const void *const *gather(const void **out, const void *const *run,
				 size_t member, size_t size, size_t name_offset)
{
	const char *entry;
	size_t n = 0, w;

	if (out[0])
		return out;
	for (; *run; run++)
		out[n++] = *run;
	for (w = 0; workloads[w]; w++) {
		entry = *(const char *const *)((const char *)workloads[w] + member);
		for (; entry && *(const char *const *)(entry + name_offset); entry += size) {
			if (n == REGISTRY_MAX - 1) {
				fprintf(stderr, "swaplab: internal error: more than %d checks or metrics\n",
					REGISTRY_MAX - 1);
				abort();
			}
			out[n++] = entry;
		}
	}
	out[n] = NULL;
	return out;
}

const struct check *const *check_table(void)
{
	static const void *table[REGISTRY_MAX];

	return (const struct check *const *)gather(table, (const void *const *)run_checks,
		offsetof(struct workload, checks), sizeof(struct check),
		offsetof(struct check, name));
}

const struct metric *const *metric_table(void)
{
	static const void *table[REGISTRY_MAX];

	return (const struct metric *const *)gather(table, (const void *const *)run_metrics,
		offsetof(struct workload, metrics), sizeof(struct metric),
		offsetof(struct metric, name));
}
