// SPDX-License-Identifier: GPL-2.0
/* Every workload ran to its end in time and exited 0. */
#include <stdio.h>
#include <string.h>

#include "registry.h"

static void describe(const struct workload_status *w, char *buf, size_t len)
{
	size_t used = strlen(buf);

	if (used >= len - 1)
		return;
	if (!w->started)
		snprintf(buf + used, len - used, "%s not started; ", w->name);
	else if (!w->finished)
		snprintf(buf + used, len - used, "%s did not finish (timeout or lab failure); ",
			 w->name);
	else
		snprintf(buf + used, len - used, "%s exited %d; ", w->name, w->status);
}

static void evaluate(struct evidence *ev, struct check_result *res)
{
	const struct workload_status *w;
	char bad[400] = "";
	size_t i;

	for (i = 0; i < ev->nworkloads; i++) {
		w = &ev->workloads[i];
		if (!w->started || !w->finished || w->status)
			describe(w, bad, sizeof(bad));
	}
	if (bad[0])
		check_set(res, VERDICT_FAIL, "%s", bad);
	else
		check_set(res, VERDICT_PASS, "%zu workload(s) finished with status 0",
			  ev->nworkloads);
}

const struct check check_workloads = {
	.name = "workloads",
	.help = "every workload finished in time with exit status 0",
	.evaluate = evaluate,
};
