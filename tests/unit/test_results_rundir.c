// SPDX-License-Identifier: GPL-2.0
/* Run directories: what is accepted, and every way a half-written one is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "../../results/rundir.h"

#define META \
	"{\"schema\": 1, \"id\": \"20261203-101500-vm-verify-patched-r1\"," \
	" \"suite\": \"20261203-101500\", \"scenario\": \"vm-verify\"," \
	" \"scenario_file\": \"scenarios/default/vm-verify.scn\"," \
	" \"label\": \"patched\", \"repetition\": 1," \
	" \"kernel\": {\"variant\": \"patched\", \"release\": \"6.12.118-swaplab-patched\"," \
	"  \"series_hash\": \"abc\", \"config_hash\": \"def\"}," \
	" \"swap_target\": \"nfs4.2\", \"params\": {\"client_mem_mib\": 384}," \
	" \"host\": {\"accel\": \"tcg\"}, \"started\": \"2026-12-03T10:15:00Z\"," \
	" \"finished\": \"2026-12-03T10:19:12Z\", \"verdict\": \"pass\"}"
#define CHECKS "[{\"name\": \"content\", \"verdict\": \"pass\", \"reason\": \"0 bad pages\"}]"
#define METRICS "[{\"name\": \"swapout_mibps\", \"value\": 41.2, \"unit\": \"MiB/s\"," \
	" \"direction\": \"higher\"}, {\"name\": \"elapsed_s\", \"value\": 252," \
	" \"unit\": \"s\", \"direction\": \"lower\"}]"

/* META with one piece of text replaced, to break one field at a time. */
static char *meta_with(const char *from, const char *to)
{
	const char *at = strstr(META, from);
	char *out;

	assert_non_null(at);
	assert_true(asprintf(&out, "%.*s%s%s", (int)(at - META), META, to,
			     at + strlen(from)) > 0);
	return out;
}

static void test_valid(void **state)
{
	struct run_record rec;
	char why[256];

	assert_int_equal(rundir_parse(META, CHECKS, METRICS, &rec, why, sizeof(why)), 0);
	assert_string_equal(rec.id, "20261203-101500-vm-verify-patched-r1");
	assert_string_equal(rec.label, "patched");
	assert_string_equal(rec.kernel.release, "6.12.118-swaplab-patched");
	assert_string_equal(rec.kernel.commit, "");
	assert_string_equal(rec.server_kernel.variant, "");
	assert_int_equal(rec.n_checks, 1);
	assert_string_equal(rec.checks[0].verdict, "pass");
	assert_int_equal(rec.n_metrics, 2);
	assert_true(rec.metrics[0].value == 41.2);
	assert_true(rec.metrics[1].value == 252.0);
	assert_string_equal(rec.metrics[1].direction, "lower");
	assert_string_equal(rec.params_json, "{\"client_mem_mib\":384}");
	assert_true(run_duration(&rec) == 252.0);
	run_record_free(&rec);
}

static void expect_refused(const char *meta, const char *checks, const char *metrics,
			   const char *why_part)
{
	struct run_record rec;
	char why[256];

	assert_int_equal(rundir_parse(meta, checks, metrics, &rec, why, sizeof(why)), -1);
	if (!strstr(why, why_part))
		fail_msg("reason \"%s\" does not say \"%s\"", why, why_part);
	assert_null(rec.id);
}

static void test_truncated_and_junk(void **state)
{
	char *half = strndup(META, 120);

	expect_refused(half, CHECKS, METRICS, "meta.json: not valid JSON (truncated)");
	expect_refused(META, CHECKS "]", METRICS, "checks.json: unexpected data");
	expect_refused(META, "{}", METRICS, "checks.json: expected a JSON array");
	expect_refused(META, CHECKS, "", "metrics.json: not valid JSON");
	free(half);
}

static void test_bad_fields(void **state)
{
	static const struct {
		const char *from, *to, *why;
	} cases[] = {
		{ "\"schema\": 1", "\"schema\": 2", "\"schema\" must be 1" },
		{ "\"label\": \"patched\",", "", "missing \"label\"" },
		{ "\"scenario\": \"vm-verify\"", "\"scenario\": \"../etc\"", "only letters" },
		{ "\"verdict\": \"pass\"", "\"verdict\": \"ok\"", "\"verdict\" is \"ok\"" },
		{ "\"repetition\": 1", "\"repetition\": 0", "positive integer" },
		{ "2026-12-03T10:15:00Z", "yesterday", "not a UTC time" },
		{ "2026-12-03T10:15:00Z", "", "\"started\" is \"\", not a UTC time" },
		{ "\"release\": \"6.12.118-swaplab-patched\",", "", "kernel: missing \"release\"" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *meta = meta_with(cases[i].from, cases[i].to);

		expect_refused(meta, CHECKS, METRICS, cases[i].why);
		free(meta);
	}
}

static void test_bad_checks_and_metrics(void **state)
{
	expect_refused(META, "[{\"name\": \"x\", \"verdict\": \"passed\"}]", METRICS,
		       "\"verdict\" is \"passed\"");
	expect_refused(META, "[{\"name\": \"x\", \"verdict\": \"pass\"},"
		       " {\"name\": \"x\", \"verdict\": \"fail\"}]", METRICS,
		       "check \"x\" appears twice");
	expect_refused(META, CHECKS, "[{\"name\": \"m\", \"value\": \"fast\","
		       " \"unit\": \"s\", \"direction\": \"lower\"}]",
		       "metric \"m\": \"value\" must be a number");
	expect_refused(META, CHECKS, "[{\"name\": \"m\", \"value\": 1, \"unit\": \"s\","
		       " \"direction\": \"up\"}]", "m: \"direction\" is \"up\"");
	expect_refused(META, CHECKS, "[{\"name\": \"m\", \"value\": 1,"
		       " \"direction\": \"up\"}]", "m: missing \"unit\"");
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_load_checks_the_directory_name(void **state)
{
	char tmp[] = "/tmp/test_results_rundirXXXXXX", dir[256], why[256], cmd[300];
	struct run_record rec;

	assert_non_null(mkdtemp(tmp));
	snprintf(dir, sizeof(dir), "%s/20261203-101500-vm-verify-patched-r2", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	write_file(dir, "meta.json", META);
	write_file(dir, "checks.json", CHECKS);
	assert_int_equal(rundir_load(dir, &rec, why, sizeof(why)), -1);
	assert_string_equal(why, "metrics.json is missing");
	write_file(dir, "metrics.json", METRICS);
	assert_int_equal(rundir_load(dir, &rec, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "but the directory is named"));
	snprintf(cmd, sizeof(cmd), "rm -r %s", tmp);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_truncated_and_junk),
		cmocka_unit_test(test_bad_fields),
		cmocka_unit_test(test_bad_checks_and_metrics),
		cmocka_unit_test(test_load_checks_the_directory_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
