/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line helpers shared by the results commands. */
#ifndef SWAPLAB_RESULTS_CMD_ARGS_H
#define SWAPLAB_RESULTS_CMD_ARGS_H

#include <stdbool.h>
#include <stdio.h>

#include "verdict.h"

/*
 * The options the results commands share, each by its letter: 'd' --db,
 * 'k' --known, 'o' --out, 'j' --json, 't' --threshold, 'a' --alpha; the
 * command sets the defaults.
 */
struct cmd_values {
	const char *db, *known, *out;
	bool json;
	struct compare_thresholds th;
};

struct option;
/*
 * Parse @cmd's options, @opts (those of the letters above it takes, and
 * "help" as 'h'), into @v.  Returns -1 when the command goes on with its
 * operands from optind, else its exit status: 0 after --help (@usage on
 * stdout), EXIT_USAGE after a bad option or value (said on stderr).
 */
int args_parse(const char *cmd, int argc, char **argv, const struct option *opts,
	       void (*usage)(FILE *f), struct cmd_values *v);

#endif
