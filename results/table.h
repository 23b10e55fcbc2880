/* SPDX-License-Identifier: GPL-2.0 */
/* Plain text tables for people: columns sized to their widest cell. */
#ifndef SWAPLAB_RESULTS_TABLE_H
#define SWAPLAB_RESULTS_TABLE_H

#include <stdio.h>

struct table {
	size_t cols;
	size_t rows;
	char **cells;		/* rows * cols, row-major; row 0 is the header */
};

void table_init(struct table *t, size_t cols, const char *const *header);
/* Add a row of t->cols strings (copied). */
void table_add(struct table *t, const char *const *cells);
void table_print(FILE *f, const struct table *t);
void table_free(struct table *t);

#endif
