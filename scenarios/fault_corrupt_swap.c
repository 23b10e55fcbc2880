// SPDX-License-Identifier: GPL-2.0
/*
 * Corrupt the swap file behind the client's back: once a workload says its
 * pages are swapped out (and after the fault's delay), swapcorrupt on the
 * NFS server overwrites with random bytes a share of the pages whose content
 * says they are swapverify's or stress-ng's (guests/tools/sc_classify.h).
 * Only the verifiers' pages: a damaged page of init, of the guest agent or of
 * a verifier's own stack would kill a process instead of being counted.
 * The verifiers must then count bad pages and the run must fail.
 *
 * With rounds > 1 (a key of every fault) the runner injects it again every
 * interval; a later round may find nothing left to damage.  A verifier that
 * rewrites a page before it reads it back (stress-ng's next write pass) never
 * sees damage done after its last check of that page; rounds spread over its
 * cycle make sure some damage lands while pages wait to be checked.  A page
 * the client still holds in its swap cache (swap readahead brought it in) is
 * damaged on the server but read from memory, so a verifier may count a few
 * pages fewer than were damaged.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

struct corrupt_swap_opts {
	uint64_t from, to;
	const char *classes;
	const char *export;
};

#define OPT(member) SCN_FIELD(struct corrupt_swap_opts, member)

static const struct scn_option options[] = {
	{ .key = "from", .type = SCN_UINT, .def = "0",
	  .help = "share of each class's pages to damage: from this percent...",
	  .max = 99, OPT(from) },
	{ .key = "to", .type = SCN_UINT, .def = "50",
	  .help = "...to this one (page n of a class is hit when n % 100 is in [from, to))",
	  .min = 1, .max = 100, OPT(to) },
	{ .key = "classes", .type = SCN_STRING, .def = "swapverify stress-ng",
	  .help = "whose pages: swapverify (its pattern's magic), stress-ng (--vm rand-set, zero-one)",
	  OPT(classes) },
	{ .key = "export", .type = SCN_STRING, .def = "/export/swaplab",
	  .help = "the server directory the client's swap file is in", OPT(export) },
	{ }
};

/* The client's swap file, from its /proc/swaps: it must be on the NFS mount. */
static int client_swap(const struct fault_ctx *ctx, char *file, char *why, size_t len)
{
	char swaps[512];

	if (ctx->sh(ctx->runner, GUEST_CLIENT, "awk 'NR == 2 { print $1 }' /proc/swaps",
		    swaps, sizeof(swaps), why, len))
		return -1;
	if (sscanf(swaps, "%255s", file) != 1 || strncmp(file, "/mnt/", 5)) {
		snprintf(why, len, "corrupt-swap needs a swap file on the NFS mount, "
			 "/proc/swaps says: %s", swaps);
		return -1;
	}
	return 0;
}

static int arm(struct fault_ctx *ctx, char *why, size_t len)
{
	char file[256];

	if (client_swap(ctx, file, why, len))
		return -1;
	snprintf(ctx->armed, sizeof(ctx->armed), "%s", basename(file));
	return 0;
}

static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	const struct corrupt_swap_opts *o = ctx->opts;
	char script[1024], classes[256], out[1024] = "", *c, *save = NULL;
	size_t used;

	used = snprintf(script, sizeof(script), "swapcorrupt --from %llu --to %llu",
			(unsigned long long)o->from, (unsigned long long)o->to);
	snprintf(classes, sizeof(classes), "%s", o->classes);
	for (c = strtok_r(classes, " ,", &save); c && used < sizeof(script);
	     c = strtok_r(NULL, " ,", &save))
		used += snprintf(script + used, sizeof(script) - used, " --class %s", c);
	if (used < sizeof(script))
		used += snprintf(script + used, sizeof(script) - used, " %s/%s",
				 o->export, ctx->armed);
	fprintf(ctx->log, "server: %s\n", script);
	fflush(ctx->log);
	/* After the first round, finding nothing left to damage is no error. */
	if (ctx->round > 1 && used < sizeof(script))
		snprintf(script + used, sizeof(script) - used, " || [ $? = 1 ]");
	if (ctx->sh(ctx->runner, GUEST_SERVER, script, out, sizeof(out), why, len))
		return -1;
	fputs(out, ctx->log);
	return 0;
}

const struct fault fault_corrupt_swap = {
	.name = "corrupt-swap",
	.help = "damage a share of the verifiers' pages in the swap file on the server",
	.options = options,
	.opts_size = sizeof(struct corrupt_swap_opts),
	.arm = arm,
	.inject = inject,
};
