// SPDX-License-Identifier: GPL-2.0
/*
 * Restart the NFS server (systemctl restart nfs-server) under swap: nfsd
 * drops its state, NFSv4 clients recover theirs in the grace period, v3
 * clients just resend.  No page may come back wrong and swap I/O must
 * resume.  Recovery: from the restart's end to the first swap RPC
 * completing; with rounds > 1, once per round.
 */
#include <stdio.h>

#include "registry.h"

struct nfsd_restart_opts {
	uint64_t recovery_s;
};

static const struct scn_option options[] = {
	FAULT_RECOVERY_OPTION(struct nfsd_restart_opts),
	{ }
};

static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	char out[512] = "";
	double t0, t1;

	t0 = fault_now();
	if (ctx->sh(ctx->runner, GUEST_SERVER,
		    "systemctl restart nfs-server && systemctl is-active nfs-server",
		    out, sizeof(out), why, len))
		return -1;
	t1 = fault_now();
	fprintf(ctx->log, "nfs-server restarted in %.1f s: %s", t1 - t0, out);
	return fault_recovery(ctx, t1, ((const struct nfsd_restart_opts *)ctx->opts)->recovery_s,
			      why, len);
}

const struct fault fault_nfsd_restart = {
	.name = "nfsd-restart",
	.help = "restart the NFS server's nfs-server service",
	.options = options,
	.opts_size = sizeof(struct nfsd_restart_opts),
	.inject = inject,
};
