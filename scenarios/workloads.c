// SPDX-License-Identifier: GPL-2.0
/* The workloads a scenario can run: one file each, one line here. */
#include <string.h>

#include "registry.h"

extern const struct workload workload_swapverify;
extern const struct workload workload_stress_ng;
extern const struct workload workload_fio;
extern const struct workload workload_swapguard;
extern const struct workload workload_selftests;

const struct workload *const workloads[] = {
	&workload_swapverify,
	&workload_stress_ng,
	&workload_fio,
	&workload_swapguard,
	&workload_selftests,
	NULL
};

const struct workload *workload_find(const char *name)
{
	int i;

	for (i = 0; workloads[i]; i++)
		if (!strcmp(workloads[i]->name, name))
			return workloads[i];
	return NULL;
}
