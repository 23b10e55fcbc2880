/* SPDX-License-Identifier: GPL-2.0 */
/* Which files are active swap, from /proc/swaps. */
#ifndef SWAPLAB_SWAPS_H
#define SWAPLAB_SWAPS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Call fn for the file name of each swap area in the text of /proc/swaps,
 * with the kernel's octal escapes (\040 for a space) undone.  Stops when fn
 * returns true; returns whether one did.
 */
bool swaps_each(const char *text, bool (*fn)(const char *name, void *arg),
		void *arg);

/* Whether path (any name of it) is an active swap area. -1 on error. */
int swaps_is_active(const char *path);

#endif
