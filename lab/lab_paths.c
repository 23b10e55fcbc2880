// SPDX-License-Identifier: GPL-2.0
/* Where the lab's things live: the cache (docs/design.md) and this tree. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lab_private.h"

char *lab_strdup_printf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (!s)
		abort();
	return s;
}

bool lab_marked(char *desc, char *mark)
{
	bool ours = desc && strstr(desc, mark);

	free(desc);
	free(mark);
	return ours;
}

const char *lab_cache_dir(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("SWAPLAB_CACHE");

	if (env && *env)
		snprintf(dir, sizeof(dir), "%s", env);
	else
		snprintf(dir, sizeof(dir), "%s/.cache/swaplab",
			 getenv("HOME") ? getenv("HOME") : "/root");
	return dir;
}

char *lab_dir_of(const char *prefix)
{
	return lab_strdup_printf("%s/labs/%s", lab_cache_dir(), prefix);
}

char *lab_kernel_path(const char *variant)
{
	return lab_strdup_printf("%s/kernel/out/%s/bzImage", lab_cache_dir(), variant);
}

/*
 * Files of this tree (server/, guests/) are found next to the binary,
 * lab/swaplab, so the lab works from any current directory.
 */
char *lab_source_path(const char *relative)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return lab_strdup_printf("%s", relative);
	exe[n] = '\0';
	slash = strrchr(exe, '/');	/* .../lab/swaplab -> .../lab */
	if (slash)
		*slash = '\0';
	slash = strrchr(exe, '/');	/* .../lab -> ... */
	if (slash)
		*slash = '\0';
	return lab_strdup_printf("%s/%s", exe, relative);
}

const char *lab_role_name(enum lab_role role)
{
	return role == LAB_CLIENT ? "client" : "server";
}

char *lab_console_file(const char *prefix, enum lab_role role)
{
	return lab_strdup_printf("%s/labs/%s/console-%s.log", lab_cache_dir(), prefix,
				 lab_role_name(role));
}

char *lab_domain_name(const char *prefix, enum lab_role role)
{
	return lab_strdup_printf("%s-%s", prefix, role == LAB_CLIENT ? "client" : "nfs");
}

double lab_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
