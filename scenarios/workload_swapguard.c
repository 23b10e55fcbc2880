// SPDX-License-Identifier: GPL-2.0
/*
 * swapguard (guests/tools): tries every user-space write path into the active
 * swap file and expects each to be refused; TAP out.  A swap device (local
 * disk, loop) is no swap file, so it has nothing to guard there.
 */
#include <string.h>

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

const struct workload workload_swapguard = {
	.name = "swapguard",
	.help = "every user-space write path into the active swap file is refused",
	.options = options,
	.command = command,
	.stdout_log = "swapguard.tap",
	.stderr_log = "swapguard.err",
	.default_timeout_s = 300,
};
