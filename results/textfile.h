/* SPDX-License-Identifier: GPL-2.0 */
/* Small whole-file reads and writes for the results part. */
#ifndef SWAPLAB_RESULTS_TEXTFILE_H
#define SWAPLAB_RESULTS_TEXTFILE_H

#include <stddef.h>

/* Read @dir/@name as a NUL-terminated string, or NULL with a reason. */
char *textfile_read_at(const char *dir, const char *name, char *why, size_t len);
char *textfile_read(const char *path, char *why, size_t len);

/* Write @text to @path through a temporary file and a rename. */
int textfile_write(const char *path, const char *text, char *why, size_t len);

#endif
