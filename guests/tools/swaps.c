// SPDX-License-Identifier: GPL-2.0
/* /proc/swaps: a header line, then one swap area per line, name first. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "swaps.h"

/* \ooo, as the kernel escapes space, tab, newline and backslash. */
static bool octal_escape(const char *s, char *c)
{
	int i;

	if (s[0] != '\\')
		return false;
	for (i = 1; i <= 3; i++)
		if (s[i] < '0' || s[i] > '7')
			return false;
	*c = (s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0');
	return true;
}

/* Copy the first field of line into name, undoing the escapes. */
static void first_field(const char *line, char *name, size_t len)
{
	size_t n = 0;

	while (*line && *line != ' ' && *line != '\t' && *line != '\n' &&
	       n + 1 < len) {
		if (octal_escape(line, &name[n])) {
			n++;
			line += 4;
		} else {
			name[n++] = *line++;
		}
	}
	name[n] = '\0';
}

bool swaps_each(const char *text, bool (*fn)(const char *name, void *arg),
		void *arg)
{
	char name[PATH_MAX];
	const char *line = strchr(text, '\n');	/* past the header */

	while (line && *++line) {
		first_field(line, name, sizeof(name));
		if (name[0] && fn(name, arg))
			return true;
		line = strchr(line, '\n');
	}
	return false;
}

static bool same_file(const char *name, void *arg)
{
	const struct stat *want = arg;
	struct stat st;

	return !stat(name, &st) && st.st_dev == want->st_dev &&
	       st.st_ino == want->st_ino;
}

int swaps_is_active(const char *path)
{
	char text[65536];
	struct stat want;
	size_t len;
	FILE *f;

	if (stat(path, &want))
		return -1;
	f = fopen("/proc/swaps", "re");
	if (!f)
		return -1;
	len = fread(text, 1, sizeof(text) - 1, f);
	if (ferror(f)) {
		fclose(f);
		errno = EIO;
		return -1;
	}
	fclose(f);
	text[len] = '\0';
	return swaps_each(text, same_file, &want);
}
