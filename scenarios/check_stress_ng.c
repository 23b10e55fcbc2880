// SPDX-License-Identifier: GPL-2.0
/*
 * stress-ng ran clean: no "fail:" line in its log, exit status 0, and a YAML
 * report with a rate for each stressor.  A stressor run with 0 bogo ops
 * finished no round (a --vm sweep over a buffer that does not fit in RAM can
 * take longer than the run), so it verified nothing: the reason says so.
 */
#include <inttypes.h>
#include <stdio.h>

#include "logparse.h"
#include "registry.h"

static void evaluate(struct evidence *ev, struct check_result *res)
{
	struct workload_status *w = evidence_workload(ev, "stress-ng");
	struct stress_ng_rate rates[16];
	const char *log;
	char first[256], idle[128] = "";
	uint64_t bits;
	unsigned int fails;
	int n, i, nidle = 0;
	size_t used = 0;

	if (!w) {
		check_set(res, VERDICT_SKIP, "no stress-ng in this scenario");
		return;
	}
	log = evidence_text(ev, "stress-ng.log");
	if (!log) {
		check_set(res, VERDICT_FAIL, "stress-ng.log is missing");
		return;
	}
	fails = stress_ng_failures(log, &bits, first, sizeof(first));
	if (fails)
		check_set(res, VERDICT_FAIL, "%u fail: line(s), %" PRIu64 " bit errors; first: %s",
			  fails, bits, first);
	else if (!w->finished || w->status)
		check_set(res, VERDICT_FAIL, "stress-ng %s %d", w->finished ?
			  "exited" : "did not finish, status", w->status);
	else if ((n = stress_ng_rates(evidence_text(ev, "stress-ng.yaml"), rates, 16)) <= 0)
		check_set(res, VERDICT_FAIL, "stress-ng.yaml is missing or has no metrics");
	else {
		for (i = 0; i < n; i++) {
			if (rates[i].bogo_ops_per_s > 0)
				continue;
			nidle++;
			if (used < sizeof(idle))
				used += snprintf(idle + used, sizeof(idle) - used, "%s%s",
						 used ? ", " : "", rates[i].stressor);
		}
		if (nidle)
			check_set(res, VERDICT_PASS, "no fail: lines, exit status 0; %d of %d "
				  "stressor runs finished no round (0 bogo ops) and verified "
				  "nothing: %s", nidle, n, idle);
		else
			check_set(res, VERDICT_PASS, "no fail: lines, exit status 0");
	}
}

const struct check check_stress_ng = {
	.name = "stress-ng",
	.help = "stress-ng clean: no fail: lines, exit 0, metrics in its YAML",
	.evaluate = evaluate,
};
