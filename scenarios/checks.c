// SPDX-License-Identifier: GPL-2.0
/* What every check shares: its name's validity, its verdict's words. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"

bool check_valid(const char *name)
{
	return !strcmp(name, "all") || check_find(name) != NULL;
}

void check_set(struct check_result *res, enum verdict v, const char *fmt, ...)
{
	va_list ap;

	res->verdict = v;
	va_start(ap, fmt);
	vsnprintf(res->reason, sizeof(res->reason), fmt, ap);
	va_end(ap);
}

const char *verdict_name(enum verdict v)
{
	static const char *const names[] = {
		[VERDICT_PASS] = "pass", [VERDICT_FAIL] = "fail",
		[VERDICT_SKIP] = "skip", [VERDICT_ERROR] = "error",
	};

	return names[v];
}
