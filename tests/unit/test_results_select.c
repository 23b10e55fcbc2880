// SPDX-License-Identifier: GPL-2.0
/* The selector grammar of `swaplab compare`. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../results/select.h"

static void test_forms(void **state)
{
	struct selector s;
	char why[256];

	assert_int_equal(selector_parse("patched", &s, why, sizeof(why)), 0);
	assert_int_equal(s.kind, SELECT_NAME);
	assert_null(s.scenario);
	assert_string_equal(s.name, "patched");
	selector_free(&s);

	assert_int_equal(selector_parse("vm-verify/stock@20261203-101500", &s, why,
					sizeof(why)), 0);
	assert_int_equal(s.kind, SELECT_SUITE);
	assert_string_equal(s.scenario, "vm-verify");
	assert_string_equal(s.name, "stock");
	assert_string_equal(s.suite, "20261203-101500");
	selector_free(&s);

	assert_int_equal(selector_parse("last:5:patched", &s, why, sizeof(why)), 0);
	assert_int_equal(s.kind, SELECT_LAST);
	assert_int_equal(s.last_n, 5);
	assert_string_equal(s.name, "patched");
	selector_free(&s);

	assert_int_equal(selector_parse("pageswap/last:1:local", &s, why, sizeof(why)), 0);
	assert_string_equal(s.scenario, "pageswap");
	assert_int_equal(s.last_n, 1);
	selector_free(&s);
}

static void test_errors(void **state)
{
	static const struct {
		const char *text, *why;
	} cases[] = {
		{ "last:0:patched", "'last:0:patched' is not last:N:LABEL" },
		{ "last:x:patched", "is not last:N:LABEL" },
		{ "last:3:", "is not last:N:LABEL" },
		{ "a/b/c", "with one '/'" },
		{ "/patched", "with one '/'" },
		{ "@20261203", "write LABEL@SUITE" },
		{ "patched@", "write LABEL@SUITE" },
		{ "vm-verify/", "names no label" },
	};
	struct selector s;
	char why[256];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(selector_parse(cases[i].text, &s, why, sizeof(why)), -1);
		if (!strstr(why, cases[i].why))
			fail_msg("%s: \"%s\" does not say \"%s\"", cases[i].text, why,
				 cases[i].why);
		assert_null(s.name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_forms),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
