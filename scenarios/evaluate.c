// SPDX-License-Identifier: GPL-2.0
/*
 * A run's verdict: the scenario's checks and metrics over its evidence.
 * error when the run itself broke (lab, timeout), else fail when any check
 * failed, else pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

/* A run that broke before any workload started has nothing to judge. */
static bool nothing_ran(const struct evidence *ev)
{
	size_t i;

	for (i = 0; i < ev->nworkloads; i++)
		if (ev->workloads[i].started)
			return false;
	return true;
}

static void run_checks(struct evidence *ev, struct run_result *res)
{
	const struct scn_params *g = &res->scn->global;
	bool skip_all = res->verdict == VERDICT_ERROR && nothing_ran(ev);
	const struct check *const *checks = check_table();
	struct check_result *c;
	int i;

	for (i = 0; checks[i]; i++) {
		if (!scn_has_word(g, "checks", checks[i]->name))
			continue;
		res->checks = realloc(res->checks, (res->nchecks + 1) * sizeof(*c));
		c = &res->checks[res->nchecks++];
		memset(c, 0, sizeof(*c));
		snprintf(c->name, sizeof(c->name), "%s", checks[i]->name);
		if (skip_all) {
			check_set(c, VERDICT_SKIP, "not judged: the run broke before any workload started");
			continue;
		}
		checks[i]->evaluate(ev, c);
		if (c->verdict == VERDICT_FAIL && res->verdict == VERDICT_PASS)
			res->verdict = VERDICT_FAIL;
	}
}

void run_evaluate(struct evidence *ev, struct run_result *res)
{
	const struct scn_params *g = &res->scn->global;
	const struct metric *const *metrics = metric_table();
	int i;

	run_checks(ev, res);
	for (i = 0; metrics[i]; i++)
		if (scn_has_word(g, "metrics", metrics[i]->name))
			metrics[i]->measure(ev, &res->metrics);
}

void run_result_free(struct run_result *res)
{
	free(res->checks);
	res->checks = NULL;
	res->nchecks = 0;
	metric_set_free(&res->metrics);
}
