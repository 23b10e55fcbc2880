// SPDX-License-Identifier: GPL-2.0
/* Statistics and verdicts: Welch's t-test against a published result, thresholds, n = 1. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../results/verdict.h"

static const struct compare_thresholds th = { 5.0, 0.05 };

/*
 * R's classic example, t.test(extra ~ group, data = sleep): Welch's
 * t = -1.8608, df = 17.776, p-value = 0.07939 (our t has B - A, so +).
 */
static void test_welch_sleep_data(void **state)
{
	static const double g1[] = { 0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0 };
	static const double g2[] = { 1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4 };
	struct sample_stats a, b;
	struct welch_result r;

	sample_stats_of(g1, 10, &a);
	sample_stats_of(g2, 10, &b);
	assert_true(fabs(a.mean - 0.75) < 1e-12);
	assert_true(fabs(b.mean - 2.33) < 1e-12);
	assert_true(fabs(a.stddev - 1.789010) < 1e-6);
	assert_true(welch_test(&a, &b, &r));
	assert_true(fabs(r.t - 1.8608) < 1e-4);
	assert_true(fabs(r.df - 17.776) < 1e-3);
	assert_true(fabs(r.p - 0.07939) < 1e-5);
}

/*
 * The same data: R's t.test gives the 95% interval of mean(group 1) -
 * mean(group 2) as [-3.3654832, 0.2054832], so B - A is [-0.2054832,
 * 3.3654832].  The smallest difference detectable at alpha 0.05 with power
 * 0.8 is (t(0.975) + t(0.8)) * se with df 17.776; t tables for df 18 give
 * 2.101 and 0.862, se = 0.849088: 2.5177.
 */
static void test_welch_interval_sleep_data(void **state)
{
	static const double g1[] = { 0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0 };
	static const double g2[] = { 1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4 };
	struct sample_stats a, b;
	struct welch_result r;
	struct welch_interval ci;

	sample_stats_of(g1, 10, &a);
	sample_stats_of(g2, 10, &b);
	assert_true(welch_test(&a, &b, &r));
	assert_true(fabs(r.se - 0.849088) < 1e-5);
	welch_interval_of(&a, &b, &r, 0.05, 0.8, &ci);
	assert_true(fabs(ci.lo - -0.2054832) < 1e-4);
	assert_true(fabs(ci.hi - 3.3654832) < 1e-4);
	assert_true(fabs(ci.mde - 2.5177) < 2e-3);
}

/* A synthetic 10% slowdown (n = 5 a side, 2% spread) is caught, and said to be. */
/* Values met one at a time: what sample_stats_of() says of them all, and their range. */
static void test_running_stats(void **state)
{
	static const double g2[] = { 1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4 };
	struct running_stats r = { 0 };
	struct sample_stats all, s;
	size_t i;

	running_stats_summary(&r, &s);
	assert_int_equal(s.n, 0);
	assert_true(s.mean == 0.0 && s.stddev == 0.0);
	running_stats_add(&r, 7.5);
	running_stats_summary(&r, &s);
	assert_int_equal(s.n, 1);
	assert_true(s.mean == 7.5 && s.stddev == 0.0);
	assert_true(r.min == 7.5 && r.max == 7.5);

	memset(&r, 0, sizeof(r));
	for (i = 0; i < 10; i++)
		running_stats_add(&r, g2[i]);
	sample_stats_of(g2, 10, &all);
	running_stats_summary(&r, &s);
	assert_int_equal(s.n, 10);
	assert_true(fabs(s.mean - all.mean) < 1e-12);
	assert_true(fabs(s.stddev - all.stddev) < 1e-12);
	assert_true(r.min == -0.1 && r.max == 5.5);

	/* all alike: no spread, even where rounding would make it negative */
	memset(&r, 0, sizeof(r));
	for (i = 0; i < 3; i++)
		running_stats_add(&r, 0.1);
	running_stats_summary(&r, &s);
	assert_true(s.stddev == 0.0);
}

static void test_ten_percent_slowdown_caught(void **state)
{
	static const double before[] = { 100, 98, 102, 101, 99 };
	static const double after[] = { 90, 88.2, 91.8, 90.9, 89.1 };
	struct sample_stats a, b;
	struct metric_judgement j;

	sample_stats_of(before, 5, &a);
	sample_stats_of(after, 5, &b);
	judge_metric(&a, &b, true, &th, &j);
	assert_true(j.tested);
	assert_int_equal(j.verdict, METRIC_REGRESSED);
	assert_true(fabs(j.pct_change - -10.0) < 1e-9);
	assert_true(j.ci_hi_pct < 0 && j.ci_lo_pct < -10.0 && j.ci_hi_pct > -10.0);
	assert_true(j.mde_pct > 0 && j.mde_pct < 10.0);
}

