// SPDX-License-Identifier: GPL-2.0
/* The faults a scenario can inject: one file each, one line here. */
#include <string.h>

#include "registry.h"

extern const struct fault fault_corrupt_swap;

const struct fault *const faults[] = {
	&fault_corrupt_swap,
	NULL
};

const struct fault *fault_find(const char *name)
{
	int i;

	for (i = 0; faults[i]; i++)
		if (!strcmp(faults[i]->name, name))
			return faults[i];
	return NULL;
}
