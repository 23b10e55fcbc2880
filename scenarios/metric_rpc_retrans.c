// SPDX-License-Identifier: GPL-2.0
/*
 * RPC retransmissions on the NFS mount during the run (transmissions - ops),
 * and, when a fault counted them (net-impair: "retrans_server = N",
 * "retrans_client = N" in logs/fault-<section>.txt), the TCP segments the
 * server and the client retransmitted while it acted.
 */
#include <stdio.h>
#include <string.h>

#include "logparse.h"
#include "registry.h"

static void tcp_retrans(struct evidence *ev, struct metric_set *out)
{
	unsigned long long srv = 0, cli = 0, n;
	bool found = false;
	const char *fault, *text, *p;
	size_t i = 0;

	while ((text = evidence_next_fault_log(ev, &i, &fault))) {
		for (p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
			if (sscanf(p, "retrans_server = %llu", &n) == 1)
				srv += n, found = true;
			else if (sscanf(p, "retrans_client = %llu", &n) == 1)
				cli += n, found = true;
		}
	}
	if (found) {
		metric_add(out, "tcp_retrans_server", (double)srv, "count", false);
		metric_add(out, "tcp_retrans_client", (double)cli, "count", false);
	}
}

static void measure(struct evidence *ev, struct metric_set *out)
{
	struct nfs_op_stats all;

	if (evidence_nfs_delta(ev, NULL, &all))
		metric_add(out, "rpc_retrans", (double)(all.trans > all.ops ?
			   all.trans - all.ops : 0), "count", false);
	tcp_retrans(ev, out);
}

const struct metric metric_rpc_retrans = {
	.name = "rpc-retrans",
	.help = "rpc_retrans (mountstats: transmissions - ops), tcp_retrans_* (faults' counts)",
	.measure = measure,
};
