// SPDX-License-Identifier: GPL-2.0
/*
 * The built swapguard on this host: the self-test on a scratch file must see
 * every write path write (so the swap-file run can fail), and bad input must
 * be refused with exit 2.  Runs guests/tools/bin/swapguard from the top of
 * the tree, as `make test-unit` does.
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

#include "run_cmd.h"

#define SWAPGUARD "guests/tools/bin/swapguard"

static size_t count(const char *text, const char *needle)
{
	size_t n = 0;

	for (; (text = strstr(text, needle)); text++)
		n++;
	return n;
}

static void test_every_path_writes_an_ordinary_file(void **state)
{
	char dir[] = "/tmp/swapguard-test.XXXXXX";

	assert_non_null(mkdtemp(dir));
	assert_int_equal(run(SWAPGUARD " --on-ordinary-file %s", dir), 0);
	assert_non_null(strstr(out, "\n1..23\n"));
	assert_int_equal(count(out, "\nok "), 23);
	assert_int_equal(count(out, "not ok"), 0);
	assert_int_equal(count(out, "and it landed"), 23);
	/* The scratch file and the copy source are gone. */
	assert_int_equal(rmdir(dir), 0);
}

static void test_ordinary_file_is_not_swap(void **state)
{
	char path[] = "/tmp/swapguard-test.XXXXXX";
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(run(SWAPGUARD " %s 2>&1", path), 2);
	assert_non_null(strstr(out, "is not an active swap file"));
	assert_non_null(strstr(out, "--on-ordinary-file"));
	unlink(path);
}

static void test_bad_input(void **state)
{
	assert_int_equal(run(SWAPGUARD " /nonexistent/swapfile 2>&1"), 2);
	assert_non_null(strstr(out, "No such file"));
	assert_int_equal(run(SWAPGUARD " --on-ordinary-file /nonexistent 2>&1"), 2);
	assert_non_null(strstr(out, "needs a directory"));
	assert_int_equal(run(SWAPGUARD " --frobnicate 2>&1"), 2);
	assert_int_equal(run(SWAPGUARD " 2>&1"), 2);
	assert_int_equal(run(SWAPGUARD " --help"), 0);
	assert_non_null(strstr(out, "usage: swapguard"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_path_writes_an_ordinary_file),
		cmocka_unit_test(test_ordinary_file_is_not_swap),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
