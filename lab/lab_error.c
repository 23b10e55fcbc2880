// SPDX-License-Identifier: GPL-2.0
/*
 * One reason per failure, kept until the next one: the caller decides how
 * to show it (swaplab prints it, the scenario runner files it in a run).
 * And the one request that makes every wait fail on purpose: a stop, set
 * from a signal handler.  Both are read at every layer of lab/, so they live
 * at the bottom, with nothing under them.
 */
#include <stdio.h>
#include <string.h>

#include "lab_private.h"

volatile sig_atomic_t lab_stop_requested;

static char reason[8192];

int lab_fail(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return code;
}

void lab_fail_append(const char *fmt, ...)
{
	size_t used = strlen(reason);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason + used, sizeof(reason) - used, fmt, ap);
	va_end(ap);
}

const char *lab_strerror(void)
{
	return reason[0] ? reason : "no error";
}
