// SPDX-License-Identifier: GPL-2.0
/*
 * Verdicts.  A metric changed when it moved by more than the threshold and,
 * where both sides have a spread to test (n >= 2), Welch's t-test says the
 * move is unlikely to be noise (p < alpha), as mmtests' compare-kernels does.
 * With n = 1 there is no t-test: the threshold alone decides, and the note
 * says so.
 */
#include <math.h>
#include <string.h>

#include "verdict.h"

static double pct_change(double a, double b)
{
	if (a == 0.0)
		return b == 0.0 ? 0.0 : copysign(INFINITY, b);
	return (b - a) / fabs(a) * 100.0;
}

void judge_metric(const struct sample_stats *a, const struct sample_stats *b,
		  bool higher_is_better, const struct compare_thresholds *th,
		  struct metric_judgement *j)
{
	bool better;

	memset(j, 0, sizeof(*j));
	j->pct_change = pct_change(a->mean, b->mean);
	j->tested = welch_test(a, b, &j->welch);
	if (j->tested && a->mean) {
		struct welch_interval ci;

		welch_interval_of(a, b, &j->welch, th->alpha, 0.8, &ci);
		j->ci_lo_pct = 100.0 * ci.lo / fabs(a->mean);
		j->ci_hi_pct = 100.0 * ci.hi / fabs(a->mean);
		j->mde_pct = 100.0 * ci.mde / fabs(a->mean);
	}
	j->verdict = METRIC_SAME;
	if (fabs(j->pct_change) <= th->pct) {
		j->note = j->tested ? "within threshold" : "within threshold, n too small";
		return;
	}
	if (j->tested && j->welch.p >= th->alpha) {
		j->note = "not significant";
		return;
	}
	better = (j->pct_change > 0) == higher_is_better;
	j->verdict = better ? METRIC_IMPROVED : METRIC_REGRESSED;
	j->note = j->tested ? "significant" : "n too small: threshold alone";
}

enum check_status check_status_add(enum check_status so_far, const char *verdict)
{
	enum check_status s = STATUS_SKIP;

	if (!strcmp(verdict, "fail"))
		s = STATUS_FAIL;
	else if (!strcmp(verdict, "pass"))
		s = STATUS_PASS;
	return s > so_far ? s : so_far;
}

enum check_verdict judge_check(enum check_status a, enum check_status b, bool known)
{
	switch (b) {
	case STATUS_FAIL:
		if (known)
			return CHECK_KNOWN;
		return a == STATUS_FAIL ? CHECK_STILL_FAILING : CHECK_REGRESSED;
	case STATUS_PASS:
		return a == STATUS_FAIL ? CHECK_FIXED : CHECK_PASS;
	case STATUS_SKIP:
		return CHECK_SKIPPED;
	default:
		return CHECK_NOT_RUN;
	}
}

const char *metric_verdict_name(enum metric_verdict v)
{
	static const char *const names[] = {
		[METRIC_SAME] = "no significant change",
		[METRIC_IMPROVED] = "improved",
		[METRIC_REGRESSED] = "regressed",
	};

	return names[v];
}

const char *check_verdict_name(enum check_verdict v)
{
	static const char *const names[] = {
		[CHECK_PASS] = "pass",
		[CHECK_REGRESSED] = "regressed",
		[CHECK_KNOWN] = "known failure",
		[CHECK_STILL_FAILING] = "still failing",
		[CHECK_FIXED] = "fixed",
		[CHECK_SKIPPED] = "skipped",
		[CHECK_NOT_RUN] = "not run",
	};

	return names[v];
}

const char *check_status_name(enum check_status s)
{
	static const char *const names[] = {
		[STATUS_ABSENT] = "-",
		[STATUS_SKIP] = "skip",
		[STATUS_PASS] = "pass",
		[STATUS_FAIL] = "fail",
	};

	return names[s];
}
