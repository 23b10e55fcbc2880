// SPDX-License-Identifier: GPL-2.0
/*
 * swapguard (guests/tools): tries every user-space write path into the active
 * swap file and expects each to be refused; TAP out.  A swap device (local
 * disk, loop) is no swap file, so it has nothing to guard there.  Its check:
 * user space cannot write into the active swap file by any path.
 */
#include <stdio.h>
#include <string.h>

#include "logparse.h"
#include "registry.h"

static const struct scn_option options[] = {
	{ }
};

static char *command(const struct workload_ctx *ctx)
{
	return strdup("f=$(awk 'NR == 2 { print $1 }' /proc/swaps)\n"
		      "if [ ! -f \"$f\" ]; then\n"
		      "\techo \"1..0 # SKIP active swap '$f' is not a file\"; exit 0\nfi\n"
		      "exec swapguard \"$f\"\n");
}

extern const struct workload workload_swapguard;

static void evaluate(struct evidence *ev, struct check_result *res)
{
	struct workload_status *w = evidence_workload(ev, workload_swapguard.name);
	const char *tap;
	struct ktap_counts c;

	if (!w) {
		check_set(res, VERDICT_SKIP, "no swapguard in this scenario");
		return;
	}
	tap = evidence_text(ev, workload_swapguard.stdout_log);
	if (!tap) {
		check_set(res, VERDICT_FAIL, "swapguard.tap missing");
		return;
	}
	ktap_count(tap, NULL, NULL, &c);
	if (strstr(tap, "1..0 # SKIP")) {
		check_set(res, VERDICT_SKIP, "%s", strstr(tap, "SKIP") + 5);
		return;
	}
	if (!c.fail && c.pass && w->finished && !w->status)
		check_set(res, VERDICT_PASS, "%u write paths refused", c.pass);
	else
		check_set(res, VERDICT_FAIL, "%u refused, %u not refused%s%s (exit %d)",
			  c.pass, c.fail, c.fail ? ": " : "", c.failed, w->status);
}

static const struct check checks[] = {
	{ .name = "swapguard", .help = "every user-space write path into the active swap file is refused",
	  .evaluate = evaluate },
	{ }
};

const struct workload workload_swapguard = {
	.name = "swapguard",
	.help = "every user-space write path into the active swap file is refused",
	.options = options,
	.command = command,
	.stdout_log = "swapguard.tap",
	.stderr_log = "swapguard.err",
	.default_timeout_s = 300,
	.checks = checks,
};
