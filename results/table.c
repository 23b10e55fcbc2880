// SPDX-License-Identifier: GPL-2.0
/* Plain text tables for people: columns sized to their widest cell. */
#include <stdlib.h>
#include <string.h>

#include "table.h"

void table_init(struct table *t, size_t cols, const char *const *header)
{
	t->cols = cols;
	t->rows = 0;
	t->cells = NULL;
	table_add(t, header);
}

/* A cell is one line: a multi-line reason (a console tail) is folded. */
static char *one_line(const char *s)
{
	char *copy = strdup(s ? s : ""), *p;

	for (p = copy; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	return copy;
}

void table_add(struct table *t, const char *const *cells)
{
	size_t i;

	t->cells = realloc(t->cells, (t->rows + 1) * t->cols * sizeof(char *));
	for (i = 0; i < t->cols; i++)
		t->cells[t->rows * t->cols + i] = one_line(cells[i]);
	t->rows++;
}

void table_print(FILE *f, const struct table *t)
{
	size_t *width = calloc(t->cols, sizeof(*width));
	size_t r, c;

	for (r = 0; r < t->rows; r++)
		for (c = 0; c < t->cols; c++)
			if (strlen(t->cells[r * t->cols + c]) > width[c])
				width[c] = strlen(t->cells[r * t->cols + c]);
	for (r = 0; r < t->rows; r++) {
		for (c = 0; c < t->cols; c++) {
			const char *cell = t->cells[r * t->cols + c];

			/* The last column is free text: no trailing blanks. */
			if (c + 1 == t->cols)
				fprintf(f, "%s\n", cell);
			else
				fprintf(f, "%-*s  ", (int)width[c], cell);
		}
	}
	free(width);
}

void table_free(struct table *t)
{
	size_t i;

	for (i = 0; i < t->rows * t->cols; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->rows = 0;
}
