// SPDX-License-Identifier: GPL-2.0
/* swapverify's JSON: the fields scenarios read, totals, and bad-page detail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../guests/tools/sv_report.h"

static struct sv_cycle cycles[2];
static struct sv_report report;

static int setup(void **state)
{
	memset(cycles, 0, sizeof(cycles));
	report = (struct sv_report){
		.seed = 7, .size_mib = 4, .page_size = 4096, .pages = 1024,
		.passes = 1, .pageout = "madvise+memory.reclaim",
		.cgroup = "/sys/fs/cgroup/swapverify.1",
		.cycles = cycles, .n_cycles = 2,
	};
	/* 1024 pages = 4 MiB out in 2 s and in 1 s (+1 s verifying). */
	cycles[0] = (struct sv_cycle){
		.pass = 1, .order = "sequential", .generation = 1,
		.out = { .done = true, .seconds = 2.0, .pswpout = 1024, .rounds = 2 },
		.readback_s = 2.0, .verify_s = 1.0, .pswpin = 1024,
		.faults = { .samples = 1024, .p50_ns = 12300, .p99_ns = 456700,
			    .max_ns = 2000000 },
	};
	cycles[1] = cycles[0];
	cycles[1].order = "random";
	cycles[1].generation = 2;
	/* Random read-back: 4 MiB in 4 s. */
	cycles[1].readback_s = 5.0;
	return 0;
}

static json_object *field(json_object *o, const char *key)
{
	json_object *v = NULL;

	assert_true(json_object_object_get_ex(o, key, &v));
	return v;
}

static void test_pass_report(void **state)
{
	json_object *j = sv_report_json(&report);
	json_object *c0;

	assert_string_equal(json_object_get_string(field(j, "verdict")), "pass");
	assert_string_equal(json_object_get_string(field(j, "tool")), "swapverify");
	assert_int_equal(json_object_get_int(field(j, "bad_pages")), 0);
	assert_int_equal(json_object_array_length(field(j, "first_bad_pages")), 0);
	assert_int_equal(json_object_get_int(field(j, "seed")), 7);
	/* 8 MiB out in 4 s; 8 MiB in over 1 + 4 s not spent verifying. */
	assert_string_equal(json_object_get_string(field(j, "swapout_mibps")), "2.0");
	assert_string_equal(json_object_get_string(field(j, "swapin_mibps")), "1.6");
	assert_int_equal(json_object_array_length(field(j, "cycles")), 2);
	c0 = json_object_array_get_idx(field(j, "cycles"), 0);
	assert_string_equal(json_object_get_string(field(c0, "order")), "sequential");
	assert_string_equal(json_object_get_string(field(field(c0, "swapin"), "mibps")), "4.0");
	assert_string_equal(json_object_get_string(field(field(c0, "swapout"), "mibps")), "2.0");
	assert_string_equal(json_object_get_string(field(field(c0, "fault_us"), "p50")), "12.3");
	assert_string_equal(json_object_get_string(field(field(c0, "fault_us"), "p99")), "456.7");
	assert_string_equal(json_object_get_string(field(field(c0, "fault_us"), "max")), "2000.0");
	json_object_put(j);
}

static void test_bad_pages_listed_up_to_limit(void **state)
{
	struct pattern_fault f = {
		.verdict = PATTERN_WRONG_INDEX, .first_bad_word = 3, .bad_words = 509,
		.expected = 5, .found = 6, .found_key = { 7, 1, 6 },
	};
	json_object *j, *b0;
	uint64_t page;

	for (page = 5; page < 15; page++)
		sv_report_bad_page(&report, &cycles[1], page, &f);
	j = sv_report_json(&report);
	assert_string_equal(json_object_get_string(field(j, "verdict")), "fail");
	assert_int_equal(json_object_get_int(field(j, "bad_pages")), 10);
	assert_int_equal(json_object_array_length(field(j, "first_bad_pages")), SV_BAD_LISTED);
	assert_int_equal(cycles[1].bad_pages, 10);
	assert_int_equal(cycles[0].bad_pages, 0);
	b0 = json_object_array_get_idx(field(j, "first_bad_pages"), 0);
	assert_int_equal(json_object_get_int(field(b0, "page")), 5);
	assert_string_equal(json_object_get_string(field(b0, "order")), "random");
	assert_string_equal(json_object_get_string(field(b0, "found")), "wrong-index");
	assert_int_equal(json_object_get_int(field(b0, "found_page")), 6);
	assert_string_equal(json_object_get_string(field(b0, "expected_word")),
			    "0x0000000000000005");
	json_object_put(j);
}

static void test_corrupt_page_has_no_found_key(void **state)
{
	struct pattern_fault f = { .verdict = PATTERN_CORRUPT, .bad_words = 1 };
	json_object *j, *b0, *unused;

	sv_report_bad_page(&report, &cycles[0], 3, &f);
	j = sv_report_json(&report);
	b0 = json_object_array_get_idx(field(j, "first_bad_pages"), 0);
	assert_string_equal(json_object_get_string(field(b0, "found")), "corrupt");
	assert_false(json_object_object_get_ex(b0, "found_page", &unused));
	json_object_put(j);
}

static void test_error_report(void **state)
{
	json_object *j;

	report.error = "not enough swap";
	report.n_cycles = 0;
	j = sv_report_json(&report);
	assert_string_equal(json_object_get_string(field(j, "verdict")), "error");
	assert_string_equal(json_object_get_string(field(j, "error")), "not enough swap");
	json_object_put(j);
}

static void test_dry_run_has_no_swapout(void **state)
{
	json_object *j, *c0;

	cycles[0].out.done = false;
	j = sv_report_json(&report);
	c0 = json_object_array_get_idx(field(j, "cycles"), 0);
	assert_null(field(c0, "swapout"));
	json_object_put(j);
}

static void test_notes(void **state)
{
	json_object *j;
	int i;

	for (i = 0; i < SV_MAX_NOTES + 2; i++)
		sv_report_note(&report, "note %d", i);
	j = sv_report_json(&report);
	assert_int_equal(json_object_array_length(field(j, "notes")), SV_MAX_NOTES);
	assert_string_equal(json_object_get_string(
		json_object_array_get_idx(field(j, "notes"), 1)), "note 1");
	json_object_put(j);
}

static void test_mibps(void **state)
{
	assert_true(sv_mibps(256, 4096, 0.5) == 2.0);
	assert_true(sv_mibps(256, 4096, 0) == 0);
	assert_true(sv_mibps(0, 4096, 1) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_pass_report, setup),
		cmocka_unit_test_setup(test_bad_pages_listed_up_to_limit, setup),
		cmocka_unit_test_setup(test_corrupt_page_has_no_found_key, setup),
		cmocka_unit_test_setup(test_error_report, setup),
		cmocka_unit_test_setup(test_dry_run_has_no_swapout, setup),
		cmocka_unit_test_setup(test_notes, setup),
		cmocka_unit_test(test_mibps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
