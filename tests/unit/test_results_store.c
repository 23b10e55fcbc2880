// SPDX-License-Identifier: GPL-2.0
/*
 * The store with selectors and comparisons on top: idempotent import,
 * replacement of a changed run, selectors over suites, and a comparison
 * that must name a slowdown and a failed check.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "../../results/compare.h"
#include "../../results/select.h"
#include "../../results/store.h"

struct fixture {
	char path[64];
	sqlite3 *db;
	/* For compare(): 5% and p 0.05, no known failures unless a test adds them. */
	struct compare_thresholds th;
	struct known_failures kf;
	char why[512];			/* compare()'s reason on -1 */
};

/* One run as the runner would write it. */
static void make_run(struct run_record *rec, const char *suite, const char *scenario,
		     const char *label, int rep, double swapout, const char *content)
{
	char *meta, *checks, *metrics, why[256];

	assert_true(asprintf(&meta, "{\"schema\": 1, \"id\": \"%s-%s-%s-r%d\","
			     " \"suite\": \"%s\", \"scenario\": \"%s\", \"label\": \"%s\","
			     " \"repetition\": %d, \"kernel\": {\"variant\": \"%s\","
			     " \"release\": \"6.12.118\"}, \"started\": \"%.4s-%.2s-%.2sT%.2s:%.2s:0%dZ\","
			     " \"verdict\": \"%s\"}", suite, scenario, label, rep, suite,
			     scenario, label, rep, label, suite, suite + 4, suite + 6,
			     suite + 9, suite + 11, rep, content) > 0);
	assert_true(asprintf(&checks, "[{\"name\": \"content\", \"verdict\": \"%s\","
			     " \"reason\": \"%s\"}]", content,
			     strcmp(content, "pass") ? "12 bad pages" : "0 bad pages") > 0);
	assert_true(asprintf(&metrics, "[{\"name\": \"swapout_mibps\", \"value\": %g,"
			     " \"unit\": \"MiB/s\", \"direction\": \"higher\"}]", swapout) > 0);
	if (rundir_parse(meta, checks, metrics, rec, why, sizeof(why)))
		fail_msg("%s", why);
	rec->dir = strdup("/nonexistent");
	free(meta);
	free(checks);
	free(metrics);
}

static void put(struct fixture *fx, const char *suite, const char *scenario,
		const char *label, int rep, double swapout, const char *content,
		enum store_outcome expect)
{
	struct run_record rec;
	enum store_outcome got;
	char why[256];

	make_run(&rec, suite, scenario, label, rep, swapout, content);
	assert_int_equal(store_put_run(fx->db, &rec, &got, why, sizeof(why)), 0);
	assert_int_equal(got, expect);
	run_record_free(&rec);
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	int fd;

	strcpy(fx->path, "/tmp/test_results_storeXXXXXX");
	fd = mkstemp(fx->path);
	close(fd);
	unlink(fx->path);
	assert_int_equal(store_open(fx->path, true, &fx->db), 0);
	fx->th = (struct compare_thresholds){ 5.0, 0.05 };
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	store_close(fx->db);
	unlink(fx->path);
	known_failures_free(&fx->kf);
	free(fx);
	return 0;
}

/* Selectors A and B compared with the fixture's thresholds and known failures. */
static int compare(struct fixture *fx, const char *a, const char *b, struct comparison *cmp)
{
	return comparison_build(fx->db, a, b, &fx->th, &fx->kf, cmp, fx->why, sizeof(fx->why));
}

static void test_import_is_idempotent(void **state)
{
	struct fixture *fx = *state;
	struct run_record rec;
	char why[256];

	put(fx, "20261201-100000", "vm", "patched", 1, 40, "pass", STORE_ADDED);
	put(fx, "20261201-100000", "vm", "patched", 1, 40, "pass", STORE_UNCHANGED);
	put(fx, "20261201-100000", "vm", "patched", 1, 41, "pass", STORE_UPDATED);
	assert_int_equal(store_get_run(fx->db, "20261201-100000-vm-patched-r1", &rec,
				       why, sizeof(why)), 0);
	assert_true(rec.metrics[0].value == 41);
	assert_string_equal(rec.dir, "/nonexistent");
	run_record_free(&rec);
	assert_int_equal(store_get_run(fx->db, "nope", &rec, why, sizeof(why)), -1);
	assert_string_equal(why, "no run 'nope' in the store");
}

static void expect_ids(sqlite3 *db, const char *sel, size_t n, const char *first)
{
	char **ids, why[512];
	size_t got;

	if (selector_resolve(db, sel, &ids, &got, why, sizeof(why)))
		fail_msg("%s: %s", sel, why);
	if (got != n)
		fail_msg("%s: %zu runs, expected %zu", sel, got, n);
	assert_string_equal(ids[0], first);
	run_ids_free(ids, got);
}

