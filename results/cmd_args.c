// SPDX-License-Identifier: GPL-2.0
/* Command-line helpers shared by the results commands. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd_args.h"

int args_threshold(const char *cmd, int opt, const char *arg,
		   struct compare_thresholds *th)
{
	const char *name = opt == 't' ? "--threshold" : "--alpha";
	double min = opt == 't' ? 0 : 1e-9, max = opt == 't' ? 1000 : 0.5;
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !isfinite(v) || v < min || v > max) {
		fprintf(stderr, "swaplab %s: %s '%s': give a number from %g to %g\n",
			cmd, name, arg, min, max);
		return -1;
	}
	if (opt == 't')
		th->pct = v;
	else
		th->alpha = v;
	return 0;
}

void args_bad_option(const char *cmd, char **argv)
{
	fprintf(stderr, "swaplab %s: bad option '%s' (unknown, or its value is "
		"missing): see swaplab %s --help\n", cmd, argv[optind - 1], cmd);
}
