// SPDX-License-Identifier: GPL-2.0
/* What every page of the dashboard shares: the frame, lists, links. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dashboard.h"
#include "markup.h"

int string_list_query(sqlite3 *db, const char *sql, const char *param,
		      struct string_list *l)
{
	sqlite3_stmt *st;
	int rc;

	l->v = NULL;
	l->n = 0;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL))
		return -1;
	if (param)
		sqlite3_bind_text(st, 1, param, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		l->v = realloc(l->v, (l->n + 1) * sizeof(*l->v));
		l->v[l->n++] = strdup((const char *)sqlite3_column_text(st, 0));
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

void string_list_free(struct string_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

FILE *page_open(const struct dashboard *d, const char *path, const char *title,
		const char *root)
{
	char *full;
	FILE *f;

	if (asprintf(&full, "%s/%s", d->build_dir, path) < 0)
		return NULL;
	f = fopen(full, "w");
	free(full);
	if (!f)
		return NULL;
	fprintf_escaped(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
			"<meta charset=\"utf-8\">\n<title>%s</title>\n"
			"<link rel=\"stylesheet\" href=\"%sstyle.css\">\n</head>\n<body>\n"
			"<header><a href=\"%sindex.html\">swaplab</a> &middot; %s</header>\n",
			title, root, root, title);
	return f;
}

int page_close(FILE *f, const char *path)
{
	char stamp[64];
	time_t now = time(NULL);

	strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
	fprintf(f, "<footer>written by <code>swaplab report</code> at %s</footer>\n"
		"</body>\n</html>\n", stamp);
	if (ferror(f) | fclose(f)) {
		fprintf(stderr, "swaplab report: writing %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Percent-encode what is not safe in a URL path segment. */
static void append_encoded(char **out, size_t *len, const char *s, size_t n)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				   "0123456789-._~/";
	size_t i;

	*out = realloc(*out, *len + 3 * n + 1);
	for (i = 0; i < n; i++) {
		if (strchr(safe, s[i]) && s[i])
			(*out)[(*len)++] = s[i];
		else
			*len += sprintf(*out + *len, "%%%02X", (unsigned char)s[i]);
	}
	(*out)[*len] = '\0';
}

char *relative_url(const char *from, const char *to)
{
	size_t common = 0, i, len = 0;
	char *url = NULL;

	/* The longest common prefix that ends at a directory boundary. */
	for (i = 0; from[i] && from[i] == to[i]; i++)
		if (from[i] == '/')
			common = i + 1;
	if (!from[i] && to[i] == '/')
		common = i + 1;
	for (i = common ? common - 1 : 0; from[i]; i++)
		if (from[i] == '/' && from[i + 1])
			append_encoded(&url, &len, "../", 3);
	append_encoded(&url, &len, to + common, strlen(to + common));
	return url;
}

char *graph_name(const char *scenario, const char *metric, const char *kind)
{
	char *name;

	if (asprintf(&name, "graphs/%s.%s.%s.svg", scenario, metric, kind) < 0)
		return NULL;
	return name;
}
