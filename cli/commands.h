/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The `swaplab` command table and the lab's commands (cli/cmd_lab.c).  The
 * other parts declare their own commands: `run` in scenarios/run.h, import,
 * compare, report and export in results/results.h.
 */
#ifndef SWAPLAB_CLI_COMMANDS_H
#define SWAPLAB_CLI_COMMANDS_H

#include "../common/command.h"

struct command {
	const char *name;
	command_fn fn;
	const char *args;
	const char *summary;
};

/* cmd_lab.c */
int cmd_up(int argc, char **argv, const struct global_opts *g);
int cmd_down(int argc, char **argv, const struct global_opts *g);
int cmd_status(int argc, char **argv, const struct global_opts *g);
int cmd_exec(int argc, char **argv, const struct global_opts *g);
int cmd_push(int argc, char **argv, const struct global_opts *g);
int cmd_pull(int argc, char **argv, const struct global_opts *g);
int cmd_sysrq(int argc, char **argv, const struct global_opts *g);
int cmd_swap(int argc, char **argv, const struct global_opts *g);

#endif
