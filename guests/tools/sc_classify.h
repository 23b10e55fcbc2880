/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a page of a swap file holds, told from its bytes alone, so that a
 * fault can damage the verifiers' pages and nobody else's (a damaged page of
 * init, of the guest agent or of a verifier's own stack kills the process
 * instead of being counted).
 */
#ifndef SWAPLAB_SC_CLASSIFY_H
#define SWAPLAB_SC_CLASSIFY_H

#include <stdbool.h>
#include <stddef.h>

enum sc_class {
	SC_OTHER,
	SC_SWAPVERIFY,	/* starts with swapverify's pattern magic */
	SC_STRESS_NG,	/* every 64-bit word is one byte repeated, not all zero:
			 * stress-ng --vm rand-set, and zero-one's ones */
	SC_NCLASSES
};

enum sc_class sc_classify(const void *page, size_t size);
const char *sc_class_name(enum sc_class c);
/* Whether the n-th page (from 0) of a class is in the share [from, to) %. */
bool sc_selected(unsigned long long n, unsigned int from, unsigned int to);

#endif
