// SPDX-License-Identifier: GPL-2.0
/* cgroup v2: find the hierarchy, enable memory, make and remove a child. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cgroup.h"

#define REMOVE_TRIES 100	/* 10 ms apart: one second at most */

/* The mount point of the cgroup v2 hierarchy, from /proc/self/mountinfo. */
static int cgroup2_mount(char *mnt, size_t len)
{
	char line[4096], point[PATH_MAX], *sep;
	FILE *f = fopen("/proc/self/mountinfo", "re");
	int ret = -1;

	if (!f)
		return -1;
	while (ret && fgets(line, sizeof(line), f)) {
		sep = strstr(line, " - ");
		if (!sep || strncmp(sep, " - cgroup2 ", 11))
			continue;
		if (sscanf(line, "%*s %*s %*s %*s %4095s", point) == 1 &&
		    strlen(point) < len) {
			snprintf(mnt, len, "%s", point);
			ret = 0;
		}
	}
	fclose(f);
	return ret;
}

/* Open @dir/@name (a cgroup file) with @flags; -1 too if that is too long. */
static int open_in(const char *dir, const char *name, int flags)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return open(path, flags | O_CLOEXEC);
}

static int read_file(const char *dir, const char *name, char *buf, size_t len)
{
	int fd = open_in(dir, name, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

static int write_file(const char *dir, const char *name, const char *text)
{
	int fd = open_in(dir, name, O_WRONLY);
	size_t len = strlen(text);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

/* Whether a space-separated controller list names "memory". */
static bool lists_memory(const char *list)
{
	const char *p = list;

	while ((p = strstr(p, "memory"))) {
		if ((p == list || p[-1] == ' ') &&
		    (p[6] == '\0' || p[6] == ' ' || p[6] == '\n'))
			return true;
		p += 6;
	}
	return false;
}

/* The root's children get the memory controller: allowed at the root. */
static int enable_memory(const char *mnt, char *why, size_t why_len)
{
	char list[1024];

	if (read_file(mnt, "cgroup.controllers", list, sizeof(list)) ||
	    !lists_memory(list)) {
		snprintf(why, why_len, "the memory controller is not in %s/cgroup.controllers (is it bound to cgroup v1?)",
			 mnt);
		return -1;
	}
	if (!read_file(mnt, "cgroup.subtree_control", list, sizeof(list)) &&
	    lists_memory(list))
		return 0;
	if (write_file(mnt, "cgroup.subtree_control", "+memory")) {
		snprintf(why, why_len, "cannot enable memory in %s/cgroup.subtree_control: %s",
			 mnt, strerror(errno));
		return -1;
	}
	return 0;
}

int cgroup_create(char *path, size_t len, char *why, size_t why_len)
{
	char mnt[PATH_MAX], probe[PATH_MAX];

	if (cgroup2_mount(mnt, sizeof(mnt))) {
		snprintf(why, why_len, "no cgroup v2 hierarchy is mounted");
		return -1;
	}
	if (enable_memory(mnt, why, why_len))
		return -1;
	snprintf(path, len, "%s/swapverify.%d", mnt, (int)getpid());
	if (mkdir(path, 0755)) {
		snprintf(why, why_len, "cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	snprintf(probe, sizeof(probe), "%s/memory.reclaim", path);
	if (access(probe, W_OK)) {
		snprintf(why, why_len, "this kernel has no memory.reclaim (Linux 5.19 and later have)");
		rmdir(path);
		return -1;
	}
	return 0;
}

int cgroup_enter(const char *path)
{
	return write_file(path, "cgroup.procs", "0");
}

void cgroup_reclaim(const char *path, uint64_t bytes)
{
	char amount[32];

	/* EAGAIN means "reclaimed less than asked": the caller measures. */
	snprintf(amount, sizeof(amount), "%llu", (unsigned long long)bytes);
	write_file(path, "memory.reclaim", amount);
}

int cgroup_remove(const char *path)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < REMOVE_TRIES; i++) {
		if (!rmdir(path) || errno == ENOENT)
			return 0;
		if (errno != EBUSY)
			return -1;
		nanosleep(&pause, NULL);
	}
	return -1;
}
