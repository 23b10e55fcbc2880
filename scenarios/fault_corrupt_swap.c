// SPDX-License-Identifier: GPL-2.0
/*
 * Corrupt the swap file behind the client's back: once a workload says its
 * pages are swapped out, overwrite part of the swap file on the NFS server
 * with random bytes, past the swap header.  The verifiers must then count
 * bad pages.  The range is a share of the slots in use: cold pages of system
 * daemons go out first and sit low, the workload's pages above them.
 */
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

static const struct scn_option options[] = {
	{ .key = "from", .type = SCN_UINT, .def = "50", .help = "start, in percent of the swap slots in use",
	  .max = 99 },
	{ .key = "to", .type = SCN_UINT, .def = "75", .help = "end, in percent of the swap slots in use",
	  .min = 1, .max = 100 },
	{ .key = "export", .type = SCN_STRING, .def = "/export/swaplab",
	  .help = "the server directory the client's swap file is in" },
	{ }
};

static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	uint64_t from = scn_num(ctx->params, "from"), to = scn_num(ctx->params, "to");
	char swaps[512], file[256], script[1024];
	uint64_t used_kib, first, count;

	if (ctx->sh(ctx->runner, GUEST_CLIENT, "awk 'NR == 2 { print $1, $4 }' /proc/swaps",
		swaps, sizeof(swaps), why, len))
		return -1;
	if (sscanf(swaps, "%255s %" SCNu64, file, &used_kib) != 2 ||
	    strncmp(file, "/mnt/", 5)) {
		snprintf(why, len, "corrupt-swap needs a swap file on the NFS mount, "
			 "/proc/swaps says: %s", swaps);
		return -1;
	}
	/* Page 0 is the swap header; slot n is page n of the file. */
	first = used_kib / 4 * from / 100;
	first = first ? first : 1;
	count = used_kib / 4 * to / 100 > first ? used_kib / 4 * to / 100 - first : 1;
	snprintf(script, sizeof(script),
		 "dd if=/dev/urandom of=%s/%s bs=4096 seek=%" PRIu64 " count=%"
		 PRIu64 " conv=notrunc,fsync status=none",
		 scn_text(ctx->params, "export"), basename(file), first, count);
	fprintf(ctx->log, "client swap %s, %" PRIu64 " KiB in use\nserver: %s\n",
		file, used_kib, script);
	if (ctx->sh(ctx->runner, GUEST_SERVER, script, NULL, 0, why, len))
		return -1;
	fprintf(ctx->log, "overwrote pages %" PRIu64 "..%" PRIu64 " (%" PRIu64
		" MiB) with random bytes\n", first, first + count - 1, count / 256);
	return 0;
}

const struct fault fault_corrupt_swap = {
	.name = "corrupt-swap",
	.help = "overwrite part of the swap file on the server while pages are out",
	.options = options,
	.inject = inject,
};
