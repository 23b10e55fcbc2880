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

/* @why gets "@path: @what"; errno is @err again for the caller. */
static char *fail(const char *path, int err, const char *what, char *why,
		  size_t len)
{
	snprintf(why, len, "%s: %s", path, what ? what : strerror(err));
	errno = err;
	return NULL;
}

char *textfile_slurp(const char *path, size_t max, size_t *n, char *why,
		     size_t len)
{
	FILE *f = fopen(path, "r");
	size_t got = 0, cap = 4096;
	char *buf, *grown, what[64];
	int err;

	if (!f)
		return fail(path, errno, NULL, why, len);
	buf = malloc(cap);
	for (;;) {
		if (!buf) {
			fclose(f);
			return fail(path, ENOMEM, NULL, why, len);
		}
		got += fread(buf + got, 1, cap - got - 1, f);
		if (got < cap - 1 || (max && got > max))
			break;
		cap *= 2;
		grown = realloc(buf, cap);
		if (!grown)
			free(buf);
		buf = grown;
	}
	err = errno;
	if (ferror(f)) {
		fclose(f);
		free(buf);
		return fail(path, err, NULL, why, len);
	}
	fclose(f);
	if (max && got > max) {
		free(buf);
		if (max % (1u << 20) == 0)
			snprintf(what, sizeof(what), "larger than %zu MiB", max >> 20);
		else
			snprintf(what, sizeof(what), "larger than %zu bytes", max);
		return fail(path, EFBIG, what, why, len);
	}
	buf[got] = '\0';
	if (n)
		*n = got;
	return buf;
}

char *textfile_read(const char *path, char *why, size_t len)
{
	size_t n;
	char *buf = textfile_slurp(path, TEXTFILE_MAX, &n, why, len);

	if (buf && strlen(buf) != n) {
		free(buf);
		return fail(path, EINVAL, "contains NUL bytes (corrupt?)", why, len);
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
