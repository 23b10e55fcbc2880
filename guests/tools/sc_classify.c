// SPDX-License-Identifier: GPL-2.0
/* Classify swap-file pages by content; pick a share of each class. */
#include <stdint.h>
#include <string.h>

#include "pattern.h"
#include "sc_classify.h"

static bool repeated_bytes(const uint64_t *word, size_t n)
{
	bool nonzero = false;
	size_t w;

	for (w = 0; w < n; w++) {
		/* one byte repeated: equal to its low byte times 0x0101... */
		if (word[w] != (word[w] & 0xff) * 0x0101010101010101ULL)
			return false;
		nonzero |= word[w] != 0;
	}
	return nonzero;
}

enum sc_class sc_classify(const void *page, size_t size)
{
	const uint64_t *word = page;
	size_t n = size / sizeof(*word);

	if (n < PATTERN_HEADER_WORDS)
		return SC_OTHER;
	if (word[0] == PATTERN_MAGIC)
		return SC_SWAPVERIFY;
	if (repeated_bytes(word, n))
		return SC_STRESS_NG;
	return SC_OTHER;
}

const char *sc_class_name(enum sc_class c)
{
	static const char *const names[SC_NCLASSES] = {
		[SC_OTHER] = "other",
		[SC_SWAPVERIFY] = "swapverify",
		[SC_STRESS_NG] = "stress-ng",
	};

	return c < SC_NCLASSES ? names[c] : "?";
}

/* Spread over the class: pages n, n + 100, ... share one decision. */
bool sc_selected(unsigned long long n, unsigned int from, unsigned int to)
{
	unsigned int pct = n % 100;

	return pct >= from && pct < to;
}
