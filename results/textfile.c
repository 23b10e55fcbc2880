// SPDX-License-Identifier: GPL-2.0
/* Small whole-file reads and writes for the results part. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "textfile.h"

/* A run's JSON files are small; anything larger is not one of ours. */
#define TEXTFILE_MAX (16u << 20)

char *textfile_read(const char *path, char *why, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n = 0, cap = 4096;
	char *buf;

	if (!f) {
		int err = errno;

		snprintf(why, len, "%s: %s", path, strerror(err));
		errno = err;
		return NULL;
	}
	buf = malloc(cap);
	for (;;) {
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n < cap - 1 || cap > TEXTFILE_MAX)
			break;
		cap *= 2;
		buf = realloc(buf, cap);
	}
	if (ferror(f) || cap > TEXTFILE_MAX) {
		snprintf(why, len, "%s: %s", path, ferror(f) ? strerror(errno) :
			 "larger than 16 MiB");
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	if (strlen(buf) != n) {
		snprintf(why, len, "%s: contains NUL bytes (corrupt?)", path);
		free(buf);
		return NULL;
	}
	return buf;
}

char *textfile_read_at(const char *dir, const char *name, char *why, size_t len)
{
	char *path, *text;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		return NULL;
	text = textfile_read(path, why, len);
	if (!text && errno == ENOENT)
		snprintf(why, len, "%s is missing", name);
	free(path);
	return text;
}

int textfile_write(const char *path, const char *text, char *why, size_t len)
{
	char *tmp;
	FILE *f;
	int ret = -1;

	if (asprintf(&tmp, "%s.tmp", path) < 0)
		return -1;
	f = fopen(tmp, "w");
	if (!f) {
		snprintf(why, len, "%s: %s", tmp, strerror(errno));
		goto out;
	}
	fputs(text, f);
	if (fclose(f) || rename(tmp, path)) {
		snprintf(why, len, "%s: %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	ret = 0;
out:
	free(tmp);
	return ret;
}
