/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What results/ offers the command line (cli/main.c): its four commands.
 * Everything else of results/ is reached through them.
 */
#ifndef SWAPLAB_RESULTS_H
#define SWAPLAB_RESULTS_H

#include "../common/command.h"

/* import.c: run directories into the SQLite store. */
int cmd_import(int argc, char **argv, const struct global_opts *g);
/* cmd_compare.c: two sets of runs; exit 1 on a regression. */
int cmd_compare(int argc, char **argv, const struct global_opts *g);
/* cmd_report.c: the static dashboard. */
int cmd_report(int argc, char **argv, const struct global_opts *g);
/* cmd_export.c: a run as JUnit XML or KCIDB JSON. */
int cmd_export(int argc, char **argv, const struct global_opts *g);

#endif
