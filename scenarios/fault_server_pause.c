// SPDX-License-Identifier: GPL-2.0
/*
 * Suspend the NFS server's domain (QEMU stops its vCPUs: nothing answers,
 * the TCP connection stays open) for `pause`, then resume it.  The client's
 * hard mount must wait and carry on: no page comes back wrong.  A pause
 * longer than the mount's major timeout logs "nfs: server ... not
 * responding" then "OK" on the client; that is expected, a hung-task splat
 * is not (the scenario's client-log check decides).  Recovery: from the
 * resume to the first swap RPC completing.
 */
#include <stdio.h>
#include <unistd.h>

#include "registry.h"

struct server_pause_opts {
	uint64_t pause_s;
	uint64_t recovery_s;
};

static const struct scn_option options[] = {
	{ .key = "pause", .type = SCN_DURATION, .def = "30s",
	  .help = "how long the server stays suspended", .min = 1, .max = 3600,
	  SCN_FIELD(struct server_pause_opts, pause_s) },
	FAULT_RECOVERY_OPTION(struct server_pause_opts),
	{ }
};

static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	const struct server_pause_opts *o = ctx->opts;
	unsigned pause = (unsigned)o->pause_s;
	unsigned long long before;
	double t0, t1;

	if (fault_swap_rpcs(ctx, &before, why, len))
		return -1;
	fprintf(ctx->log, "swap RPCs completed before: %llu\n", before);
	t0 = fault_now();
	if (ctx->power(ctx->runner, GUEST_SERVER, FAULT_SUSPEND, why, len))
		return -1;
	fprintf(ctx->log, "server suspended for %u s\n", pause);
	fflush(ctx->log);
	sleep(pause);
	if (ctx->power(ctx->runner, GUEST_SERVER, FAULT_RESUME, why, len))
		return -1;
	t1 = fault_now();
	fprintf(ctx->log, "server resumed after %.1f s\n", t1 - t0);
	return fault_recovery(ctx, t1, o->recovery_s, why, len);
}

const struct fault fault_server_pause = {
	.name = "server-pause",
	.help = "suspend the NFS server's domain for a while, then resume it",
	.options = options,
	.opts_size = sizeof(struct server_pause_opts),
	.inject = inject,
};
