// SPDX-License-Identifier: GPL-2.0
/* Running a helper program (gnuplot) with a time limit. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "run_tool.h"

extern char **environ;

static int wait_limited(pid_t pid, unsigned int timeout_s, int *status)
{
	const struct timespec tick = { 0, 50 * 1000 * 1000 };
	unsigned int ticks = timeout_s * 20;
	pid_t r;

	while ((r = waitpid(pid, status, WNOHANG)) == 0 && ticks--)
		nanosleep(&tick, NULL);
	if (r == pid)
		return 0;
	kill(pid, SIGKILL);
	waitpid(pid, status, 0);
	return -1;
}

int run_tool(char *const argv[], const char *dir, const char *log_path,
	     unsigned int timeout_s, char *why, size_t len)
{
	posix_spawn_file_actions_t fa;
	int status, rc;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addchdir_np(&fa, dir);
	rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		snprintf(why, len, "cannot run %s: %s (`make deps` installs it)",
			 argv[0], strerror(rc));
		return -1;
	}
	if (wait_limited(pid, timeout_s, &status)) {
		snprintf(why, len, "%s did not finish within %u s (see %s)", argv[0],
			 timeout_s, log_path);
		return -1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(why, len, "%s failed (see %s)", argv[0], log_path);
		return -1;
	}
	return 0;
}
