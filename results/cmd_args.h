/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line helpers shared by the results commands. */
#ifndef SWAPLAB_RESULTS_CMD_ARGS_H
#define SWAPLAB_RESULTS_CMD_ARGS_H

#include "verdict.h"

/*
 * Parse --threshold PCT or --alpha P (@opt is 't' or 'a') into @th; on a bad
 * value print why, naming @cmd and the range, and return -1.
 */
int args_threshold(const char *cmd, int opt, const char *arg,
		   struct compare_thresholds *th);

/* After getopt_long() returned '?': say which argument and where help is. */
void args_bad_option(const char *cmd, char **argv);

#endif
