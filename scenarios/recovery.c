// SPDX-License-Identifier: GPL-2.0
/*
 * The recovery check and metric: how long swap I/O took to flow again after
 * each round of a fault that takes the server away (fault_recovery() writes
 * "recovery_s = S" or "recovery_s = none" and "recovery_bound_s = B" into
 * logs/fault-<section>.txt).  The check fails if any round did not recover
 * within its bound; the metric is the slowest round.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

struct recovery {
	unsigned rounds;	/* rounds that measured recovery */
	unsigned late;		/* of them, over the bound or never */
	double worst_s;		/* slowest that recovered */
	char first_late[160];
};

/* Adds one fault log's rounds. */
static void recovery_parse(const char *fault, const char *text, struct recovery *r)
{
	double bound = 0, s;
	const char *p;
	char word[16];

	for (p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (sscanf(p, "recovery_bound_s = %lf", &bound) == 1)
			continue;
		if (sscanf(p, "recovery_s = %15s", word) != 1)
			continue;
		r->rounds++;
		if (!strcmp(word, "none") || (s = strtod(word, NULL)) > bound) {
			if (!r->late++)
				snprintf(r->first_late, sizeof(r->first_late),
					 "%s: round %u: %s s, bound %.0f s", fault, r->rounds,
					 word, bound);
			continue;
		}
		if (s > r->worst_s)
			r->worst_s = s;
	}
}

static void recovery_of(struct evidence *ev, struct recovery *r)
{
	const char *fault, *text;
	size_t i = 0;

	memset(r, 0, sizeof(*r));
	while ((text = evidence_next_fault_log(ev, &i, &fault)))
		recovery_parse(fault, text, r);
}

static void evaluate(struct evidence *ev, struct check_result *res)
{
	struct recovery r;

	recovery_of(ev, &r);
	if (!r.rounds)
		check_set(res, VERDICT_SKIP, "no fault of this run measured recovery");
	else if (r.late)
		check_set(res, VERDICT_FAIL, "%u of %u rounds did not recover in time (%s)",
			  r.late, r.rounds, r.first_late);
	else
		check_set(res, VERDICT_PASS, "%u rounds recovered, slowest in %.1f s",
			  r.rounds, r.worst_s);
}

static void measure(struct evidence *ev, struct metric_set *out)
{
	struct recovery r;

	recovery_of(ev, &r);
	if (r.rounds > r.late)
		metric_add(out, "recovery_s", r.worst_s, "s", false);
}

const struct check check_recovery = {
	.name = "recovery",
	.help = "swap I/O flowed again within each fault's recovery bound",
	.evaluate = evaluate,
};

const struct metric metric_recovery = {
	.name = "recovery",
	.help = "recovery_s (slowest round: fault's end to a swap RPC completing)",
	.measure = measure,
};
