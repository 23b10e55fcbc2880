// SPDX-License-Identifier: GPL-2.0
/* The metrics a run records: one file each, one line here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

extern const struct metric metric_swap_speed;
extern const struct metric metric_fault_latency;
extern const struct metric metric_bogo_ops;
extern const struct metric metric_nfs_io_size;
extern const struct metric metric_rpc_retrans;
extern const struct metric metric_elapsed;
extern const struct metric metric_ceiling;
extern const struct metric metric_recovery;

const struct metric *const metrics[] = {
	&metric_swap_speed,
	&metric_fault_latency,
	&metric_bogo_ops,
	&metric_nfs_io_size,
	&metric_rpc_retrans,
	&metric_elapsed,
	&metric_ceiling,
	&metric_recovery,
	NULL
};

const struct metric *metric_find(const char *name)
{
	int i;

	for (i = 0; metrics[i]; i++)
		if (!strcmp(metrics[i]->name, name))
			return metrics[i];
	return NULL;
}

bool metric_valid(const char *name)
{
	return !strcmp(name, "all") || metric_find(name);
}

void metric_add(struct metric_set *set, const char *name, double value,
		const char *unit, bool higher_is_better)
{
	struct metric_value *m;

	set->v = realloc(set->v, (set->n + 1) * sizeof(*set->v));
	m = &set->v[set->n++];
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", name);
	m->value = value;
	m->unit = unit;
	m->higher_is_better = higher_is_better;
}

const struct metric_value *metric_get(const struct metric_set *set,
				      const char *name)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (!strcmp(set->v[i].name, name))
			return &set->v[i];
	return NULL;
}

void metric_set_free(struct metric_set *set)
{
	free(set->v);
	set->v = NULL;
	set->n = 0;
}
