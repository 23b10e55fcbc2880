/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shape of a `swaplab` command, which cli/main.c dispatches to and each
 * part implements for itself (the lab's in cli/cmd_lab.c, `run` in
 * scenarios/, the results commands in results/):
 *
 *	int cmd_NAME(int argc, char **argv, const struct global_opts *g);
 *
 * argv[0] is the command's name; the global options come parsed.  The
 * return value is the process's exit status (exit_codes.h).  A leaf, like
 * exit_codes.h: a part implements its commands without including cli/.
 */
#ifndef SWAPLAB_COMMAND_H
#define SWAPLAB_COMMAND_H

#include <stdbool.h>

struct global_opts {
	const char *prefix;	/* --prefix, SWAPLAB_PREFIX, "swaplab" */
	bool json;		/* --json */
};

typedef int (*command_fn)(int argc, char **argv, const struct global_opts *g);

#endif
