// SPDX-License-Identifier: GPL-2.0
/* Reading swap area names out of /proc/swaps text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "../../guests/tools/swaps.h"

struct names {
	char seen[4][256];
	int n;
	const char *stop_at;
};

static bool collect(const char *name, void *arg)
{
	struct names *names = arg;

	if (names->n < 4)
		strcpy(names->seen[names->n++], name);
	return names->stop_at && !strcmp(name, names->stop_at);
}

static const char header[] =
	"Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n";

static void test_two_areas(void **state)
{
	char text[512];
	struct names names = { 0 };

	snprintf(text, sizeof(text), "%s%s%s", header,
		 "/mnt/swaplab/client.swap                file\t\t1048572\t\t0\t\t-2\n",
		 "/dev/vdc                                partition\t524284\t\t0\t\t-3\n");
	assert_false(swaps_each(text, collect, &names));
	assert_int_equal(names.n, 2);
	assert_string_equal(names.seen[0], "/mnt/swaplab/client.swap");
	assert_string_equal(names.seen[1], "/dev/vdc");
}

static void test_escaped_names(void **state)
{
	char text[512];
	struct names names = { 0 };

	snprintf(text, sizeof(text), "%s%s", header,
		 "/mnt/my\\040swap\\134file   file\t\t1024\t\t0\t\t-2\n");
	swaps_each(text, collect, &names);
	assert_int_equal(names.n, 1);
	assert_string_equal(names.seen[0], "/mnt/my swap\\file");
}

static void test_no_areas(void **state)
{
	struct names names = { 0 };

	assert_false(swaps_each(header, collect, &names));
	assert_int_equal(names.n, 0);
	assert_false(swaps_each("", collect, &names));
}

static void test_stops_at_match(void **state)
{
	char text[512];
	struct names names = { .stop_at = "/a" };

	snprintf(text, sizeof(text), "%s/a file 1 0 -2\n/b file 1 0 -3\n", header);
	assert_true(swaps_each(text, collect, &names));
	assert_int_equal(names.n, 1);
}

static void test_nothing_active_here(void **state)
{
	/* /proc/swaps exists on this Linux host; this file is no swap. */
	assert_int_equal(swaps_is_active("/proc/self/exe"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_areas),
		cmocka_unit_test(test_escaped_names),
		cmocka_unit_test(test_no_areas),
		cmocka_unit_test(test_stops_at_match),
		cmocka_unit_test(test_nothing_active_here),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
