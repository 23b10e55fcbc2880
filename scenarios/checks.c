// SPDX-License-Identifier: GPL-2.0
/* The checks that decide a run's verdict: one file each, one line here. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"

extern const struct check check_workloads;
extern const struct check check_content;
extern const struct check check_stress_ng;
extern const struct check check_swap_traffic;
extern const struct check check_nfs_traffic;
extern const struct check check_client_log;
extern const struct check check_server_log;
extern const struct check check_selftests;
extern const struct check check_memcg_selftests;
extern const struct check check_swapguard;
extern const struct check check_recovery;
extern const struct check check_faults;

const struct check *const checks[] = {
	&check_workloads,
	&check_content,
	&check_stress_ng,
	&check_swap_traffic,
	&check_nfs_traffic,
	&check_client_log,
	&check_server_log,
	&check_selftests,
	&check_memcg_selftests,
	&check_swapguard,
	&check_recovery,
	&check_faults,
	NULL
};

const struct check *check_find(const char *name)
{
	int i;

	for (i = 0; checks[i]; i++)
		if (!strcmp(checks[i]->name, name))
			return checks[i];
	return NULL;
}

bool check_valid(const char *name)
{
	return !strcmp(name, "all") || check_find(name);
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
