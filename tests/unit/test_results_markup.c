// SPDX-License-Identifier: GPL-2.0
/* Escaping for XML/HTML, and the relative links that let the site open from disk. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../results/dashboard.h"
#include "../../results/markup.h"

static char *escaped(void (*fn)(FILE *, const char *), const char *s)
{
	char *buf = NULL;
	size_t size;
	FILE *f = open_memstream(&buf, &size);

	fn(f, s);
	fclose(f);
	return buf;
}

static void test_escape(void **state)
{
	char *s = escaped(fput_escaped, "<a href=\"x\">Tom & Jerry's</a>\x01\n");

	assert_string_equal(s, "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;?\n");
	free(s);
}

static void test_printf_escapes_only_strings(void **state)
{
	char *buf = NULL;
	size_t size;
	FILE *f = open_memstream(&buf, &size);

	fprintf_escaped(f, "<td class=\"%s\">%d%% %zu %s</td>", "a\"b", -3, (size_t)7, "<");
	fclose(f);
	assert_string_equal(buf, "<td class=\"a&quot;b\">-3% 7 &lt;</td>");
	free(buf);
}

static void expect_url(const char *from, const char *to, const char *want)
{
	char *url = relative_url(from, to);

	if (strcmp(url, want))
		fail_msg("from %s to %s: got %s, want %s", from, to, url, want);
	free(url);
}

static void test_relative_url(void **state)
{
	expect_url("/w/main/results/dashboard/runs", "/w/main/results/runs/R/logs/a.txt",
		   "../../runs/R/logs/a.txt");
	expect_url("/w/site/runs", "/data/runs/R/logs/a.txt",
		   "../../../data/runs/R/logs/a.txt");
	expect_url("/a/bc", "/a/b/x", "../b/x");
	expect_url("/a/b", "/a/b/c", "c");
	expect_url("/a/runs", "/a/runs/x y#1.log", "x%20y%231.log");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_printf_escapes_only_strings),
		cmocka_unit_test(test_relative_url),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
