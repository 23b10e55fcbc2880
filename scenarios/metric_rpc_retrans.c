// SPDX-License-Identifier: GPL-2.0
/* RPC retransmissions on the NFS mount during the run (transmissions - ops). */
#include "logparse.h"
#include "registry.h"

static void measure(struct evidence *ev, struct metric_set *out)
{
	struct nfs_op_stats all;

	if (evidence_nfs_delta(ev, NULL, &all))
		metric_add(out, "rpc_retrans", (double)(all.trans > all.ops ?
			   all.trans - all.ops : 0), "count", false);
}

const struct metric metric_rpc_retrans = {
	.name = "rpc-retrans",
	.help = "rpc_retrans (mountstats: transmissions - ops, all ops)",
	.measure = measure,
};
