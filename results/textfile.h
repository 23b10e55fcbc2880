/* SPDX-License-Identifier: GPL-2.0 */
/* Small whole-file reads and writes for the results part. */
#ifndef SWAPLAB_RESULTS_TEXTFILE_H
#define SWAPLAB_RESULTS_TEXTFILE_H

#include <stddef.h>

/*
 * Read @path whole: a buffer of *@n bytes (@n may be NULL) and a '\0' after
 * them, which may hold NUL bytes of its own; or NULL with "@path: reason" in
 * @why and errno set.  A file larger than @max bytes is refused (0: no limit).
 */
char *textfile_slurp(const char *path, size_t max, size_t *n, char *why,
		     size_t len);

/*
 * Read @dir/@name as a NUL-terminated string, or NULL with a reason: larger
 * than 16 MiB or holding a NUL byte, it is not one of ours.
 */
char *textfile_read_at(const char *dir, const char *name, char *why, size_t len);
char *textfile_read(const char *path, char *why, size_t len);

/* Write @text to @path through a temporary file and a rename. */
int textfile_write(const char *path, const char *text, char *why, size_t len);

#endif