static void test_selectors(void **state)
{
	struct fixture *fx = *state;
	char **ids, why[512];
	size_t n;
	int rep;

	for (rep = 1; rep <= 3; rep++) {
		put(fx, "20261201-100000", "vm", "patched", rep, 40, "pass", STORE_ADDED);
		put(fx, "20261201-100000", "vm", "stock", rep, 36, "pass", STORE_ADDED);
		put(fx, "20261201-100000", "ps", "patched", rep, 20, "pass", STORE_ADDED);
	}
	/* A later suite that ran only one scenario must not hide the other. */
	put(fx, "20261202-100000", "vm", "patched", 1, 39, "pass", STORE_ADDED);
	expect_ids(fx->db, "patched", 4, "20261201-100000-ps-patched-r1");
	expect_ids(fx->db, "vm/patched", 1, "20261202-100000-vm-patched-r1");
	expect_ids(fx->db, "patched@20261201-100000", 6, "20261201-100000-ps-patched-r1");
	expect_ids(fx->db, "vm/last:2:patched", 2, "20261201-100000-vm-patched-r3");
	expect_ids(fx->db, "last:1:patched", 2, "20261201-100000-ps-patched-r3");
	expect_ids(fx->db, "20261201-100000-vm-stock-r2", 1, "20261201-100000-vm-stock-r2");
	assert_int_equal(selector_resolve(fx->db, "debug", &ids, &n, why, sizeof(why)), -1);
	assert_string_equal(why, "'debug' matches no run: not a run id, and no run has "
			    "label 'debug' (labels in the store: patched, stock)");
	assert_int_equal(selector_resolve(fx->db, "xx/patched", &ids, &n, why,
					  sizeof(why)), -1);
	assert_non_null(strstr(why, "(scenarios: ps, vm;"));
}

static void test_comparison_names_slowdown_and_failed_check(void **state)
{
	struct fixture *fx = *state;
	struct comparison cmp;

	put(fx, "20261201-100000", "vm", "patched", 1, 40, "pass", STORE_ADDED);
	put(fx, "20261202-100000", "vm", "patched", 1, 28, "fail", STORE_ADDED);
	assert_int_equal(compare(fx, "20261201-100000-vm-patched-r1",
				 "20261202-100000-vm-patched-r1", &cmp), 0);
	assert_int_equal(cmp.n_metrics, 1);
	assert_int_equal(cmp.metrics[0].j.verdict, METRIC_REGRESSED);
	assert_int_equal(cmp.n_checks, 2);
	assert_string_equal(cmp.checks[0].check, "content");
	assert_int_equal(cmp.checks[0].verdict, CHECK_REGRESSED);
	assert_string_equal(cmp.checks[0].reason, "12 bad pages");
	assert_string_equal(cmp.checks[1].check, CHECK_RUN_COMPLETED);
	assert_int_equal(cmp.checks[1].verdict, CHECK_PASS);
	assert_int_equal(cmp.regressions, 2);
	comparison_free(&cmp);

	/* Listed as known: shown as such, and no longer a regression. */
	assert_int_equal(known_failures_parse("vm/content@patched  flaky under TCG\n",
					      &fx->kf, fx->why, sizeof(fx->why)), 0);
	fx->th.pct = 50;
	assert_int_equal(compare(fx, "20261201-100000-vm-patched-r1",
				 "20261202-100000-vm-patched-r1", &cmp), 0);
	assert_int_equal(cmp.checks[0].verdict, CHECK_KNOWN);
	assert_string_equal(cmp.checks[0].known_reason, "flaky under TCG");
	assert_int_equal(cmp.regressions, 0);
	assert_int_equal(cmp.known, 1);
	comparison_free(&cmp);
}

static void test_comparison_needs_a_common_scenario(void **state)
{
	struct fixture *fx = *state;
	struct comparison cmp;

	put(fx, "20261201-100000", "vm", "patched", 1, 40, "pass", STORE_ADDED);
	put(fx, "20261201-100000", "ps", "stock", 1, 40, "pass", STORE_ADDED);
	assert_int_equal(compare(fx, "stock", "patched", &cmp), -1);
	assert_non_null(strstr(fx->why, "have no scenario in common"));
	assert_int_equal(compare(fx, "stock", "nolabel", &cmp), -1);
	assert_non_null(strstr(fx->why, "B: 'nolabel' matches no run"));
}

static void test_lab_failure_is_a_regression_with_its_error(void **state)
{
	static const char meta[] =
		"{\"schema\": 1, \"id\": \"20261202-100000-vm-patched-r1\","
		" \"suite\": \"20261202-100000\", \"scenario\": \"vm\", \"label\": \"patched\","
		" \"repetition\": 1, \"kernel\": {\"variant\": \"patched\", \"release\": \"\"},"
		" \"started\": \"2026-12-02T10:00:00Z\", \"verdict\": \"error\","
		" \"error\": \"client: kernel panic\"}";
	struct fixture *fx = *state;
	enum store_outcome outcome;
	struct run_record rec;
	struct comparison cmp;
	char why[512];

	put(fx, "20261201-100000", "vm", "patched", 1, 40, "pass", STORE_ADDED);
	assert_int_equal(rundir_parse(meta, "[]", "[]", &rec, why, sizeof(why)), 0);
	assert_string_equal(rec.error, "client: kernel panic");
	rec.dir = strdup("/nonexistent");
	assert_int_equal(store_put_run(fx->db, &rec, &outcome, why, sizeof(why)), 0);
	run_record_free(&rec);
	assert_int_equal(compare(fx, "patched@20261201-100000", "patched@20261202-100000",
				 &cmp), 0);
	assert_int_equal(cmp.n_metrics, 0);
	assert_int_equal(cmp.n_checks, 2);
	assert_string_equal(cmp.checks[1].check, CHECK_RUN_COMPLETED);
	assert_int_equal(cmp.checks[1].verdict, CHECK_REGRESSED);
	assert_string_equal(cmp.checks[1].reason, "client: kernel panic");
	assert_int_equal(cmp.checks[0].verdict, CHECK_NOT_RUN);
	assert_int_equal(cmp.regressions, 1);
	comparison_free(&cmp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_import_is_idempotent, setup, teardown),
		cmocka_unit_test_setup_teardown(test_selectors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_comparison_names_slowdown_and_failed_check,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_comparison_needs_a_common_scenario,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_lab_failure_is_a_regression_with_its_error,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
