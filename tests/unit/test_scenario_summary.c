// SPDX-License-Identifier: GPL-2.0
/* The suite's closing tables: per-repetition ratios, spread, exit code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../common/exit_codes.h"
#include "../../scenarios/run.h"
#include "../../results/known.h"

static struct scenario *scn;

static void make_run(struct run_result *r, const char *label, unsigned int rep,
		     double swapout, double ceiling)
{
	memset(r, 0, sizeof(*r));
	r->scn = scn;
	r->label = label_find(label);
	r->rep = rep;
	snprintf(r->id, sizeof(r->id), "t-%s-r%u", label, rep);
	r->checks = calloc(1, sizeof(*r->checks));
	r->nchecks = 1;
	strcpy(r->checks[0].name, "content");
	metric_add(&r->metrics, "swapout_mibps", swapout, "MiB/s", true);
	if (ceiling)
		metric_add(&r->metrics, "ceiling_write_mibps", ceiling, "MiB/s", true);
}

static char *summarize(struct run_result *runs, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	summary_print(f, runs, n);
	fclose(f);
	return text;
}

static void test_ratios(void **state)
{
	struct run_result runs[6];
	char *text;
	size_t i;

	/* patched/stock per repetition: 20/10 = 2.0 and 30/10 = 3.0 */
	make_run(&runs[0], "patched", 1, 20, 40);
	make_run(&runs[1], "stock", 1, 10, 40);
	make_run(&runs[2], "local", 1, 40, 0);
	make_run(&runs[3], "patched", 2, 30, 40);
	make_run(&runs[4], "stock", 2, 10, 40);
	make_run(&runs[5], "local", 2, 60, 0);
	text = summarize(runs, 6);
	if (!strstr(text, "swapout_mibps patched/stock                    2.500  sd 0.707  range 2.000..3.000  (n=2)"))
		fail_msg("%s", text);
	assert_non_null(strstr(text, "swapout_mibps patched/local                    0.500  sd 0.000"));
	assert_non_null(strstr(text, "swap-out / fio ceiling (patched)               0.625"));
	assert_non_null(strstr(text, "swap-out / fio ceiling (stock)                 0.250"));
	assert_null(strstr(text, "fio ceiling (local)"));
	assert_non_null(strstr(text, "25±7.1 (2)"));
	if (!strstr(text, "content               2/0/0"))
		fail_msg("%s", text);
	assert_int_equal(summary_exit_code(runs, 6), 0);
	runs[4].verdict = VERDICT_FAIL;
	assert_int_equal(summary_exit_code(runs, 6), EXIT_CHECK);
	runs[2].verdict = VERDICT_ERROR;
	assert_int_equal(summary_exit_code(runs, 6), EXIT_LAB);
	free(text);
	for (i = 0; i < 6; i++)
		run_result_free(&runs[i]);
}

/* A failed check listed in known-failures shows, and does not fail the suite. */
static void test_known_failures(void **state)
{
	struct known_failures kf = { 0 };
	struct run_result runs[2];
	char why[128], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	make_run(&runs[0], "patched", 1, 20, 0);
	make_run(&runs[1], "stock", 1, 10, 0);
	runs[1].verdict = runs[1].checks[0].verdict = VERDICT_FAIL;
	assert_int_equal(known_failures_parse("s/content@stock  fails on stock too\n",
					      &kf, why, sizeof(why)), 0);
	assert_int_equal(summary_exit_code_known(f, runs, 2, &kf), 0);
	runs[0].verdict = runs[0].checks[0].verdict = VERDICT_FAIL;
	assert_int_equal(summary_exit_code_known(f, runs, 2, &kf), EXIT_CHECK);
	fclose(f);
	assert_non_null(strstr(text, "known failure: t-stock-r1 content: fails on stock too"));
	free(text);
	known_failures_free(&kf);
	run_result_free(&runs[0]);
	run_result_free(&runs[1]);
}

/*
 * expect_fail: the fixture's check failing is fine and named; the same
 * check passing (the lab missed the bug) or not evaluated fails the suite.
 */
static void test_expected_failures(void **state)
{
	struct scenario *xs;
	struct known_failures kf = { 0 };
	struct run_result runs[2];
	char err[256], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	xs = scenario_parse_text("x.scn", "[scenario]\nlabels = debug debug-v1\n"
				 "expect_fail = content@debug-v1\n[swapverify]\n",
				 err, sizeof(err));
	assert_non_null(xs);
	make_run(&runs[0], "debug", 1, 20, 0);
	make_run(&runs[1], "debug-v1", 1, 20, 0);
	runs[0].scn = runs[1].scn = xs;
	runs[1].verdict = runs[1].checks[0].verdict = VERDICT_FAIL;
	strcpy(runs[1].checks[0].reason, "KASAN: slab-use-after-free");
	assert_int_equal(summary_exit_code_known(f, runs, 2, &kf), 0);
	/* the bug not caught */
	runs[1].verdict = runs[1].checks[0].verdict = VERDICT_PASS;
	assert_int_equal(summary_exit_code_known(f, runs, 2, &kf), EXIT_CHECK);
	/* the check not run at all */
	strcpy(runs[1].checks[0].name, "client-log");
	assert_int_equal(summary_exit_code_known(f, runs, 2, &kf), EXIT_CHECK);
	/* the label without expect_fail still fails on its own */
	strcpy(runs[1].checks[0].name, "content");
	runs[1].verdict = runs[1].checks[0].verdict = VERDICT_FAIL;
	runs[0].verdict = runs[0].checks[0].verdict = VERDICT_FAIL;
	assert_int_equal(summary_exit_code_known(f, runs, 2, &kf), EXIT_CHECK);
	fclose(f);
	assert_non_null(strstr(text, "expected failure: t-debug-v1-r1 content: KASAN"));
	assert_non_null(strstr(text, "expected failure missed: t-debug-v1-r1 content pass"));
	assert_non_null(strstr(text, "content@debug-v1 was not evaluated"));
	free(text);
	run_result_free(&runs[0]);
	run_result_free(&runs[1]);
	scenario_free(xs);
}

/* expect_fail names a registered check and a known label. */
static void test_expect_fail_parse(void **state)
{
	char err[256];

	assert_null(scenario_parse_text("x.scn", "[scenario]\nexpect_fail = nosuch@debug\n"
					"[swapverify]\n", err, sizeof(err)));
	assert_non_null(strstr(err, "nosuch@debug"));
	assert_null(scenario_parse_text("x.scn", "[scenario]\nexpect_fail = content\n"
					"[swapverify]\n", err, sizeof(err)));
	assert_null(scenario_parse_text("x.scn", "[scenario]\nexpect_fail = content@nobody\n"
					"[swapverify]\n", err, sizeof(err)));
}

static void test_single_run(void **state)
{
	struct run_result run;
	char *text;

	make_run(&run, "patched", 1, 20, 0);
	text = summarize(&run, 1);
	assert_non_null(strstr(text, "20±0 (1)"));
	assert_null(strstr(text, "patched/stock"));
	free(text);
	run_result_free(&run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ratios),
		cmocka_unit_test(test_single_run),
		cmocka_unit_test(test_known_failures),
		cmocka_unit_test(test_expected_failures),
		cmocka_unit_test(test_expect_fail_parse),
	};
	char err[256];

	scn = scenario_parse_text("s.scn", "[scenario]\n[swapverify]\n", err, sizeof(err));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
