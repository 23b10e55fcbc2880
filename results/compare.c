// SPDX-License-Identifier: GPL-2.0
/*
 * Building a comparison from the store.  Only scenarios that both sides ran
 * are compared: a scenario's numbers mean nothing next to another's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "select.h"

/* The selected runs, side 0 (A) and side 1 (B), and the scenarios both ran. */
#define SIDES_CTE \
	"WITH s AS (SELECT c.side, r.id, r.scenario, r.label, r.verdict," \
	"  coalesce(json_extract(x.meta_json, '$.error'), '') AS error" \
	"  FROM cmp_side c JOIN run_info r ON r.id = c.run_id" \
	"  JOIN runs x ON x.id = c.run_id)," \
	" common AS (SELECT scenario FROM s WHERE side = 0" \
	"  INTERSECT SELECT scenario FROM s WHERE side = 1) "

static const char metrics_sql[] = SIDES_CTE
	"SELECT s.scenario, m.name, m.unit, m.direction, s.side, m.value"
	" FROM s JOIN metrics m ON m.run_id = s.id"
	" WHERE s.scenario IN common ORDER BY 1, 2, 5";

static const char checks_sql[] = SIDES_CTE
	"SELECT s.scenario, c.name, s.side, c.verdict, c.reason, s.id, s.label"
	" FROM s JOIN checks c ON c.run_id = s.id WHERE s.scenario IN common"
	" UNION ALL"
	" SELECT s.scenario, '" CHECK_RUN_COMPLETED "', s.side,"
	"  CASE s.verdict WHEN 'error' THEN 'fail' ELSE 'pass' END,"
	"  CASE WHEN s.verdict != 'error' THEN '' WHEN s.error != '' THEN s.error"
	"  ELSE 'the lab failed: boot, timeout, panic or hang' END, s.id, s.label"
	" FROM s WHERE s.scenario IN common ORDER BY 1, 2, 3, 6";

static const char common_sql[] = SIDES_CTE "SELECT count(*) FROM common";

static int load_sides(sqlite3 *db, const struct comparison *cmp)
{
	const struct run_side *sides[] = { &cmp->a, &cmp->b };
	sqlite3_stmt *st;
	size_t side, i;
	int rc = SQLITE_DONE;

	if (sqlite3_exec(db, "CREATE TEMP TABLE IF NOT EXISTS cmp_side"
			 " (side INTEGER, run_id TEXT); DELETE FROM cmp_side",
			 NULL, NULL, NULL) ||
	    sqlite3_prepare_v2(db, "INSERT INTO cmp_side VALUES (?, ?)", -1, &st, NULL))
		return -1;
	for (side = 0; side < 2; side++) {
		for (i = 0; i < sides[side]->n && rc == SQLITE_DONE; i++) {
			sqlite3_reset(st);
			sqlite3_bind_int(st, 1, side);
			sqlite3_bind_text(st, 2, sides[side]->ids[i], -1, SQLITE_STATIC);
			rc = sqlite3_step(st);
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

static int count_common(sqlite3 *db)
{
	sqlite3_stmt *st;
	int n = -1;

	if (sqlite3_prepare_v2(db, common_sql, -1, &st, NULL))
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return n;
}

static const char *col(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

/* One metric value of one selected run, as the query returns it. */
struct metric_value {
	char *scenario, *name, *unit, *direction;
	int side;
	double value;
};

static int fetch_metric_values(sqlite3 *db, struct metric_value **vp, size_t *n)
{
	struct metric_value *v = NULL;
	sqlite3_stmt *st;
	int rc;

	*vp = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(db, metrics_sql, -1, &st, NULL))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct metric_value *m;

		v = realloc(v, (*n + 1) * sizeof(*v));
		m = &v[(*n)++];
		m->scenario = strdup(col(st, 0));
		m->name = strdup(col(st, 1));
		m->unit = strdup(col(st, 2));
		m->direction = strdup(col(st, 3));
		m->side = sqlite3_column_int(st, 4);
		m->value = sqlite3_column_double(st, 5);
	}
	sqlite3_finalize(st);
	*vp = v;
	return rc == SQLITE_DONE ? 0 : -1;
}

static void free_metric_values(struct metric_value *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].scenario);
		free(v[i].name);
		free(v[i].unit);
		free(v[i].direction);
	}
	free(v);
}

/* Rows [first, end) are one (scenario, metric) group, A's before B's. */
static void add_metric_row(struct comparison *cmp, const struct metric_value *v,
			   size_t first, size_t end)
{
	double *vals = malloc((end - first) * sizeof(double));
	struct metric_row *row;
	size_t i, n_a = 0;

	for (i = first; i < end; i++) {
		vals[i - first] = v[i].value;
		n_a += v[i].side == 0;
	}
	if (!n_a || n_a == end - first) {
		free(vals);
		return;
	}
	cmp->metrics = realloc(cmp->metrics, (cmp->n_metrics + 1) * sizeof(*row));
	row = &cmp->metrics[cmp->n_metrics++];
	row->scenario = strdup(v[first].scenario);
	row->metric = strdup(v[first].name);
	row->unit = strdup(v[end - 1].unit);
	row->higher_is_better = !strcmp(v[end - 1].direction, "higher");
	sample_stats_of(vals, n_a, &row->a);
	sample_stats_of(vals + n_a, end - first - n_a, &row->b);
	judge_metric(&row->a, &row->b, row->higher_is_better, &cmp->th, &row->j);
	cmp->regressions += row->j.verdict == METRIC_REGRESSED;
	cmp->improvements += row->j.verdict == METRIC_IMPROVED;
	free(vals);
}

