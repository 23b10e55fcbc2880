// SPDX-License-Identifier: GPL-2.0
/* Fault-latency percentiles on data whose answer is known. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../guests/tools/latency.h"

/* Summarize n samples (sorting them) and check the whole summary. */
static void expect_summary(uint64_t *ns, size_t n, uint64_t p50, uint64_t p99, uint64_t max)
{
	struct latency_summary s;

	latency_summarize(ns, n, &s);
	assert_int_equal(s.samples, n);
	assert_int_equal(s.p50_ns, p50);
	assert_int_equal(s.p99_ns, p99);
	assert_int_equal(s.max_ns, max);
}

static void test_one_to_hundred(void **state)
{
	uint64_t ns[100];
	size_t i;

	/* Descending on purpose: summarize must sort. */
	for (i = 0; i < 100; i++)
		ns[i] = 100 - i;
	expect_summary(ns, 100, 50, 99, 100);
}

static void test_thousand(void **state)
{
	static uint64_t ns[1000];
	size_t i;

	for (i = 0; i < 1000; i++)
		ns[i] = (i * 7919) % 1000 + 1;	/* 1..1000, shuffled */
	expect_summary(ns, 1000, 500, 990, 1000);
}

/* One slow fault among many: p99 sees it only when it is 1% of them. */
static void test_outlier(void **state)
{
	uint64_t ns[200];
	size_t i;

	for (i = 0; i < 200; i++)
		ns[i] = 10;
	ns[17] = 5000;
	expect_summary(ns, 200, 10, 10, 5000);
	/* Sorted now: the one 5000 is last; two more make it 1.5%. */
	ns[0] = 5000;
	ns[1] = 5000;
	expect_summary(ns, 200, 10, 5000, 5000);
}

static void test_small_sets(void **state)
{
	uint64_t one[1] = { 42 }, two[2] = { 9, 3 };

	expect_summary(one, 1, 42, 42, 42);
	expect_summary(two, 2, 3, 9, 9);
}

static void test_empty(void **state)
{
	uint64_t none[1] = { 7 };

	expect_summary(none, 0, 0, 0, 0);
}

static void test_percentile_bounds(void **state)
{
	const uint64_t sorted[4] = { 1, 2, 3, 4 };

	assert_int_equal(latency_percentile(sorted, 4, 0.0), 1);
	assert_int_equal(latency_percentile(sorted, 4, 25.0), 1);
	assert_int_equal(latency_percentile(sorted, 4, 26.0), 2);
	assert_int_equal(latency_percentile(sorted, 4, 100.0), 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_to_hundred),
		cmocka_unit_test(test_thousand),
		cmocka_unit_test(test_outlier),
		cmocka_unit_test(test_small_sets),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_percentile_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
