// SPDX-License-Identifier: GPL-2.0
/* swapverify's page pattern: every kind of wrong page is caught and named. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "../../guests/tools/order.h"
#include "../../guests/tools/pattern.h"

#define PAGE 4096
#define WORDS (PAGE / 8)

static uint64_t page[WORDS], other[WORDS];
static const struct pattern_key key = { .seed = 42, .generation = 3, .index = 7 };

static enum pattern_verdict check(struct pattern_fault *f)
{
	return pattern_check(page, PAGE, &key, f);
}

static void test_good_page(void **state)
{
	pattern_fill(page, PAGE, &key);
	assert_int_equal(check(NULL), PATTERN_GOOD);
}

static void test_header_names_key(void **state)
{
	pattern_fill(page, PAGE, &key);
	assert_true(page[0] == PATTERN_MAGIC);
	assert_true(page[1] == key.seed);
	assert_true(page[2] == key.generation);
	assert_true(page[3] == key.index);
}

/* A single flipped bit anywhere in the page is a corrupt page. */
static void test_every_flipped_bit(void **state)
{
	struct pattern_fault f;
	size_t w;

	for (w = 0; w < WORDS; w++) {
		pattern_fill(page, PAGE, &key);
		page[w] ^= 1ULL << (w % 64);
		assert_int_equal(check(&f), PATTERN_CORRUPT);
		assert_int_equal(f.first_bad_word, w);
		assert_int_equal(f.bad_words, 1);
		assert_true(f.expected == pattern_word(&key, w));
		assert_true(f.found == (f.expected ^ (1ULL << (w % 64))));
	}
}

/* The page holds another key's whole pattern: the verdict, and that key found. */
static void expect_other_key(const struct pattern_key *written, enum pattern_verdict verdict,
			     struct pattern_fault *f)
{
	pattern_fill(page, PAGE, written);
	assert_int_equal(check(f), verdict);
	assert_true(f->found_key.seed == written->seed);
	assert_true(f->found_key.generation == written->generation);
	assert_true(f->found_key.index == written->index);
}

static void test_wrong_index(void **state)
{
	struct pattern_key neighbour = key;
	struct pattern_fault f;

	neighbour.index = key.index + 1;
	expect_other_key(&neighbour, PATTERN_WRONG_INDEX, &f);
	assert_int_equal(f.first_bad_word, 3);
	/* Header word 3 and every body word differ. */
	assert_int_equal(f.bad_words, WORDS - 3);
}

static void test_zero_page(void **state)
{
	struct pattern_fault f;

	memset(page, 0, PAGE);
	assert_int_equal(check(&f), PATTERN_ZERO);
	assert_int_equal(f.first_bad_word, 0);
	assert_int_equal(f.bad_words, WORDS);
}

static void test_other_seed(void **state)
{
	struct pattern_key other_run = key;
	struct pattern_fault f;

	other_run.seed = key.seed + 1;
	expect_other_key(&other_run, PATTERN_OTHER_SEED, &f);
}

static void test_stale_generation(void **state)
{
	struct pattern_key older = key;
	struct pattern_fault f;

	older.generation = key.generation - 1;
	expect_other_key(&older, PATTERN_STALE, &f);
}

/* Half of the right page, half of another: corrupt, not "wrong index". */
static void test_torn_page(void **state)
{
	struct pattern_key neighbour = key;
	struct pattern_fault f;

	neighbour.index = key.index + 1;
	pattern_fill(page, PAGE, &key);
	pattern_fill(other, PAGE, &neighbour);
	memcpy(page + WORDS / 2, other + WORDS / 2, PAGE / 2);
	assert_int_equal(check(&f), PATTERN_CORRUPT);
	assert_int_equal(f.first_bad_word, WORDS / 2);
	assert_int_equal(f.bad_words, WORDS / 2);
}

/* Neighbouring pages share no body word: a shifted page cannot pass. */
static void test_pages_share_no_word(void **state)
{
	struct pattern_key neighbour = key;
	size_t w;

	neighbour.index = key.index + 1;
	pattern_fill(page, PAGE, &key);
	pattern_fill(other, PAGE, &neighbour);
	for (w = PATTERN_HEADER_WORDS; w < WORDS; w++)
		assert_true(page[w] != other[w]);
}

static void test_verdict_names(void **state)
{
	assert_string_equal(pattern_verdict_name(PATTERN_GOOD), "good");
	assert_string_equal(pattern_verdict_name(PATTERN_ZERO), "zero");
	assert_string_equal(pattern_verdict_name(PATTERN_WRONG_INDEX), "wrong-index");
	assert_string_equal(pattern_verdict_name(PATTERN_STALE), "stale");
	assert_string_equal(pattern_verdict_name(PATTERN_OTHER_SEED), "other-seed");
	assert_string_equal(pattern_verdict_name(PATTERN_CORRUPT), "corrupt");
}

#define N 1000

static void test_random_order_is_a_permutation(void **state)
{
	static uint32_t order[N], again[N], other_seed[N];
	static unsigned char seen[N];
	size_t i, moved = 0, differ = 0;

	order_random(order, N, 1);
	order_random(again, N, 1);
	order_random(other_seed, N, 2);
	for (i = 0; i < N; i++) {
		assert_true(order[i] < N);
		assert_false(seen[order[i]]);
		seen[order[i]] = 1;
		assert_int_equal(order[i], again[i]);
		moved += order[i] != i;
		differ += order[i] != other_seed[i];
	}
	assert_true(moved > N * 9 / 10);
	assert_true(differ > N * 9 / 10);
}

static void test_sequential_order(void **state)
{
	uint32_t order[5];
	size_t i;

	order_sequential(order, 5);
	for (i = 0; i < 5; i++)
		assert_int_equal(order[i], i);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_page),
		cmocka_unit_test(test_header_names_key),
		cmocka_unit_test(test_every_flipped_bit),
		cmocka_unit_test(test_wrong_index),
		cmocka_unit_test(test_zero_page),
		cmocka_unit_test(test_other_seed),
		cmocka_unit_test(test_stale_generation),
		cmocka_unit_test(test_torn_page),
		cmocka_unit_test(test_pages_share_no_word),
		cmocka_unit_test(test_verdict_names),
		cmocka_unit_test(test_random_order_is_a_permutation),
		cmocka_unit_test(test_sequential_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
