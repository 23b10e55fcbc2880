/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The content swapverify writes into each page and checks when it comes back.
 *
 * A page starts with a plain header (magic, seed, generation, page index) and
 * the rest is a hash stream keyed by all three, so a wrong page names itself:
 * one from another index, an older generation (stale), another run (seed), a
 * zeroed page, or one whose bits are simply corrupt.
 */
#ifndef SWAPLAB_PATTERN_H
#define SWAPLAB_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#define PATTERN_MAGIC 0x5357415056524659ULL	/* "SWAPVRFY" */
#define PATTERN_HEADER_WORDS 4

struct pattern_key {
	uint64_t seed;
	uint64_t generation;	/* bumped before every refill of the region */
	uint64_t index;		/* page index inside the region */
};

enum pattern_verdict {
	PATTERN_GOOD,
	PATTERN_ZERO,		/* every byte is zero */
	PATTERN_WRONG_INDEX,	/* an intact page of another index */
	PATTERN_STALE,		/* an intact page of an older generation */
	PATTERN_OTHER_SEED,	/* an intact page of another run */
	PATTERN_CORRUPT,	/* none of the above: bits differ */
};

struct pattern_fault {
	enum pattern_verdict verdict;
	size_t first_bad_word;	/* first word that differs from the expected */
	size_t bad_words;	/* how many words differ */
	uint64_t expected;	/* the expected and found first bad word */
	uint64_t found;
	struct pattern_key found_key;	/* what the header claims (intact pages) */
};

/* Fill one page (page_size a multiple of 8, at least the header) for key. */
void pattern_fill(void *page, size_t page_size, const struct pattern_key *key);

/* The word the pattern of key puts at word index w. */
uint64_t pattern_word(const struct pattern_key *key, size_t w);

/* PATTERN_GOOD, or what was found instead (details in *fault, if not NULL). */
enum pattern_verdict pattern_check(const void *page, size_t page_size,
				   const struct pattern_key *key,
				   struct pattern_fault *fault);

const char *pattern_verdict_name(enum pattern_verdict v);

#endif
