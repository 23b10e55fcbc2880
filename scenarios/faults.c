// SPDX-License-Identifier: GPL-2.0
/* What faults share: the clock, and the wait for swap RPCs to flow again. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "logparse.h"
#include "registry.h"

double fault_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * mountstats counts an op when its RPC completes; the lab's only NFS mount is
 * the swap file's, which mountstats_op() reads (as the traffic checks do).
 */
int fault_swap_rpcs(const struct fault_ctx *ctx, unsigned long long *n,
		    char *why, size_t len)
{
	static const char *const ops[] = { "READ", "READ_PLUS", "WRITE", NULL };
	static char text[32768];
	struct nfs_op_stats st;
	bool found = false;
	int i;

	if (ctx->sh(ctx->runner, GUEST_CLIENT, "cat /proc/self/mountstats", text,
		    sizeof(text), why, len))
		return -1;
	*n = 0;
	for (i = 0; ops[i]; i++)
		if (mountstats_op(text, ops[i], &st)) {
			*n += st.ops;
			found = true;
		}
	if (!found) {
		snprintf(why, len, "no NFS mount in the client's mountstats");
		return -1;
	}
	return 0;
}

int fault_recovery(const struct fault_ctx *ctx, double t_end, uint64_t bound_s,
		   char *why, size_t len)
{
	double bound = (double)bound_s;
	unsigned long long base, now;

	fprintf(ctx->log, "recovery_bound_s = %.0f\n", bound);
	if (fault_swap_rpcs(ctx, &base, why, len))
		return -1;
	for (;;) {
		if (fault_swap_rpcs(ctx, &now, why, len))
			return -1;
		if (now > base) {
			fprintf(ctx->log, "swap RPCs completed: %llu, then %llu\n", base, now);
			fprintf(ctx->log, "recovery_s = %.1f\n", fault_now() - t_end);
			break;
		}
		if (fault_now() - t_end > bound) {
			fprintf(ctx->log, "no swap RPC completed in %.0f s (still %llu)\n",
				bound, now);
			fprintf(ctx->log, "recovery_s = none\n");
			break;
		}
		sleep(1);
	}
	fflush(ctx->log);
	return 0;
}
