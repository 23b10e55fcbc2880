// SPDX-License-Identifier: GPL-2.0
/* results/textfile: whole-file reads (slurp and text), their limits and errors. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "../../results/textfile.h"

static char dir[] = "/tmp/test_results_textfile.XXXXXX";
static char path[sizeof(dir) + 32];
static char why[512];

/* @path gets @n bytes: @bytes, or a pattern of letters when NULL. */
static void put(const char *bytes, size_t n)
{
	FILE *f = fopen(path, "w");
	size_t i;

	assert_non_null(f);
	for (i = 0; i < n; i++)
		fputc(bytes ? bytes[i] : (char)('a' + i % 26), f);
	assert_int_equal(fclose(f), 0);
}

static int setup(void **state)
{
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/file", dir);
	return 0;
}

static int teardown(void **state)
{
	unlink(path);
	return rmdir(dir);
}

/* Every byte, NULs too, counted, with a '\0' after the last. */
static void test_slurp_keeps_nul_bytes(void **state)
{
	static const char bytes[] = "one\0two\0\0three";
	size_t n = 0;
	char *buf;

	put(bytes, sizeof(bytes) - 1);
	buf = textfile_slurp(path, 0, &n, why, sizeof(why));
	assert_non_null(buf);
	assert_int_equal(n, sizeof(bytes) - 1);
	assert_memory_equal(buf, bytes, n);
	assert_int_equal(buf[n], '\0');
	free(buf);
}

static void test_slurp_empty_file(void **state)
{
	size_t n = 1;
	char *buf;

	put("", 0);
	buf = textfile_slurp(path, 0, &n, why, sizeof(why));
	assert_non_null(buf);
	assert_int_equal(n, 0);
	assert_string_equal(buf, "");
	free(buf);
}

/* Sizes about the buffer's growth: nothing lost or doubled at its edges. */
static void test_slurp_sizes(void **state)
{
	static const size_t sizes[] = { 1, 4095, 4096, 4097, 8191, 8192, 100000 };
	size_t i, j, n;
	char *buf;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		put(NULL, sizes[i]);
		buf = textfile_slurp(path, 0, &n, why, sizeof(why));
		assert_non_null(buf);
		assert_int_equal(n, sizes[i]);
		for (j = 0; j < n; j++)
			assert_int_equal(buf[j], 'a' + j % 26);
		assert_int_equal(buf[n], '\0');
		free(buf);
	}
}

/* Up to @max bytes are read; one more is refused, naming the file. */
static void test_slurp_max(void **state)
{
	char want[sizeof(path) + 64];
	char *buf;

	put(NULL, 5000);
	buf = textfile_slurp(path, 5000, NULL, why, sizeof(why));
	assert_non_null(buf);
	assert_int_equal(strlen(buf), 5000);
	free(buf);
	assert_null(textfile_slurp(path, 4999, NULL, why, sizeof(why)));
	assert_int_equal(errno, EFBIG);
	snprintf(want, sizeof(want), "%s: larger than 4999 bytes", path);
	assert_string_equal(why, want);
	put(NULL, (1u << 20) + 1);
	assert_null(textfile_slurp(path, 1u << 20, NULL, why, sizeof(why)));
	snprintf(want, sizeof(want), "%s: larger than 1 MiB", path);
	assert_string_equal(why, want);
}

/* @file cannot be read: NULL, errno @err and "@file: strerror(@err)". */
static void expect_unreadable(const char *file, int err)
{
	char want[sizeof(path) + 64];

	assert_null(textfile_slurp(file, 0, NULL, why, sizeof(why)));
	assert_int_equal(errno, err);
	snprintf(want, sizeof(want), "%s: %s", file, strerror(err));
	assert_string_equal(why, want);
}

/* Missing, or a directory (it opens, but a read fails): not an empty text. */
static void test_slurp_unreadable(void **state)
{
	unlink(path);
	expect_unreadable(path, ENOENT);
	expect_unreadable(dir, EISDIR);
}

/* textfile_read: text only, 16 MiB at most. */
static void test_read_text(void **state)
{
	char want[sizeof(path) + 64];
	char *buf;

	put("a run\n", 6);
	buf = textfile_read(path, why, sizeof(why));
	assert_non_null(buf);
	assert_string_equal(buf, "a run\n");
	free(buf);
	put("a\0b", 3);
	assert_null(textfile_read(path, why, sizeof(why)));
	snprintf(want, sizeof(want), "%s: contains NUL bytes (corrupt?)", path);
	assert_string_equal(why, want);
	put(NULL, 16u << 20);
	buf = textfile_read(path, why, sizeof(why));
	assert_non_null(buf);
	assert_int_equal(strlen(buf), 16u << 20);
	free(buf);
	put(NULL, (16u << 20) + 1);
	assert_null(textfile_read(path, why, sizeof(why)));
	snprintf(want, sizeof(want), "%s: larger than 16 MiB", path);
	assert_string_equal(why, want);
}

static void test_read_at_missing(void **state)
{
	unlink(path);
	assert_null(textfile_read_at(dir, "file", why, sizeof(why)));
	assert_string_equal(why, "file is missing");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slurp_keeps_nul_bytes),
		cmocka_unit_test(test_slurp_empty_file),
		cmocka_unit_test(test_slurp_sizes),
		cmocka_unit_test(test_slurp_max),
		cmocka_unit_test(test_slurp_unreadable),
		cmocka_unit_test(test_read_text),
		cmocka_unit_test(test_read_at_missing),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
