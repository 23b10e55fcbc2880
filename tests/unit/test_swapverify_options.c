// SPDX-License-Identifier: GPL-2.0
/* swapverify's options: defaults, every option, and every kind of bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../guests/tools/sv_options.h"

#define ARGV(...) ((char *[]){ "swapverify", __VA_ARGS__, NULL })
#define ARGC(...) ((int)(sizeof((char *[]){ "swapverify", __VA_ARGS__ }) / sizeof(char *)))
#define PARSE(o, err, ...) \
	sv_parse_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), o, err, sizeof(err))

static void test_defaults(void **state)
{
	char *argv[] = { "swapverify", NULL };
	struct sv_options o;
	char err[256];

	assert_int_equal(sv_parse_options(1, argv, &o, err, sizeof(err)), SV_PARSE_OK);
	assert_int_equal(o.size_mib, 64);
	assert_int_equal(o.passes, 1);
	assert_false(o.seed_given);
	assert_true(o.use_cgroup);
	assert_true(o.pageout);
	assert_int_equal(o.hold_s, 0);
	assert_null(o.json_path);
}

static void test_every_option(void **state)
{
	struct sv_options o;
	char err[256];

	assert_int_equal(PARSE(&o, err, "--size", "512", "--seed", "18446744073709551615",
			       "--passes", "3", "--no-cgroup", "--hold", "30",
			       "--json", "/tmp/x.json"), SV_PARSE_OK);
	assert_int_equal(o.size_mib, 512);
	assert_true(o.seed_given);
	assert_true(o.seed == UINT64_MAX);
	assert_int_equal(o.passes, 3);
	assert_false(o.use_cgroup);
	assert_true(o.pageout);
	assert_int_equal(o.hold_s, 30);
	assert_string_equal(o.json_path, "/tmp/x.json");
}

static void test_equals_form_and_dry_run(void **state)
{
	struct sv_options o;
	char err[256];

	assert_int_equal(PARSE(&o, err, "--size=8", "--no-pageout"), SV_PARSE_OK);
	assert_int_equal(o.size_mib, 8);
	assert_false(o.pageout);
}

static void test_help(void **state)
{
	struct sv_options o;
	char err[256];

	assert_int_equal(PARSE(&o, err, "--size", "8", "--help"), SV_PARSE_HELP);
	assert_non_null(strstr(sv_usage, "--hold SEC"));
	assert_non_null(strstr(sv_usage, "--no-cgroup"));
	assert_non_null(strstr(sv_usage, "Exit status"));
}

/* Each bad input is refused with a message that names what was wrong. */
static void refused(enum sv_parse_result r, const char *err, const char *names)
{
	assert_int_equal(r, SV_PARSE_ERROR);
	assert_non_null(strstr(err, names));
}

static void test_bad_sizes(void **state)
{
	struct sv_options o;
	char err[256];

	refused(PARSE(&o, err, "--size", "0"), err, "--size '0'");
	refused(PARSE(&o, err, "--size", "abc"), err, "--size 'abc'");
	refused(PARSE(&o, err, "--size", "12k"), err, "--size '12k'");
	refused(PARSE(&o, err, "--size", "-1"), err, "--size '-1'");
	refused(PARSE(&o, err, "--size", ""), err, "--size ''");
	refused(PARSE(&o, err, "--size", "99999999999999999999"), err, "--size");
	refused(PARSE(&o, err, "--size", "1048577"), err, "from 1 to 1048576");
}

static void test_bad_numbers(void **state)
{
	struct sv_options o;
	char err[256];

	refused(PARSE(&o, err, "--passes", "0"), err, "--passes '0'");
	refused(PARSE(&o, err, "--seed", "x1"), err, "--seed 'x1'");
	refused(PARSE(&o, err, "--seed", "18446744073709551616"), err, "--seed");
	refused(PARSE(&o, err, "--hold", "1.5"), err, "--hold '1.5'");
}

static void test_bad_usage(void **state)
{
	struct sv_options o;
	char err[256];

	refused(PARSE(&o, err, "--sise", "8"), err, "unknown option '--sise'");
	refused(PARSE(&o, err, "-s"), err, "unknown option '-s'");
	refused(PARSE(&o, err, "--size"), err, "--size needs an argument");
	refused(PARSE(&o, err, "extra"), err, "unexpected argument 'extra'");
	refused(PARSE(&o, err, "--no-pageout", "--hold", "5"), err, "drop --no-pageout");
}

/* optind is reset: a second parse is not confused by the first. */
static void test_parse_twice(void **state)
{
	struct sv_options o;
	char err[256];

	refused(PARSE(&o, err, "--bogus"), err, "--bogus");
	assert_int_equal(PARSE(&o, err, "--size", "4"), SV_PARSE_OK);
	assert_int_equal(o.size_mib, 4);
}

/* --shmem: a memfd mapped shared instead of anonymous memory. */
static void test_shmem(void **state)
{
	struct sv_options o;
	char err[256];

	assert_int_equal(PARSE(&o, err, "--size", "8"), SV_PARSE_OK);
	assert_false(o.shmem);
	assert_int_equal(PARSE(&o, err, "--shmem", "--size", "8", "--hold", "5"), SV_PARSE_OK);
	assert_true(o.shmem);
	assert_true(o.pageout);
	assert_int_equal(o.hold_s, 5);
	refused(PARSE(&o, err, "--shmem=yes"), err, "--shmem=yes");
	assert_non_null(strstr(sv_usage, "--shmem"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_every_option),
		cmocka_unit_test(test_equals_form_and_dry_run),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_shmem),
		cmocka_unit_test(test_bad_sizes),
		cmocka_unit_test(test_bad_numbers),
		cmocka_unit_test(test_bad_usage),
		cmocka_unit_test(test_parse_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
