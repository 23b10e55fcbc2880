/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A 64-bit mixing function: the finalizer of SplitMix64.  Every input bit
 * flips about half of the output bits, so patterns derived from nearby keys
 * (page 7 and page 8, seed 1 and seed 2) share no words.
 */
#ifndef SWAPLAB_MIX_H
#define SWAPLAB_MIX_H

#include <stdint.h>

static inline uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

#endif
