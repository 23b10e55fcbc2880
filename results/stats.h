/* SPDX-License-Identifier: GPL-2.0 */
/* Summary statistics and Welch's t-test for comparing two sets of runs. */
#ifndef SWAPLAB_RESULTS_STATS_H
#define SWAPLAB_RESULTS_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct sample_stats {
	size_t n;
	double mean;
	double stddev;		/* sample standard deviation; 0 when n < 2 */
};

void sample_stats_of(const double *values, size_t n, struct sample_stats *s);

/*
 * The same summary of values met one at a time, without keeping them, and
 * their range.  Zeroed, it holds no values.
 */
struct running_stats {
	size_t n;
	double sum, sumsq;
	double min, max;	/* 0 while n is 0 */
};

void running_stats_add(struct running_stats *r, double v);
/* Its count, mean and sample standard deviation (0 when n < 2). */
void running_stats_summary(const struct running_stats *r, struct sample_stats *s);

struct welch_result {
	double t;
	double df;		/* Welch-Satterthwaite degrees of freedom */
	double p;		/* two-sided */
	double se;		/* standard error of mean(B) - mean(A) */
};

/*
 * Welch's unequal-variances t-test.  False when it cannot be computed:
 * a side with n < 2 has no variance estimate.
 */
bool welch_test(const struct sample_stats *a, const struct sample_stats *b,
		struct welch_result *r);

/*
 * From a computed welch_result: the two-sided (1 - alpha) confidence
 * interval of mean(B) - mean(A), and the smallest difference the data could
 * have detected with that alpha and the given power,
 * (t(1 - alpha/2, df) + t(power, df)) * se.
 */
struct welch_interval {
	double lo, hi;
	double mde;
};

void welch_interval_of(const struct sample_stats *a, const struct sample_stats *b,
		       const struct welch_result *r, double alpha, double power,
		       struct welch_interval *ci);

#endif
