// SPDX-License-Identifier: GPL-2.0
/* Wall time of the workloads (boot and collection left out). */
#include "registry.h"

static void measure(struct evidence *ev, struct metric_set *out)
{
	if (ev->elapsed_s > 0)
		metric_add(out, "elapsed_s", ev->elapsed_s, "s", false);
}

const struct metric metric_elapsed = {
	.name = "elapsed",
	.help = "elapsed_s: wall time of the workloads",
	.measure = measure,
};
