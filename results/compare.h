/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A comparison of two sets of runs, A (the baseline) and B, grouped by
 * scenario and metric (or check), with a verdict on each row.  Built by
 * `swaplab compare` and by the dashboard.
 */
#ifndef SWAPLAB_RESULTS_COMPARE_H
#define SWAPLAB_RESULTS_COMPARE_H

#include <sqlite3.h>

#include "known.h"
#include "verdict.h"

/* The pseudo-check every run has: the lab itself did not fail. */
#define CHECK_RUN_COMPLETED "run-completed"

struct run_side {
	char *selector;
	char **ids;		/* oldest first */
	size_t n;
};

struct metric_row {
	char *scenario;
	char *metric;
	char *unit;
	bool higher_is_better;
	struct sample_stats a, b;
	struct metric_judgement j;
};

struct check_row {
	char *scenario;
	char *check;
	enum check_status a, b;
	enum check_verdict verdict;
	char *reason;		/* from a failing B run, else from any B run */
	char *run_id;		/* the B run the reason comes from */
	char *known_reason;	/* set when listed in known-failures */
};

struct comparison {
	struct compare_thresholds th;
	struct run_side a, b;
	struct metric_row *metrics;
	size_t n_metrics;
	struct check_row *checks;
	size_t n_checks;
	int regressions;	/* metrics and checks */
	int improvements;
	int known;
};

/* -1 with a reason naming the selector when a side selects nothing. */
int comparison_build(sqlite3 *db, const char *sel_a, const char *sel_b,
		     const struct compare_thresholds *th,
		     const struct known_failures *kf, struct comparison *cmp,
		     char *why, size_t len);
void comparison_free(struct comparison *cmp);

#endif
