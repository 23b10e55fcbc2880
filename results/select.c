// SPDX-License-Identifier: GPL-2.0
/* Run selectors: parsing, and resolving them against the store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"

static int parse_last(const char *rest, struct selector *sel, char *why, size_t len)
{
	char *end;
	long n = strtol(rest, &end, 10);

	if (end == rest || *end != ':' || !end[1] || n < 1 || n > 10000) {
		snprintf(why, len, "'last:%s' is not last:N:LABEL with N >= 1 "
			 "(e.g. last:5:patched)", rest);
		return -1;
	}
	sel->kind = SELECT_LAST;
	sel->last_n = n;
	sel->name = strdup(end + 1);
	return 0;
}

static int parse_suite(const char *rest, const char *at, struct selector *sel,
		       char *why, size_t len)
{
	sel->kind = SELECT_SUITE;
	sel->name = strndup(rest, at - rest);
	sel->suite = strdup(at + 1);
	if (*sel->name && *sel->suite)
		return 0;
	snprintf(why, len, "'%s': write LABEL@SUITE, e.g. patched@20261203-101500", rest);
	return -1;
}

static int parse_name(const char *rest, struct selector *sel, char *why, size_t len)
{
	if (!*rest) {
		snprintf(why, len, "'%s/' names no label", sel->scenario);
		return -1;
	}
	sel->kind = SELECT_NAME;
	sel->name = strdup(rest);
	return 0;
}

int selector_parse(const char *text, struct selector *sel, char *why, size_t len)
{
	const char *rest = text, *slash = strchr(text, '/'), *at;
	int ret;

	memset(sel, 0, sizeof(*sel));
	if (slash) {
		if (slash == text || strchr(slash + 1, '/')) {
			snprintf(why, len, "'%s': write SCENARIO/LABEL, with one '/'", text);
			return -1;
		}
		sel->scenario = strndup(text, slash - text);
		rest = slash + 1;
	}
	at = strchr(rest, '@');
	if (!strncmp(rest, "last:", 5))
		ret = parse_last(rest + 5, sel, why, len);
	else if (at)
		ret = parse_suite(rest, at, sel, why, len);
	else
		ret = parse_name(rest, sel, why, len);
	if (ret)
		selector_free(sel);
	return ret;
}

void selector_free(struct selector *sel)
{
	free(sel->scenario);
	free(sel->name);
	free(sel->suite);
	memset(sel, 0, sizeof(*sel));
}

/*
 * ?1 label (or run id), ?2 scenario or NULL, ?3 suite, ?4 N.  "Latest" is by
 * start time, per scenario, so a later suite that ran only some scenarios
 * does not hide the others.
 */
static const char *const select_sql[] = {
	[SELECT_NAME] =
		"SELECT id FROM run_info r WHERE label = ?1"
		" AND (?2 IS NULL OR scenario = ?2)"
		" AND suite = (SELECT suite FROM run_info WHERE label = ?1"
		"  AND scenario = r.scenario ORDER BY started DESC, id DESC LIMIT 1)"
		" ORDER BY started, id",
	[SELECT_SUITE] =
		"SELECT id FROM run_info WHERE label = ?1"
		" AND (?2 IS NULL OR scenario = ?2) AND suite = ?3"
		" ORDER BY started, id",
	[SELECT_LAST] =
		"SELECT id FROM (SELECT id, started, row_number() OVER"
		"  (PARTITION BY scenario ORDER BY started DESC, id DESC) AS age"
		"  FROM run_info WHERE label = ?1 AND (?2 IS NULL OR scenario = ?2))"
		" WHERE age <= ?4 ORDER BY started, id",
};

static int collect(sqlite3 *db, const char *sql, const struct selector *sel,
		   char ***ids, size_t *n)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL))
		return -1;
	sqlite3_bind_text(st, 1, sel->name, -1, SQLITE_STATIC);
	if (sel->scenario)
		sqlite3_bind_text(st, 2, sel->scenario, -1, SQLITE_STATIC);
	if (sel->suite)
		sqlite3_bind_text(st, 3, sel->suite, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 4, sel->last_n);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*ids = realloc(*ids, (*n + 1) * sizeof(**ids));
		(*ids)[(*n)++] = strdup((const char *)sqlite3_column_text(st, 0));
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* "a, b, c": what the store has, for a message naming the choices. */
static void list_distinct(sqlite3 *db, const char *column, char *buf, size_t len)
{
	sqlite3_stmt *st;
	char *sql;
	size_t off = 0;

	buf[0] = '\0';
	if (asprintf(&sql, "SELECT DISTINCT %s FROM run_info ORDER BY 1", column) < 0)
		return;
	if (!sqlite3_prepare_v2(db, sql, -1, &st, NULL)) {
		while (sqlite3_step(st) == SQLITE_ROW && off < len)
			off += snprintf(buf + off, len - off, "%s%s", off ? ", " : "",
					(const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
	}
	free(sql);
}

static void explain_empty(sqlite3 *db, const char *text, const struct selector *sel,
			  char *why, size_t len)
{
	char labels[256], other[256];

	list_distinct(db, "label", labels, sizeof(labels));
	if (sel->scenario) {
		list_distinct(db, "scenario", other, sizeof(other));
		snprintf(why, len, "'%s' matches no run (scenarios: %s; labels: %s)",
			 text, other, labels);
	} else if (sel->kind == SELECT_SUITE) {
		list_distinct(db, "suite", other, sizeof(other));
		snprintf(why, len, "'%s' matches no run (suites: %s; labels: %s)",
			 text, other, labels);
	} else {
		snprintf(why, len, "'%s' matches no run: not a run id, and no run has "
			 "label '%s' (labels in the store: %s)", text, sel->name, labels);
	}
}

int selector_resolve(sqlite3 *db, const char *text, char ***ids, size_t *n,
		     char *why, size_t len)
{
	struct selector sel;
	int ret = -1;

	*ids = NULL;
	*n = 0;
	if (selector_parse(text, &sel, why, len))
		return -1;
	if (sel.kind == SELECT_NAME && !sel.scenario &&
	    collect(db, "SELECT id FROM runs WHERE id = ?1", &sel, ids, n))
		goto sql_error;
	if (!*n && collect(db, select_sql[sel.kind], &sel, ids, n))
		goto sql_error;
	if (*n)
		ret = 0;
	else
		explain_empty(db, text, &sel, why, len);
	selector_free(&sel);
	return ret;
sql_error:
	snprintf(why, len, "store: %s", sqlite3_errmsg(db));
	selector_free(&sel);
	run_ids_free(*ids, *n);
	*ids = NULL;
	*n = 0;
	return -1;
}

void run_ids_free(char **ids, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
}
