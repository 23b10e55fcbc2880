/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Verdicts of a comparison, A (the baseline) against B: for a metric, from
 * its statistics; for a check, from its status on both sides.  Pure logic.
 */
#ifndef SWAPLAB_RESULTS_VERDICT_H
#define SWAPLAB_RESULTS_VERDICT_H

#include <stdbool.h>

#include "stats.h"

struct compare_thresholds {
	double pct;		/* smallest %change that counts */
	double alpha;		/* largest Welch p-value that counts */
};

#define COMPARE_DEFAULT_PCT 5.0
#define COMPARE_DEFAULT_ALPHA 0.05

enum metric_verdict { METRIC_SAME, METRIC_IMPROVED, METRIC_REGRESSED };

struct metric_judgement {
	double pct_change;	/* (B - A) / A in %; +-inf from a zero baseline */
	bool tested;		/* false: a side has n < 2, no t-test */
	struct welch_result welch;
	/*
	 * When tested, in % of A's mean: the (1 - alpha) confidence interval
	 * of the change, and the smallest change the data could have detected
	 * (alpha, power 0.8): "not significant" says little when that is large.
	 */
	double ci_lo_pct, ci_hi_pct, mde_pct;
	enum metric_verdict verdict;
	const char *note;	/* why this verdict, in a few words */
};

void judge_metric(const struct sample_stats *a, const struct sample_stats *b,
		  bool higher_is_better, const struct compare_thresholds *th,
		  struct metric_judgement *j);

/* A check's status over the runs of one side. */
enum check_status { STATUS_ABSENT, STATUS_SKIP, STATUS_PASS, STATUS_FAIL };

/* Fold one run's verdict into a side's status: any failure wins. */
enum check_status check_status_add(enum check_status so_far, const char *verdict);

enum check_verdict {
	CHECK_PASS,
	CHECK_REGRESSED,	/* fails in B and did not fail in A */
	CHECK_KNOWN,		/* fails in B, listed in known-failures */
	CHECK_STILL_FAILING,	/* failed in A already */
	CHECK_FIXED,		/* failed in A, passes in B */
	CHECK_SKIPPED,
	CHECK_NOT_RUN,		/* absent from B */
};

enum check_verdict judge_check(enum check_status a, enum check_status b, bool known);

const char *metric_verdict_name(enum metric_verdict v);
const char *check_verdict_name(enum check_verdict v);
const char *check_status_name(enum check_status s);

#endif
