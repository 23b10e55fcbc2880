// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel log lines that mean the kernel went wrong.  Matched as substrings,
 * as kernel test robots do, so a splat is found whatever prefix (timestamp,
 * log level, console) the line carries.  RCU stalls and soft lockups are not
 * among them: under TCG on a busy host a vCPU starves for seconds and the
 * guest reports both without anything being wrong in it.
 */
#include <stdio.h>
#include <string.h>

#include "logparse.h"

static const char *const trouble[] = {
	"BUG:",				/* BUG(), KASAN, sleeping in atomic */
	"WARNING:",			/* WARN(), lockdep reports */
	"Oops",
	"kernel BUG at",
	"general protection fault",
	"Kernel panic",
	"UBSAN:",
	"possible recursive locking",
	"possible circular locking",
	"inconsistent lock state",
	"blocked for more than",	/* hung tasks */
	"Write error",			/* swap-out I/O errors */
	"Read-error on swap-device",
	NULL
};

/* "Out of memory: Killed process 123 (stress-ng-bighe) ..." */
static bool oom_kill_allowed(const char *line, char *const *allowed, size_t n)
{
	const char *comm = strchr(strstr(line, "Killed process"), '(');
	size_t i;

	if (!comm)
		return false;
	for (i = 0; i < n; i++)
		if (!strncmp(comm + 1, allowed[i], strlen(allowed[i])))
			return true;
	return false;
}

static bool line_is_trouble(const char *line, char *const *allowed, size_t n)
{
	int i;

	if (strstr(line, "Killed process"))
		return !oom_kill_allowed(line, allowed, n);
	for (i = 0; trouble[i]; i++)
		if (strstr(line, trouble[i]))
			return true;
	return false;
}

unsigned int kernel_log_scan(const char *text, char *const *oom_allowed,
			     size_t nallowed, char *first, size_t len)
{
	char line[1024];
	const char *p = text, *eol;
	unsigned int bad = 0;
	size_t l;

	if (len)
		first[0] = '\0';
	while (p && *p) {
		eol = strchr(p, '\n');
		l = eol ? (size_t)(eol - p) : strlen(p);
		snprintf(line, sizeof(line), "%.*s", (int)l, p);
		if (line_is_trouble(line, oom_allowed, nallowed) && !bad++ && len)
			snprintf(first, len, "%s", line);
		p = eol ? eol + 1 : NULL;
	}
	return bad;
}
