/* SPDX-License-Identifier: GPL-2.0 */
/* Running a helper program (gnuplot) with a time limit. */
#ifndef SWAPLAB_RESULTS_RUN_TOOL_H
#define SWAPLAB_RESULTS_RUN_TOOL_H

#include <stddef.h>

/*
 * Run argv[0] (looked up in PATH) in directory @dir with stdout and stderr
 * going to @log_path, kill it after @timeout_s.  Returns 0 when it exited 0,
 * else -1 with a reason in @why.
 */
int run_tool(char *const argv[], const char *dir, const char *log_path,
	     unsigned int timeout_s, char *why, size_t len);

#endif