static void test_welch_needs_two_per_side(void **state)
{
	static const double one[] = { 40.0 }, three[] = { 30.0, 31.0, 29.0 };
	struct sample_stats a, b;
	struct welch_result r;

	sample_stats_of(one, 1, &a);
	sample_stats_of(three, 3, &b);
	assert_int_equal(a.stddev, 0);
	assert_false(welch_test(&a, &b, &r));
	assert_false(welch_test(&b, &a, &r));
}

static struct sample_stats stats(size_t n, double mean, double sd)
{
	return (struct sample_stats){ .n = n, .mean = mean, .stddev = sd };
}

static void test_n1_threshold_alone(void **state)
{
	struct sample_stats a = stats(1, 40, 0), b = stats(1, 28, 0);
	struct metric_judgement j;

	judge_metric(&a, &b, true, &th, &j);
	assert_false(j.tested);
	assert_true(fabs(j.pct_change + 30.0) < 1e-9);
	assert_int_equal(j.verdict, METRIC_REGRESSED);
	assert_string_equal(j.note, "n too small: threshold alone");
	b = stats(1, 39, 0);
	judge_metric(&a, &b, true, &th, &j);
	assert_int_equal(j.verdict, METRIC_SAME);
}

static void test_noise_is_not_a_regression(void **state)
{
	/* -20% but with a huge spread: Welch says it may be noise. */
	struct sample_stats a = stats(3, 40, 15), b = stats(3, 32, 15);
	struct metric_judgement j;

	judge_metric(&a, &b, true, &th, &j);
	assert_true(j.tested);
	assert_true(j.welch.p > 0.05);
	assert_int_equal(j.verdict, METRIC_SAME);
	assert_string_equal(j.note, "not significant");
}

static void test_direction(void **state)
{
	/* Latency (lower is better) going up 50% with a small spread regresses. */
	struct sample_stats a = stats(3, 100, 2), b = stats(3, 150, 2);
	struct metric_judgement j;

	judge_metric(&a, &b, false, &th, &j);
	assert_int_equal(j.verdict, METRIC_REGRESSED);
	judge_metric(&a, &b, true, &th, &j);
	assert_int_equal(j.verdict, METRIC_IMPROVED);
	/* Significant but below the threshold: no change worth a verdict. */
	b = stats(3, 103, 0.1);
	a = stats(3, 100, 0.1);
	judge_metric(&a, &b, false, &th, &j);
	assert_true(j.welch.p < 0.05);
	assert_int_equal(j.verdict, METRIC_SAME);
}

static void test_zero_baseline(void **state)
{
	struct sample_stats a = stats(1, 0, 0), b = stats(1, 3, 0);
	struct metric_judgement j;

	judge_metric(&a, &b, false, &th, &j);
	assert_true(isinf(j.pct_change) && j.pct_change > 0);
	assert_int_equal(j.verdict, METRIC_REGRESSED);
	b = stats(1, 0, 0);
	judge_metric(&a, &b, false, &th, &j);
	assert_int_equal(j.verdict, METRIC_SAME);
}

static void test_checks(void **state)
{
	enum check_status s = STATUS_ABSENT;

	s = check_status_add(s, "pass");
	assert_int_equal(s, STATUS_PASS);
	s = check_status_add(s, "fail");
	s = check_status_add(s, "pass");
	assert_int_equal(s, STATUS_FAIL);
	assert_int_equal(check_status_add(STATUS_ABSENT, "skip"), STATUS_SKIP);

	assert_int_equal(judge_check(STATUS_PASS, STATUS_FAIL, false), CHECK_REGRESSED);
	assert_int_equal(judge_check(STATUS_ABSENT, STATUS_FAIL, false), CHECK_REGRESSED);
	assert_int_equal(judge_check(STATUS_PASS, STATUS_FAIL, true), CHECK_KNOWN);
	assert_int_equal(judge_check(STATUS_FAIL, STATUS_FAIL, false), CHECK_STILL_FAILING);
	assert_int_equal(judge_check(STATUS_FAIL, STATUS_PASS, false), CHECK_FIXED);
	assert_int_equal(judge_check(STATUS_PASS, STATUS_PASS, false), CHECK_PASS);
	assert_int_equal(judge_check(STATUS_PASS, STATUS_SKIP, false), CHECK_SKIPPED);
	assert_int_equal(judge_check(STATUS_PASS, STATUS_ABSENT, false), CHECK_NOT_RUN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_welch_sleep_data),
		cmocka_unit_test(test_welch_interval_sleep_data),
		cmocka_unit_test(test_running_stats),
		cmocka_unit_test(test_ten_percent_slowdown_caught),
		cmocka_unit_test(test_welch_needs_two_per_side),
		cmocka_unit_test(test_n1_threshold_alone),
		cmocka_unit_test(test_noise_is_not_a_regression),
		cmocka_unit_test(test_direction),
		cmocka_unit_test(test_zero_baseline),
		cmocka_unit_test(test_checks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
