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

/*
 * The whole printed summary of a suite with spread in every table: runs
 * that failed or ended in error, labels with and without a metric, ratios
 * of three repetitions, a second scenario.  The text is pinned to the
 * byte: scripts and people read these tables.
 */
static void test_output_pinned(void **state)
{
	static const double out[3][3] = {	/* patched, stock, local */
		{ 41.25, 38.5, 44.125 }, { 20.5, 19.75, 23.0 }, { 60.0, 58.5, 61.75 },
	};
	static const char *const lbl[] = { "patched", "stock", "local" };
	static const char expected[] =
		"\n"
		"RUNS\n"
		"id                                                   verdict failed checks / error\n"
		"t-patched-r1                                         pass    \n"
		"t-stock-r1                                           pass    \n"
		"t-local-r1                                           pass    \n"
		"t-patched-r2                                         pass    \n"
		"t-stock-r2                                           fail    content: 12 pages differ  \n"
		"t-local-r2                                           pass    \n"
		"t-patched-r3                                         pass    \n"
		"t-stock-r3                                           pass    \n"
		"t-local-r3                                           error   lab: client did not boot  \n"
		"t-patched-r1                                         pass    \n"
		"t-stock-r1                                           pass    \n"
		"\n"
		"CHECKS s (pass/fail/skip)\n"
		"check               patched        stock        local\n"
		"content               3/0/0        2/1/0        3/0/0\n"
		"\n"
		"METRICS s (mean±sd (n))\n"
		"metric                             unit                    patched                stock                local\n"
		"swapout_mibps                      MiB/s            41.29±2.8 (3)       21.08±1.7 (3)       60.08±1.6 (3)\n"
		"ceiling_write_mibps                MiB/s                 83±3 (3)            84±3 (3)                    -\n"
		"fault_p99_us                       us               25.29±1.5 (3)       48.63±3.1 (3)      17.65±0.85 (3)\n"
		"\n"
		"RATIOS s (per repetition: mean, sd, range)\n"
		"  swapout_mibps patched/stock                    1.960  sd 0.048  range 1.918..2.012  (n=3)\n"
		"  swapout_mibps patched/local                    0.687  sd 0.028  range 0.658..0.715  (n=3)\n"
		"  fault_p99_us patched/stock                     0.521  sd 0.023  range 0.497..0.542  (n=3)\n"
		"  fault_p99_us patched/local                     1.434  sd 0.070  range 1.356..1.491  (n=3)\n"
		"  swap-out / fio ceiling (patched)               0.498  sd 0.029  range 0.464..0.516  (n=3)\n"
		"  swap-out / fio ceiling (stock)                 0.251  sd 0.015  range 0.235..0.264  (n=3)\n"
		"\n"
		"CHECKS other (pass/fail/skip)\n"
		"check               patched        stock\n"
		"content               1/0/0        1/0/0\n"
		"\n"
		"METRICS other (mean±sd (n))\n"
		"metric                             unit                    patched                stock\n"
		"swapout_mibps                      MiB/s               12.5±0 (1)            10±0 (1)\n"
		"ceiling_write_mibps                MiB/s                 50±0 (1)                    -\n"
		"\n"
		"RATIOS other (per repetition: mean, sd, range)\n"
		"  swapout_mibps patched/stock                    1.250  sd 0.000  range 1.250..1.250  (n=1)\n"
		"  swap-out / fio ceiling (patched)               0.250  sd 0.000  range 0.250..0.250  (n=1)\n";
	struct scenario *other;
	struct run_result runs[11];
	char err[256], *text;
	size_t i, l, rep, k = 0;

	other = scenario_parse_text("other.scn", "[scenario]\n[swapverify]\n",
				    err, sizeof(err));
	assert_non_null(other);
	for (rep = 0; rep < 3; rep++)
		for (l = 0; l < 3; l++, k++) {
			make_run(&runs[k], lbl[l], rep + 1, out[l][rep],
				 l == 2 ? 0 : 80.0 + 3 * rep + l);
			metric_add(&runs[k].metrics, "fault_p99_us",
				   1000.0 / out[l][rep] + rep, "us", false);
		}
	runs[4].verdict = runs[4].checks[0].verdict = VERDICT_FAIL;
	strcpy(runs[4].checks[0].reason, "12 pages differ");
	runs[8].verdict = VERDICT_ERROR;
	strcpy(runs[8].error, "lab: client did not boot\nsecond line");
	make_run(&runs[9], "patched", 1, 12.5, 50);
	make_run(&runs[10], "stock", 1, 10, 0);
	runs[9].scn = runs[10].scn = other;
	text = summarize(runs, 11);
	assert_string_equal(text, expected);
	free(text);
	for (i = 0; i < 11; i++)
		run_result_free(&runs[i]);
	scenario_free(other);
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
		cmocka_unit_test(test_output_pinned),
		cmocka_unit_test(test_known_failures),
		cmocka_unit_test(test_expected_failures),
		cmocka_unit_test(test_expect_fail_parse),
	};
	char err[256];

	scn = scenario_parse_text("s.scn", "[scenario]\n[swapverify]\n", err, sizeof(err));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
