/* SPDX-License-Identifier: GPL-2.0 */
/* Escaping text for XML and HTML (JUnit exports, the dashboard). */
#ifndef SWAPLAB_RESULTS_MARKUP_H
#define SWAPLAB_RESULTS_MARKUP_H

#include <stdio.h>

/* Write @s with &, <, >, " and ' escaped: safe in text and attributes. */
void fput_escaped(FILE *f, const char *s);

/* printf whose %s arguments are all escaped; the format itself is not. */
void fprintf_escaped(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
