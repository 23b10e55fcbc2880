// SPDX-License-Identifier: GPL-2.0
/* User space cannot write into the active swap file by any path. */
#include <stdio.h>
#include <string.h>

#include "logparse.h"
#include "registry.h"

static void evaluate(struct evidence *ev, struct check_result *res)
{
	struct workload_status *w = evidence_workload(ev, "swapguard");
	const char *tap;
	struct ktap_counts c;

	if (!w) {
		check_set(res, VERDICT_SKIP, "no swapguard in this scenario");
		return;
	}
	tap = evidence_text(ev, "swapguard.tap");
	if (!tap) {
		check_set(res, VERDICT_FAIL, "swapguard.tap missing");
		return;
	}
	ktap_count(tap, NULL, NULL, &c);
	if (strstr(tap, "1..0 # SKIP")) {
		check_set(res, VERDICT_SKIP, "%s", strstr(tap, "SKIP") + 5);
		return;
	}
	if (!c.fail && c.pass && w->finished && !w->status)
		check_set(res, VERDICT_PASS, "%u write paths refused", c.pass);
	else
		check_set(res, VERDICT_FAIL, "%u refused, %u not refused%s%s (exit %d)",
			  c.pass, c.fail, c.fail ? ": " : "", c.failed, w->status);
}

const struct check check_swapguard = {
	.name = "swapguard",
	.help = "every user-space write path into the active swap file is refused",
	.evaluate = evaluate,
};
