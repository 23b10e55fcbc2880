// SPDX-License-Identifier: GPL-2.0
/*
 * Loss and delay on the link, for a period: netem on the NFS server's
 * interface (its egress: every NFS reply, every TCP ACK of the client's
 * WRITEs), then removed.  TCP retransmits, the RPC layer may time out and
 * resend; no page may come back wrong and swap I/O must keep flowing, or
 * flow again once the link is clean.  The server's and the client's TCP
 * RetransSegs (/proc/net/snmp) before and after are logged, and the
 * difference as "retrans_server = N" / "retrans_client = N"; the swap RPCs
 * completed during the impairment as "rpcs_during = N".  Recovery: from the
 * qdisc's removal to the next swap RPC completing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "registry.h"

struct net_impair_opts {
	uint64_t loss;
	uint64_t delay_ms;
	uint64_t period_s;
	uint64_t recovery_s;
};

#define OPT(member) SCN_FIELD(struct net_impair_opts, member)

static const struct scn_option options[] = {
	{ .key = "loss", .type = SCN_UINT, .def = "5",
	  .help = "percent of the server's outgoing packets dropped", .max = 100, OPT(loss) },
	{ .key = "delay_ms", .type = SCN_UINT, .def = "50",
	  .help = "delay added to each of the server's outgoing packets, ms", .max = 10000,
	  OPT(delay_ms) },
	{ .key = "period", .type = SCN_DURATION, .def = "60s",
	  .help = "how long the link stays impaired", .min = 1, .max = 3600, OPT(period_s) },
	FAULT_RECOVERY_OPTION(struct net_impair_opts),
	{ }
};

/* The first interface with a global IPv4 address: the tunnel's. */
#define LINK_DEV "ip -o -4 addr show scope global | awk '{ print $2; exit }'"
/* TCP RetransSegs, found by its name in the header line of /proc/net/snmp. */
#define RETRANS "awk '$1 == \"Tcp:\" { if (!n++) { for (i = 2; i <= NF; i++) " \
	"if ($i == \"RetransSegs\") c = i } else print $c }' /proc/net/snmp"

static int retrans(const struct fault_ctx *ctx, enum guest_role role,
		   unsigned long long *n, char *why, size_t len)
{
	char out[64] = "";

	if (ctx->sh(ctx->runner, role, RETRANS, out, sizeof(out), why, len))
		return -1;
	if (sscanf(out, "%llu", n) != 1) {
		snprintf(why, len, "no TCP RetransSegs in %s's /proc/net/snmp: '%s'",
			 role == GUEST_SERVER ? "the server" : "the client", out);
		return -1;
	}
	return 0;
}

static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	const struct net_impair_opts *o = ctx->opts;
	unsigned loss = (unsigned)o->loss;
	unsigned delay = (unsigned)o->delay_ms;
	unsigned period = (unsigned)o->period_s;
	unsigned long long srv0, srv1, cli0, cli1, rpc0, rpc1;
	char dev[64] = "", cmd[256], out[512] = "";
	double t0, t1;

	if (ctx->sh(ctx->runner, GUEST_SERVER, LINK_DEV, dev, sizeof(dev), why, len))
		return -1;
	dev[strcspn(dev, "\n")] = '\0';
	if (!*dev) {
		snprintf(why, len, "the server has no interface with a global IPv4 address");
		return -1;
	}
	if (retrans(ctx, GUEST_SERVER, &srv0, why, len) ||
	    retrans(ctx, GUEST_CLIENT, &cli0, why, len) ||
	    fault_swap_rpcs(ctx, &rpc0, why, len))
		return -1;
	snprintf(cmd, sizeof(cmd), "tc qdisc replace dev %s root netem loss %u%% delay %ums"
		 " && tc qdisc show dev %s", dev, loss, delay, dev);
	t0 = fault_now();
	if (ctx->sh(ctx->runner, GUEST_SERVER, cmd, out, sizeof(out), why, len))
		return -1;
	fprintf(ctx->log, "server %s: %u%% loss, %u ms delay for %u s: %s", dev, loss,
		delay, period, out);
	fflush(ctx->log);
	sleep(period);
	/* Remove it even if the client stopped answering meanwhile. */
	if (fault_swap_rpcs(ctx, &rpc1, why, len))
		rpc1 = rpc0;
	snprintf(cmd, sizeof(cmd), "tc qdisc del dev %s root", dev);
	if (ctx->sh(ctx->runner, GUEST_SERVER, cmd, NULL, 0, why, len))
		return -1;
	t1 = fault_now();
	fprintf(ctx->log, "link clean again after %.1f s\n", t1 - t0);
	fprintf(ctx->log, "rpcs_during = %llu\n", rpc1 - rpc0);
	if (retrans(ctx, GUEST_SERVER, &srv1, why, len) ||
	    retrans(ctx, GUEST_CLIENT, &cli1, why, len))
		return -1;
	fprintf(ctx->log, "retrans_server = %llu\nretrans_client = %llu\n",
		srv1 - srv0, cli1 - cli0);
	return fault_recovery(ctx, t1, o->recovery_s, why, len);
}

const struct fault fault_net_impair = {
	.name = "net-impair",
	.help = "loss and delay on the server's link (netem) for a period",
	.options = options,
	.opts_size = sizeof(struct net_impair_opts),
	.inject = inject,
};
