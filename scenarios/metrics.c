// SPDX-License-Identifier: GPL-2.0
/* What every metric shares: its name's validity, the set of values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

bool metric_valid(const char *name)
{
	return !strcmp(name, "all") || metric_find(name) != NULL;
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
