/* SPDX-License-Identifier: GPL-2.0 */
/* The order in which swapverify reads pages back. */
#ifndef SWAPLAB_ORDER_H
#define SWAPLAB_ORDER_H

#include <stddef.h>
#include <stdint.h>

/* order[i] = i: one page after the other, what swap readahead is built for. */
void order_sequential(uint32_t *order, size_t n);

/* A permutation of 0..n-1 that depends only on seed (Fisher-Yates). */
void order_random(uint32_t *order, size_t n, uint64_t seed);

#endif
