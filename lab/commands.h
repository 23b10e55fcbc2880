/* SPDX-License-Identifier: GPL-2.0 */
/* The `swaplab` commands: each part of the tree implements its own. */
#ifndef SWAPLAB_COMMANDS_H
#define SWAPLAB_COMMANDS_H

#include <stdbool.h>

struct global_opts {
	const char *prefix;	/* --prefix, SWAPLAB_PREFIX, "swaplab" */
	bool json;		/* --json */
};

typedef int (*command_fn)(int argc, char **argv, const struct global_opts *g);

struct command {
	const char *name;
	command_fn fn;
	const char *args;
	const char *summary;
};

/* lab/cmd_lab.c */
int cmd_up(int argc, char **argv, const struct global_opts *g);
int cmd_down(int argc, char **argv, const struct global_opts *g);
int cmd_status(int argc, char **argv, const struct global_opts *g);
int cmd_exec(int argc, char **argv, const struct global_opts *g);
int cmd_push(int argc, char **argv, const struct global_opts *g);
int cmd_pull(int argc, char **argv, const struct global_opts *g);
int cmd_sysrq(int argc, char **argv, const struct global_opts *g);
int cmd_swap(int argc, char **argv, const struct global_opts *g);
/* scenarios/run.c */
int cmd_run(int argc, char **argv, const struct global_opts *g);
/* results/ */
int cmd_import(int argc, char **argv, const struct global_opts *g);
int cmd_compare(int argc, char **argv, const struct global_opts *g);
int cmd_report(int argc, char **argv, const struct global_opts *g);
int cmd_export(int argc, char **argv, const struct global_opts *g);

#endif
