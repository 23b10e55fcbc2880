// SPDX-License-Identifier: GPL-2.0
/* swapcorrupt's classifier: the verifiers' pages, and nobody else's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../guests/tools/pattern.h"
#include "../../guests/tools/sc_classify.h"

#define PAGE 4096

static uint64_t page[PAGE / 8];

static void swapverify_pages_are_found(void **state)
{
	struct pattern_key key = { .seed = 42, .generation = 1, .index = 7 };

	pattern_fill(page, PAGE, &key);
	assert_int_equal(sc_classify(page, PAGE), SC_SWAPVERIFY);
	page[0] ^= 1;
	assert_int_equal(sc_classify(page, PAGE), SC_OTHER);
}

static void rand_set_and_ones_pages_are_stress_ng(void **state)
{
	size_t w;

	for (w = 0; w < PAGE / 8; w++)
		page[w] = 0x0101010101010101ULL * ((w * 37 + 11) & 0xff);
	assert_int_equal(sc_classify(page, PAGE), SC_STRESS_NG);
	memset(page, 0xff, PAGE);
	assert_int_equal(sc_classify(page, PAGE), SC_STRESS_NG);
}

static void code_text_and_zero_pages_are_left_alone(void **state)
{
	size_t w;

	memset(page, 0, PAGE);
	assert_int_equal(sc_classify(page, PAGE), SC_OTHER);
	for (w = 0; w < PAGE / 8; w++)
		page[w] = 0x0101010101010101ULL * 0x20;
	page[100] = 0x2020202020200a20ULL;	/* text: one newline spoils it */
	assert_int_equal(sc_classify(page, PAGE), SC_OTHER);
	for (w = 0; w < PAGE / 8; w++)
		page[w] = w * 0x9e3779b97f4a7c15ULL;
	assert_int_equal(sc_classify(page, PAGE), SC_OTHER);
}

static void the_share_is_spread_over_the_class(void **state)
{
	unsigned long long n, picked = 0;

	for (n = 0; n < 1000; n++)
		picked += sc_selected(n, 10, 60);
	assert_int_equal(picked, 500);
	assert_false(sc_selected(5, 10, 60));
	assert_true(sc_selected(110, 10, 60));
	assert_false(sc_selected(160, 10, 60));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(swapverify_pages_are_found),
		cmocka_unit_test(rand_set_and_ones_pages_are_stress_ng),
		cmocka_unit_test(code_text_and_zero_pages_are_left_alone),
		cmocka_unit_test(the_share_is_spread_over_the_class),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
