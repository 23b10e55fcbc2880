// SPDX-License-Identifier: GPL-2.0
/*
 * Hard reset of the NFS server's domain (lab_power(): power off and on, no
 * shutdown, no flush, what a power cut does to a server whose disk keeps
 * what it was told is stable).  Swap writes are FILE_SYNC, so every page the client was
 * told is written must survive; the client's hard mount waits for the
 * server to boot (the export's data disk is in its fstab) and reclaims its
 * state.  The server's boot_id before and after is logged, proof that it
 * did reboot.  Recovery: from the server's agent answering again to the
 * first swap RPC completing.
 */
#include <stdio.h>
#include <string.h>

#include "registry.h"

struct server_reset_opts {
	uint64_t boot_timeout_s;
	uint64_t recovery_s;
};

static const struct scn_option options[] = {
	{ .key = "boot_timeout", .type = SCN_DURATION, .def = "600s",
	  .help = "how long the server may take to boot again", .min = 10, .max = 7200,
	  SCN_FIELD(struct server_reset_opts, boot_timeout_s) },
	FAULT_RECOVERY_OPTION(struct server_reset_opts),
	{ }
};

#define BOOT_ID "cat /proc/sys/kernel/random/boot_id"

static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	const struct server_reset_opts *o = ctx->opts;
	char before[64] = "", after[64] = "", nfsd[256] = "";
	double t0, t1;

	if (ctx->sh(ctx->runner, GUEST_SERVER, BOOT_ID, before, sizeof(before), why, len))
		return -1;
	fprintf(ctx->log, "server boot_id before: %s", before);
	t0 = fault_now();
	if (ctx->power(ctx->runner, GUEST_SERVER, FAULT_RESET, why, len))
		return -1;
	fprintf(ctx->log, "server reset\n");
	fflush(ctx->log);
	if (ctx->wait_agent(ctx->runner, GUEST_SERVER, (unsigned)o->boot_timeout_s, why, len))
		return -1;
	if (ctx->sh(ctx->runner, GUEST_SERVER, BOOT_ID, after, sizeof(after), why, len))
		return -1;
	if (!strcmp(before, after)) {
		snprintf(why, len, "the server's boot_id did not change: it was not reset");
		return -1;
	}
	/* nfs-server waits for the export's mount (fstab), so it may be late. */
	if (ctx->sh(ctx->runner, GUEST_SERVER,
		    "for i in $(seq 120); do systemctl is-active -q nfs-server && break; "
		    "sleep 1; done; findmnt -n -o SOURCE /export/swaplab; "
		    "systemctl is-active nfs-server", nfsd, sizeof(nfsd), why, len))
		return -1;
	t1 = fault_now();
	fprintf(ctx->log, "server boot_id after: %s", after);
	fprintf(ctx->log, "server back after %.1f s, export on and nfs-server: %s",
		t1 - t0, nfsd);
	return fault_recovery(ctx, t1, o->recovery_s, why, len);
}

const struct fault fault_server_reset = {
	.name = "server-reset",
	.help = "hard-reset the NFS server's domain and wait for it to boot",
	.options = options,
	.opts_size = sizeof(struct server_reset_opts),
	.inject = inject,
};
