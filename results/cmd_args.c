// SPDX-License-Identifier: GPL-2.0
/* Command-line helpers shared by the results commands. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd_args.h"
#include "../common/exit_codes.h"

/*
 * Parse --threshold PCT or --alpha P (@opt is 't' or 'a') into @th; on a bad
 * value print why, naming @cmd and the range, and return -1.
 */
static int args_threshold(const char *cmd, int opt, const char *arg,
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

/* After getopt_long() returned '?': say which argument and where help is. */
static void args_bad_option(const char *cmd, char **argv)
{
	fprintf(stderr, "swaplab %s: bad option '%s' (unknown, or its value is "
		"missing): see swaplab %s --help\n", cmd, argv[optind - 1], cmd);
}

int args_parse(const char *cmd, int argc, char **argv, const struct option *opts,
	       void (*usage)(FILE *f), struct cmd_values *v)
{
	int c;

	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			v->db = optarg;
			break;
		case 'k':
			v->known = optarg;
			break;
		case 'o':
			v->out = optarg;
			break;
		case 'j':
			v->json = true;
			break;
		case 't':
		case 'a':
			if (args_threshold(cmd, c, optarg, &v->th))
				return EXIT_USAGE;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			args_bad_option(cmd, argv);
			return EXIT_USAGE;
		}
	}
	return -1;
}
