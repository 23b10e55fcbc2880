// SPDX-License-Identifier: GPL-2.0
/* $SWAPLAB_CACHE, defaulting as docs/design.md says. */
#include <stdio.h>
#include <stdlib.h>

#include "run.h"

const char *swaplab_cache(void)
{
	static char path[4096];
	const char *env = getenv("SWAPLAB_CACHE");

	if (env && *env)
		return env;
	snprintf(path, sizeof(path), "%s/.cache/swaplab", getenv("HOME") ?: "/root");
	return path;
}
