/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For the unit tests that run a built tool from the top of the tree:
 * run() a shell command and keep what it printed in out.  Include after
 * <cmocka.h>.
 */
#ifndef RUN_CMD_H
#define RUN_CMD_H

#include <stdarg.h>
#include <stdio.h>
#include <sys/wait.h>

static char out[1 << 20];

/* Run a shell command; its stdout (stderr too, with 2>&1) lands in out. */
static int run(const char *fmt, ...)
{
	char cmd[1024];
	size_t len;
	va_list ap;
	FILE *p;
	int status;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	p = popen(cmd, "r");
	assert_non_null(p);
	len = fread(out, 1, sizeof(out) - 1, p);
	out[len] = '\0';
	status = pclose(p);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

#endif
