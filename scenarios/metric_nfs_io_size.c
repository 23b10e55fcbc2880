// SPDX-License-Identifier: GPL-2.0
/*
 * Average NFS WRITE and READ size of the swap traffic, in KiB: whether the
 * swap batching (up to SWAP_CLUSTER_MAX pages per call) survives down to the
 * wire.  Bytes are those of the RPCs (payload plus headers).
 */
#include "logparse.h"
#include "registry.h"

static void measure(struct evidence *ev, struct metric_set *out)
{
	struct nfs_op_stats w, r;

	if (evidence_nfs_delta(ev, "WRITE", &w) && w.ops)
		metric_add(out, "nfs_write_avg_kib", w.bytes_sent / 1024.0 / w.ops,
			   "KiB", true);
	if (evidence_nfs_delta(ev, "READ", &r) && r.ops)
		metric_add(out, "nfs_read_avg_kib", r.bytes_recv / 1024.0 / r.ops,
			   "KiB", true);
}

const struct metric metric_nfs_io_size = {
	.name = "nfs-io-size",
	.help = "nfs_write_avg_kib, nfs_read_avg_kib (mountstats, swap traffic only)",
	.measure = measure,
};
