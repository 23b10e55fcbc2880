// SPDX-License-Identifier: GPL-2.0
/* /proc/vmstat: "name value" per line. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "logparse.h"

bool vmstat_get(const char *text, const char *key, uint64_t *value)
{
	size_t klen = strlen(key);
	const char *line;

	for (line = text; line && *line; line = strchr(line, '\n'), line += !!line) {
		if (!strncmp(line, key, klen) && line[klen] == ' ')
			return sscanf(line + klen, " %" SCNu64, value) == 1;
	}
	return false;
}

bool vmstat_delta(const char *before, const char *after, const char *key,
		  uint64_t *delta)
{
	uint64_t b, a;

	if (!before || !after || !vmstat_get(before, key, &b) ||
	    !vmstat_get(after, key, &a) || a < b)
		return false;
	*delta = a - b;
	return true;
}
