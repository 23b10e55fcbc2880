// SPDX-License-Identifier: GPL-2.0
/*
 * Corrupt the swap file behind the client's back: once a workload says its
 * pages are swapped out, overwrite part of the swap file on the NFS server
 * with random bytes, past the swap header.  The verifiers must then count
 * bad pages.  Two ranges: a share of the trigger workload's own slots, and
 * a share of those other workloads took after it.
 */
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

static const struct scn_option options[] = {
	{ .key = "own_from", .type = SCN_UINT, .def = "10",
	  .help = "start, in percent of the slots in use when the workload said ready",
	  .max = 99 },
	{ .key = "own_to", .type = SCN_UINT, .def = "90",
	  .help = "end, in percent of those slots (the workload's own pages)",
	  .min = 1, .max = 100 },
	{ .key = "later_from", .type = SCN_UINT, .def = "50",
	  .help = "start, in percent of the slots taken since (other workloads')",
	  .max = 99 },
	{ .key = "later_to", .type = SCN_UINT, .def = "95",
	  .help = "end, in percent of the slots taken since", .min = 1, .max = 100 },
	{ .key = "export", .type = SCN_STRING, .def = "/export/swaplab",
	  .help = "the server directory the client's swap file is in" },
	{ }
};

/* The swap file and the KiB in use, from the client's /proc/swaps. */
static int client_swap(const struct fault_ctx *ctx, char *file, uint64_t *used_kib,
		       char *why, size_t len)
{
	char swaps[512];

	if (ctx->sh(ctx->runner, GUEST_CLIENT, "awk 'NR == 2 { print $1, $4 }' /proc/swaps",
		    swaps, sizeof(swaps), why, len))
		return -1;
	if (sscanf(swaps, "%255s %" SCNu64, file, used_kib) != 2 ||
	    strncmp(file, "/mnt/", 5)) {
		snprintf(why, len, "corrupt-swap needs a swap file on the NFS mount, "
			 "/proc/swaps says: %s", swaps);
		return -1;
	}
	return 0;
}

/* The trigger's own pages are the slots in use when it said ready. */
static int arm(struct fault_ctx *ctx, char *why, size_t len)
{
	char file[256];
	uint64_t used_kib;

	if (client_swap(ctx, file, &used_kib, why, len))
		return -1;
	snprintf(ctx->armed, sizeof(ctx->armed), "%" PRIu64, used_kib);
	return 0;
}

/* Overwrite pages [first, last) of the swap file on the server. */
static int overwrite(const struct fault_ctx *ctx, const char *file, uint64_t first,
		     uint64_t last, char *why, size_t len)
{
	char script[1024];

	first = first ? first : 1;	/* page 0 is the swap header */
	if (last <= first)
		return 0;
	snprintf(script, sizeof(script),
		 "dd if=/dev/urandom of=%s/%s bs=4096 seek=%" PRIu64 " count=%"
		 PRIu64 " conv=notrunc,fsync status=none",
		 scn_text(ctx->params, "export"), basename((char *)file), first,
		 last - first);
	fprintf(ctx->log, "server: %s\n", script);
	if (ctx->sh(ctx->runner, GUEST_SERVER, script, NULL, 0, why, len))
		return -1;
	fprintf(ctx->log, "overwrote pages %" PRIu64 "..%" PRIu64 " (%" PRIu64
		" MiB) with random bytes\n", first, last - 1, (last - first) / 256);
	return 0;
}

static uint64_t percent(uint64_t n, uint64_t pct)
{
	return n * pct / 100;
}

/*
 * Slot n of a swap file is its page n.  The trigger's pages went out first,
 * into the low slots; pages pushed out since sit above them, the coldest
 * (system daemons', init's: overwriting those kills init) lowest there.
 */
static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	const struct scn_params *p = ctx->params;
	uint64_t used_kib, own = strtoull(ctx->armed, NULL, 10) / 4, now, later;
	char file[256];

	if (client_swap(ctx, file, &used_kib, why, len))
		return -1;
	now = used_kib / 4;
	later = now > own ? now - own : 0;
	fprintf(ctx->log, "client swap %s: %" PRIu64 " pages in use when armed, %"
		PRIu64 " now\n", file, own, now);
	if (overwrite(ctx, file, percent(own, scn_num(p, "own_from")),
		      percent(own, scn_num(p, "own_to")), why, len))
		return -1;
	return overwrite(ctx, file, own + percent(later, scn_num(p, "later_from")),
			 own + percent(later, scn_num(p, "later_to")), why, len);
}

const struct fault fault_corrupt_swap = {
	.name = "corrupt-swap",
	.help = "overwrite part of the swap file on the server while pages are out",
	.options = options,
	.arm = arm,
	.inject = inject,
};
