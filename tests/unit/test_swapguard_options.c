// SPDX-License-Identifier: GPL-2.0
/* swapguard's command line: one path, the self-test mode, clear errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../guests/tools/sg_options.h"

#define ARGV(...) ((char *[]){ "swapguard", __VA_ARGS__, NULL })
#define ARGC(...) ((int)(sizeof((char *[]){ "swapguard", __VA_ARGS__ }) / sizeof(char *)))
#define PARSE(o, err, ...) \
	sg_parse_options(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), o, err, sizeof(err))

static void test_swap_file(void **state)
{
	struct sg_options o;
	char err[256];

	assert_int_equal(PARSE(&o, err, "/mnt/swaplab/client.swap"), SG_PARSE_OK);
	assert_string_equal(o.path, "/mnt/swaplab/client.swap");
	assert_false(o.ordinary);
}

static void test_ordinary(void **state)
{
	struct sg_options o;
	char err[256];

	assert_int_equal(PARSE(&o, err, "--on-ordinary-file", "/tmp"), SG_PARSE_OK);
	assert_string_equal(o.path, "/tmp");
	assert_true(o.ordinary);
	/* Options may follow the path too. */
	assert_int_equal(PARSE(&o, err, "/tmp", "--on-ordinary-file"), SG_PARSE_OK);
	assert_true(o.ordinary);
}

static void test_help(void **state)
{
	struct sg_options o;
	char err[256];

	assert_int_equal(PARSE(&o, err, "--help"), SG_PARSE_HELP);
	assert_non_null(strstr(sg_usage, "--on-ordinary-file DIR"));
	assert_non_null(strstr(sg_usage, "Exit status"));
}

static void test_errors(void **state)
{
	char *none[] = { "swapguard", NULL };
	struct sg_options o;
	char err[256];

	assert_int_equal(sg_parse_options(1, none, &o, err, sizeof(err)), SG_PARSE_ERROR);
	assert_non_null(strstr(err, "missing SWAPFILE"));
	assert_int_equal(PARSE(&o, err, "--on-ordinary-file"), SG_PARSE_ERROR);
	assert_non_null(strstr(err, "missing DIR"));
	assert_int_equal(PARSE(&o, err, "a", "b"), SG_PARSE_ERROR);
	assert_non_null(strstr(err, "unexpected argument 'b'"));
	assert_int_equal(PARSE(&o, err, "--force", "a"), SG_PARSE_ERROR);
	assert_non_null(strstr(err, "unknown option '--force'"));
	assert_int_equal(PARSE(&o, err, "--help=yes"), SG_PARSE_ERROR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swap_file),
		cmocka_unit_test(test_ordinary),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
