// SPDX-License-Identifier: GPL-2.0
/* Read-back orders: sequential, and a seeded shuffle that defeats readahead. */
#include "mix.h"
#include "order.h"

void order_sequential(uint32_t *order, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		order[i] = i;
}

/* Lemire's multiply-shift: a value in [0, bound) without a division. */
static size_t below(uint64_t random, size_t bound)
{
	return (size_t)(((unsigned __int128)random * bound) >> 64);
}

void order_random(uint32_t *order, size_t n, uint64_t seed)
{
	uint64_t state = seed;
	size_t i, j;
	uint32_t tmp;

	order_sequential(order, n);
	for (i = n; i > 1; i--) {
		state = mix64(state);
		j = below(state, i);
		tmp = order[i - 1];
		order[i - 1] = order[j];
		order[j] = tmp;
	}
}
