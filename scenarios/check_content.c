// SPDX-License-Identifier: GPL-2.0
/*
 * No page came back with wrong content: every verifying workload of the run
 * (a descriptor with verify(), such as swapverify's bad pages or the bit
 * errors stress-ng's verifying stressors reported) found nothing wrong.
 */
#include <stdio.h>
#include <string.h>

#include "registry.h"

static void evaluate(struct evidence *ev, struct check_result *res)
{
	char part[256], summary[sizeof(res->reason)] = "";
	uint64_t wrong, total = 0;
	size_t used = 0;
	int i;

	for (i = 0; workloads[i]; i++) {
		if (!workloads[i]->verify || !evidence_ran(ev, workloads[i]->name))
			continue;
		if (workloads[i]->verify(ev, &wrong, part, sizeof(part))) {
			check_set(res, VERDICT_FAIL, "%s", part);
			return;
		}
		total += wrong;
		if (used < sizeof(summary))
			used += snprintf(summary + used, sizeof(summary) - used, "%s%s",
					 used ? ", " : "", part);
	}
	if (!used)
		check_set(res, VERDICT_SKIP, "no verifying workload in this scenario");
	else
		check_set(res, total ? VERDICT_FAIL : VERDICT_PASS, "%s", summary);
}

const struct check check_content = {
	.name = "content",
	.help = "every page came back with the content it had (every verifying workload)",
	.evaluate = evaluate,
};
