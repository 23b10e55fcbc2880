// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of what a scenario can name, made from the X-macro lists
 * (workload_list.h, fault_list.h, check_list.h, metric_list.h), and the one
 * lookup by name they all share.
 */
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

static const struct check *const checks[] = {
#define CHECK(sym) &check_##sym,
#include "check_list.h"
#undef CHECK
	NULL
};

static const struct metric *const metrics[] = {
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

const struct check *const *check_table(void)
{
	return checks;
}

const struct metric *const *metric_table(void)
{
	return metrics;
}