static int build_metrics(sqlite3 *db, struct comparison *cmp)
{
	struct metric_value *v;
	size_t n, first, end;
	int ret = fetch_metric_values(db, &v, &n);

	for (first = 0; first < n; first = end) {
		for (end = first + 1; end < n; end++)
			if (strcmp(v[end].scenario, v[first].scenario) ||
			    strcmp(v[end].name, v[first].name))
				break;
		add_metric_row(cmp, v, first, end);
	}
	free_metric_values(v, n);
	return ret;
}

static void start_check_row(struct comparison *cmp, sqlite3_stmt *st)
{
	struct check_row *row;

	cmp->checks = realloc(cmp->checks, (cmp->n_checks + 1) * sizeof(*row));
	row = &cmp->checks[cmp->n_checks++];
	memset(row, 0, sizeof(*row));
	row->scenario = strdup(col(st, 0));
	row->check = strdup(col(st, 1));
}

/* Fold one run's check into its row; B's first failure gives the reason. */
static void add_check_run(struct check_row *row, sqlite3_stmt *st, char **label)
{
	int side = sqlite3_column_int(st, 2);
	const char *verdict = col(st, 3);

	if (side == 0) {
		row->a = check_status_add(row->a, verdict);
		return;
	}
	if (!row->run_id || (row->b != STATUS_FAIL && !strcmp(verdict, "fail"))) {
		free(row->reason);
		free(row->run_id);
		free(*label);
		row->reason = strdup(col(st, 4));
		row->run_id = strdup(col(st, 5));
		*label = strdup(col(st, 6));
	}
	row->b = check_status_add(row->b, verdict);
}

static void finish_check_row(struct comparison *cmp, const struct known_failures *kf,
			     const char *label)
{
	struct check_row *row = &cmp->checks[cmp->n_checks - 1];
	const struct known_failure *k = NULL;

	if (row->b == STATUS_FAIL && label)
		k = known_failure_match(kf, row->scenario, label, row->check);
	if (k)
		row->known_reason = strdup(k->reason);
	row->verdict = judge_check(row->a, row->b, k != NULL);
	cmp->regressions += row->verdict == CHECK_REGRESSED;
	cmp->known += row->verdict == CHECK_KNOWN;
}

static int build_checks(sqlite3 *db, struct comparison *cmp,
			const struct known_failures *kf)
{
	sqlite3_stmt *st;
	char *label = NULL;
	int rc;

	if (sqlite3_prepare_v2(db, checks_sql, -1, &st, NULL))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct check_row *last = cmp->n_checks ?
					 &cmp->checks[cmp->n_checks - 1] : NULL;

		if (!last || strcmp(last->scenario, col(st, 0)) ||
		    strcmp(last->check, col(st, 1))) {
			if (last)
				finish_check_row(cmp, kf, label);
			free(label);
			label = NULL;
			start_check_row(cmp, st);
		}
		add_check_run(&cmp->checks[cmp->n_checks - 1], st, &label);
	}
	if (cmp->n_checks)
		finish_check_row(cmp, kf, label);
	free(label);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

static int resolve_side(sqlite3 *db, const char *which, const char *text,
			struct run_side *side, char *why, size_t len)
{
	char inner[512];

	side->selector = strdup(text);
	if (!selector_resolve(db, text, &side->ids, &side->n, inner, sizeof(inner)))
		return 0;
	snprintf(why, len, "%s: %s", which, inner);
	return -1;
}

int comparison_build(sqlite3 *db, const char *sel_a, const char *sel_b,
		     const struct compare_thresholds *th,
		     const struct known_failures *kf, struct comparison *cmp,
		     char *why, size_t len)
{
	int common;

	memset(cmp, 0, sizeof(*cmp));
	cmp->th = *th;
	if (resolve_side(db, "A", sel_a, &cmp->a, why, len) ||
	    resolve_side(db, "B", sel_b, &cmp->b, why, len))
		goto fail;
	if (load_sides(db, cmp))
		goto sql_fail;
	common = count_common(db);
	if (common < 0)
		goto sql_fail;
	if (common == 0) {
		snprintf(why, len, "A ('%s') and B ('%s') have no scenario in common: "
			 "a comparison is per scenario", sel_a, sel_b);
		goto fail;
	}
	if (build_metrics(db, cmp) || build_checks(db, cmp, kf))
		goto sql_fail;
	return 0;
sql_fail:
	snprintf(why, len, "store: %s", sqlite3_errmsg(db));
fail:
	comparison_free(cmp);
	return -1;
}

void comparison_free(struct comparison *cmp)
{
	size_t i;

	for (i = 0; i < cmp->n_metrics; i++) {
		free(cmp->metrics[i].scenario);
		free(cmp->metrics[i].metric);
		free(cmp->metrics[i].unit);
	}
	for (i = 0; i < cmp->n_checks; i++) {
		free(cmp->checks[i].scenario);
		free(cmp->checks[i].check);
		free(cmp->checks[i].reason);
		free(cmp->checks[i].run_id);
		free(cmp->checks[i].known_reason);
	}
	free(cmp->metrics);
	free(cmp->checks);
	free(cmp->a.selector);
	free(cmp->b.selector);
	run_ids_free(cmp->a.ids, cmp->a.n);
	run_ids_free(cmp->b.ids, cmp->b.n);
	memset(cmp, 0, sizeof(*cmp));
}
