// SPDX-License-Identifier: GPL-2.0
/*
 * The ceiling: fio O_DIRECT writes and reads to a file on the swap's NFS
 * mount with the I/O size of a swap batch, the best the NFS path can do.
 */
#include "logparse.h"
#include "registry.h"

static void measure(struct evidence *ev, struct metric_set *out)
{
	const char *json = evidence_text(ev, "fio.json");
	double mibps;

	if (!evidence_ran(ev, "fio"))
		return;
	if (fio_bandwidth_mibps(json, "write", &mibps))
		metric_add(out, "ceiling_write_mibps", mibps, "MiB/s", true);
	if (fio_bandwidth_mibps(json, "read", &mibps))
		metric_add(out, "ceiling_read_mibps", mibps, "MiB/s", true);
}

const struct metric metric_ceiling = {
	.name = "ceiling",
	.help = "ceiling_write_mibps, ceiling_read_mibps (fio O_DIRECT on the NFS mount)",
	.measure = measure,
};
