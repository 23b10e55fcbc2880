// SPDX-License-Identifier: GPL-2.0
/* Per-page patterns: fill, check, and say what a wrong page is. */
#include <stdbool.h>
#include <string.h>

#include "mix.h"
#include "pattern.h"

/* One key per page: the body of two pages never shares a word. */
static uint64_t page_stream(const struct pattern_key *key)
{
	return mix64(key->seed ^ mix64(key->generation ^ mix64(key->index)));
}

uint64_t pattern_word(const struct pattern_key *key, size_t w)
{
	switch (w) {
	case 0:
		return PATTERN_MAGIC;
	case 1:
		return key->seed;
	case 2:
		return key->generation;
	case 3:
		return key->index;
	default:
		return mix64(page_stream(key) + w);
	}
}

void pattern_fill(void *page, size_t page_size, const struct pattern_key *key)
{
	uint64_t *word = page;
	uint64_t stream = page_stream(key);
	size_t w, n = page_size / sizeof(*word);

	word[0] = PATTERN_MAGIC;
	word[1] = key->seed;
	word[2] = key->generation;
	word[3] = key->index;
	for (w = PATTERN_HEADER_WORDS; w < n; w++)
		word[w] = mix64(stream + w);
}

/* Fast path: compare against the expected words, stop at the first miss. */
static size_t first_mismatch(const uint64_t *word, size_t n,
			     const struct pattern_key *key)
{
	uint64_t stream = page_stream(key);
	size_t w;

	for (w = 0; w < PATTERN_HEADER_WORDS; w++)
		if (word[w] != pattern_word(key, w))
			return w;
	for (; w < n; w++)
		if (word[w] != mix64(stream + w))
			return w;
	return n;
}

static bool all_zero(const uint64_t *word, size_t n)
{
	size_t w;

	for (w = 0; w < n; w++)
		if (word[w])
			return false;
	return true;
}

static size_t count_mismatches(const uint64_t *word, size_t n,
			       const struct pattern_key *key)
{
	size_t w, bad = 0;

	for (w = 0; w < n; w++)
		bad += word[w] != pattern_word(key, w);
	return bad;
}

/* An intact page of some key: its header names the key and the body agrees. */
static bool intact(const uint64_t *word, size_t n, struct pattern_key *claimed)
{
	if (word[0] != PATTERN_MAGIC)
		return false;
	claimed->seed = word[1];
	claimed->generation = word[2];
	claimed->index = word[3];
	return first_mismatch(word, n, claimed) == n;
}

static enum pattern_verdict classify(const uint64_t *word, size_t n,
				     const struct pattern_key *key,
				     struct pattern_key *claimed)
{
	if (all_zero(word, n))
		return PATTERN_ZERO;
	if (!intact(word, n, claimed))
		return PATTERN_CORRUPT;
	if (claimed->seed != key->seed)
		return PATTERN_OTHER_SEED;
	if (claimed->index != key->index)
		return PATTERN_WRONG_INDEX;
	/* Same seed and index but another generation: an old copy. */
	return PATTERN_STALE;
}

enum pattern_verdict pattern_check(const void *page, size_t page_size,
				   const struct pattern_key *key,
				   struct pattern_fault *fault)
{
	const uint64_t *word = page;
	size_t n = page_size / sizeof(*word);
	struct pattern_fault f = { 0 };
	size_t w = first_mismatch(word, n, key);

	if (w == n)
		return PATTERN_GOOD;
	f.first_bad_word = w;
	f.expected = pattern_word(key, w);
	f.found = word[w];
	f.bad_words = count_mismatches(word, n, key);
	f.verdict = classify(word, n, key, &f.found_key);
	if (fault)
		*fault = f;
	return f.verdict;
}

const char *pattern_verdict_name(enum pattern_verdict v)
{
	static const char *const names[] = {
		[PATTERN_GOOD] = "good",
		[PATTERN_ZERO] = "zero",
		[PATTERN_WRONG_INDEX] = "wrong-index",
		[PATTERN_STALE] = "stale",
		[PATTERN_OTHER_SEED] = "other-seed",
		[PATTERN_CORRUPT] = "corrupt",
	};

	return v < sizeof(names) / sizeof(names[0]) ? names[v] : "unknown";
}
