// SPDX-License-Identifier: GPL-2.0
/*
 * swapoff of the NFS swap file while a verifier holds pages out and stress-ng
 * keeps swapping: try_to_unuse() must read every page back over NFS (or fail
 * with ENOMEM and leave the swap file active), then swapon makes it the swap
 * again.  Either is clean; a swapoff that never returns, or a swap file that
 * is neither active nor off, is not.  The verifiers then read their pages
 * back, so "every page verified after" is the content and stress-ng checks.
 *
 * swapoff runs in the background in the client (it may take minutes over
 * NFS under TCG: longer than one agent call), and is polled.  The log says
 * how long it took, its exit status and message, the swap in use before and
 * after, and one line "verified: pass|fail: WHY" for the faults check.
 * Recovery: from swapon to the next swap RPC completing.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "registry.h"

struct swapoff_under_load_opts {
	uint64_t swapoff_timeout_s;
	uint64_t recovery_s;
};

static const struct scn_option options[] = {
	{ .key = "swapoff_timeout", .type = SCN_DURATION, .def = "15m",
	  .help = "how long swapoff may take before it counts as hung", .min = 10,
	  .max = 7200, SCN_FIELD(struct swapoff_under_load_opts, swapoff_timeout_s) },
	FAULT_RECOVERY_OPTION(struct swapoff_under_load_opts),
	{ }
};

#define STATE "/run/swaplab-swapoff"
#define SWAP_USED "awk '/^SwapTotal:/ { t = $2 } /^SwapFree:/ { f = $2 } " \
	"END { print t - f }' /proc/meminfo"

static int swap_file(const struct fault_ctx *ctx, char *file, size_t flen,
		     char *why, size_t len)
{
	char swaps[512] = "";

	if (ctx->sh(ctx->runner, GUEST_CLIENT, "awk 'NR == 2 { print $1 }' /proc/swaps",
		    swaps, sizeof(swaps), why, len))
		return -1;
	swaps[strcspn(swaps, "\n")] = '\0';
	if (strncmp(swaps, "/mnt/", 5)) {
		snprintf(why, len, "swapoff-under-load needs the swap file on the NFS mount, "
			 "/proc/swaps says: '%s'", swaps);
		return -1;
	}
	snprintf(file, flen, "%s", swaps);
	return 0;
}

static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	const struct swapoff_under_load_opts *o = ctx->opts;
	unsigned timeout = (unsigned)o->swapoff_timeout_s;
	char file[256], cmd[1024], out[1024] = "", used[64] = "";
	int rc = -1, done = 0;
	double t0, t1;

	if (swap_file(ctx, file, sizeof(file), why, len))
		return -1;
	if (ctx->sh(ctx->runner, GUEST_CLIENT, SWAP_USED, used, sizeof(used), why, len))
		return -1;
	fprintf(ctx->log, "swap file %s, in use before: %s", file, used);
	snprintf(cmd, sizeof(cmd),
		 "rm -rf " STATE " && mkdir " STATE " && echo %s >" STATE "/file && "
		 "setsid sh -c 'swapoff %s >" STATE "/out 2>&1; echo $? >" STATE "/rc.new; "
		 "mv " STATE "/rc.new " STATE "/rc' </dev/null >/dev/null 2>&1 &", file, file);
	t0 = fault_now();
	if (ctx->sh(ctx->runner, GUEST_CLIENT, cmd, NULL, 0, why, len))
		return -1;
	fprintf(ctx->log, "swapoff %s started\n", file);
	fflush(ctx->log);
	while (!done && fault_now() - t0 < timeout) {
		sleep(2);
		if (ctx->sh(ctx->runner, GUEST_CLIENT,
			    "cat " STATE "/rc 2>/dev/null || echo running", out, sizeof(out),
			    why, len))
			return -1;
		done = sscanf(out, "%d", &rc) == 1;
	}
	t1 = fault_now();
	if (!done) {
		fprintf(ctx->log, "swapoff_s = none (still running after %u s)\n", timeout);
		fprintf(ctx->log, "verified: fail: swapoff of %s did not return in %u s\n",
			file, timeout);
		fflush(ctx->log);
		snprintf(why, len, "swapoff of %s did not return in %u s (hung?)", file, timeout);
		return -1;
	}
	ctx->sh(ctx->runner, GUEST_CLIENT, "cat " STATE "/out", out, sizeof(out), why, len);
	fprintf(ctx->log, "swapoff_s = %.1f\nswapoff exit %d%s%s", t1 - t0, rc,
		*out ? ": " : "\n", out);
	ctx->sh(ctx->runner, GUEST_CLIENT, SWAP_USED, used, sizeof(used), why, len);
	fprintf(ctx->log, "swap in use after swapoff: %s", used);
	snprintf(cmd, sizeof(cmd), "grep -q '^%s ' /proc/swaps && echo active || echo off",
		 file);
	if (ctx->sh(ctx->runner, GUEST_CLIENT, cmd, out, sizeof(out), why, len))
		return -1;
	out[strcspn(out, "\n")] = '\0';
	if (!rc && !strncmp(out, "active", 6))
		fprintf(ctx->log, "verified: fail: swapoff said 0 but %s is still active\n", file);
	else if (rc && strncmp(out, "active", 6))
		fprintf(ctx->log, "verified: fail: swapoff failed (%d) but %s is no longer "
			"active\n", rc, file);
	else
		fprintf(ctx->log, "verified: pass: swapoff %s in %.1f s, swap file %s\n",
			rc ? "failed cleanly" : "succeeded", t1 - t0, out);
	if (rc)
		return fault_recovery(ctx, t1, o->recovery_s, why, len);
	snprintf(cmd, sizeof(cmd), "swapon %s && cat /proc/swaps", file);
	if (ctx->sh(ctx->runner, GUEST_CLIENT, cmd, out, sizeof(out), why, len))
		return -1;
	t1 = fault_now();
	fprintf(ctx->log, "swapon %s again:\n%s", file, out);
	return fault_recovery(ctx, t1, o->recovery_s, why, len);
}

const struct fault fault_swapoff_under_load = {
	.name = "swapoff-under-load",
	.help = "swapoff the NFS swap file while pages are out, then swapon again",
	.options = options,
	.opts_size = sizeof(struct swapoff_under_load_opts),
	.inject = inject,
};
