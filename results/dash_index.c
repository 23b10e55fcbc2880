// SPDX-License-Identifier: GPL-2.0
/*
 * The dashboard's front page: the status matrix (scenario x label, latest
 * suite), the latest comparisons with regressions highlighted, the trend
 * graphs, every run, and the known failures.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "dashboard.h"
#include "format.h"
#include "markup.h"

static const char cell_sql[] =
	"SELECT id, verdict, repetition, suite FROM run_info r"
	" WHERE scenario = ?1 AND label = ?2 AND suite = (SELECT suite FROM run_info"
	"  WHERE scenario = ?1 AND label = ?2 ORDER BY started DESC, id DESC LIMIT 1)"
	" ORDER BY repetition, id";
static const char failed_sql[] =
	"SELECT name FROM checks WHERE run_id = ?1 AND verdict = 'fail' ORDER BY name";

/* From least to most severe: a matrix cell shows the worst of its runs. */
static const char *const cell_classes[] = { "pass", "known", "fail", "error" };

static int severity(const char *cls)
{
	int i;

	for (i = 3; i > 0; i--)
		if (!strcmp(cls, cell_classes[i]))
			break;
	return i;
}

/*
 * Name a failed run's failed checks after its link; when all of them are
 * known failures the run counts as "known", not "fail".
 */
static const char *run_failures(const struct dashboard *d, sqlite3_stmt *failed,
				const char *id, const char *scenario, const char *label,
				FILE *f)
{
	const char *cls = "known";
	int n = 0;

	sqlite3_reset(failed);
	sqlite3_bind_text(failed, 1, id, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(failed) == SQLITE_ROW) {
		const char *check = (const char *)sqlite3_column_text(failed, 0);
		bool known = known_failure_match(d->kf, scenario, label, check);

		fprintf_escaped(f, "%s%s%s", n++ ? ", " : " ", check, known ? " (known)" : "");
		if (!known)
			cls = "fail";
	}
	return n ? cls : "fail";
}

/*
 * One cell: the worst verdict of the latest suite's runs, a link per run,
 * the checks that failed.  The cell's class is only known after the runs,
 * so its body is written to memory first.
 */
static void matrix_cell(FILE *f, const struct dashboard *d, sqlite3_stmt *cell,
			sqlite3_stmt *failed, const char *scenario, const char *label)
{
	int worst = 0, runs = 0, passed = 0;
	char *body = NULL, *suite = NULL;
	size_t size;
	FILE *mem = open_memstream(&body, &size);

	sqlite3_reset(cell);
	sqlite3_bind_text(cell, 1, scenario, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(cell, 2, label, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(cell) == SQLITE_ROW) {
		const char *id = (const char *)sqlite3_column_text(cell, 0);
		const char *verdict = (const char *)sqlite3_column_text(cell, 1);
		const char *cls = verdict;

		fprintf_escaped(mem, "<a href=\"runs/%s.html\">r%d</a>", id,
				sqlite3_column_int(cell, 2));
		if (!strcmp(verdict, "fail"))
			cls = run_failures(d, failed, id, scenario, label, mem);
		fputs("<br>\n", mem);
		if (severity(cls) > worst)
			worst = severity(cls);
		passed += !strcmp(verdict, "pass");
		runs++;
		free(suite);
		suite = strdup((const char *)sqlite3_column_text(cell, 3));
	}
	fclose(mem);
	if (runs)
		fprintf_escaped(f, "<td class=\"%s\"><b>%s</b> (%d/%d passed)<br>\n",
				cell_classes[worst], cell_classes[worst], passed, runs);
	else
		fputs("<td class=\"none\">no runs", f);
	fputs(body, f);
	if (suite)
		fprintf_escaped(f, "<small>suite %s</small>", suite);
	fputs("</td>\n", f);
	free(body);
	free(suite);
}

static int status_matrix(FILE *f, const struct dashboard *d)
{
	sqlite3_stmt *cell = NULL, *failed = NULL;
	size_t s, l;
	int ret = -1;

	if (sqlite3_prepare_v2(d->db, cell_sql, -1, &cell, NULL) ||
	    sqlite3_prepare_v2(d->db, failed_sql, -1, &failed, NULL))
		goto out;
	fputs("<h2 id=\"matrix\">Status: the latest suite of each scenario and label</h2>\n"
	      "<table class=\"matrix\">\n<tr><th>scenario</th>", f);
	for (l = 0; l < d->labels.n; l++)
		fprintf_escaped(f, "<th>%s</th>", d->labels.v[l]);
	fputs("</tr>\n", f);
	for (s = 0; s < d->scenarios.n; s++) {
		fprintf_escaped(f, "<tr><th>%s</th>\n", d->scenarios.v[s]);
		for (l = 0; l < d->labels.n; l++)
			matrix_cell(f, d, cell, failed, d->scenarios.v[s], d->labels.v[l]);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	ret = 0;
out:
	sqlite3_finalize(cell);
	sqlite3_finalize(failed);
	return ret;
}

static const char *metric_class(const struct metric_row *m)
{
	static const char *const cls[] = {
		[METRIC_SAME] = "same",
		[METRIC_IMPROVED] = "improved",
		[METRIC_REGRESSED] = "regressed",
	};

	return cls[m->j.verdict];
}

static void comparison_metrics(FILE *f, const struct comparison *cmp)
{
	char am[FMT_LEN], asd[FMT_LEN], bm[FMT_LEN], bsd[FMT_LEN], ch[FMT_LEN], p[FMT_LEN];
	size_t i;

	fputs("<table class=\"compare\">\n<tr><th>scenario</th><th>metric</th><th>unit</th>"
	      "<th>better</th><th>A mean</th><th>%stddev</th><th>n</th><th>B mean</th>"
	      "<th>%stddev</th><th>n</th><th>%change</th><th>p</th><th>verdict</th></tr>\n",
	      f);
	for (i = 0; i < cmp->n_metrics; i++) {
		const struct metric_row *m = &cmp->metrics[i];

		fprintf_escaped(f, "<tr class=\"%s\"><td>%s</td><td>%s</td><td>%s</td>"
				"<td>%s</td>", metric_class(m), m->scenario, m->metric,
				m->unit, m->higher_is_better ? "higher" : "lower");
		fprintf_escaped(f, "<td class=\"num\">%s</td><td class=\"num\">%s</td>"
				"<td class=\"num\">%zu</td>", fmt_value(m->a.mean, am),
				fmt_stddev(&m->a, asd), m->a.n);
		fprintf_escaped(f, "<td class=\"num\">%s</td><td class=\"num\">%s</td>"
				"<td class=\"num\">%zu</td>", fmt_value(m->b.mean, bm),
				fmt_stddev(&m->b, bsd), m->b.n);
		fprintf_escaped(f, "<td class=\"num\">%s</td><td class=\"num\">%s</td>"
				"<td>%s <small>(%s)</small></td></tr>\n",
				fmt_change(m->j.pct_change, ch),
				fmt_p(&m->j, cmp->th.alpha, p),
				metric_verdict_name(m->j.verdict), m->j.note);
	}
	fputs("</table>\n", f);
}

/* Checks that differ from a plain pass on both sides; the rest are counted. */
static void comparison_checks(FILE *f, const struct comparison *cmp)
{
	static const char *const cls[] = {
		[CHECK_PASS] = "pass", [CHECK_REGRESSED] = "regressed",
		[CHECK_KNOWN] = "known", [CHECK_STILL_FAILING] = "fail",
		[CHECK_FIXED] = "improved", [CHECK_SKIPPED] = "skip",
		[CHECK_NOT_RUN] = "skip",
	};
	size_t i, plain = 0;

	for (i = 0; i < cmp->n_checks; i++) {
		const struct check_row *c = &cmp->checks[i];

		if (c->verdict == CHECK_PASS && c->a == STATUS_PASS) {
			plain++;
			continue;
		}
		if (i == plain)
			fputs("<table class=\"compare\">\n<tr><th>scenario</th><th>check</th>"
			      "<th>A</th><th>B</th><th>verdict</th><th>reason</th></tr>\n", f);
		fprintf_escaped(f, "<tr class=\"%s\"><td>%s</td><td>%s</td><td>%s</td>"
				"<td>%s</td><td>%s</td><td>%s", cls[c->verdict],
				c->scenario, c->check, check_status_name(c->a),
				check_status_name(c->b), check_verdict_name(c->verdict),
				c->reason ? c->reason : "");
		if (c->known_reason)
			fprintf_escaped(f, "<br><em>known failure: %s</em>", c->known_reason);
		if (c->run_id && c->b == STATUS_FAIL)
			fprintf_escaped(f, " <a href=\"runs/%s.html\">%s</a>", c->run_id,
					c->run_id);
		fputs("</td></tr>\n", f);
	}
	if (plain < cmp->n_checks)
		fputs("</table>\n", f);
	fprintf(f, "<p>%zu check%s passed on both sides.</p>\n", plain,
		plain == 1 ? "" : "s");
}

static void comparison_section(FILE *f, struct dashboard *d, const char *title,
			       const char *sel_a, const char *sel_b)
{
	struct comparison cmp;
	char why[512], th[1024];

	fprintf_escaped(f, "<h3>%s: A = <code>%s</code>, B = <code>%s</code></h3>\n",
			title, sel_a, sel_b);
	if (comparison_build(d->db, sel_a, sel_b, &d->th, d->kf, &cmp, why, sizeof(why))) {
		fprintf_escaped(f, "<p class=\"note\">Not available: %s</p>\n", why);
		return;
	}
	fprintf(f, "<p class=\"%s\"><b>%d regression%s</b>, %d improvement%s, "
		"%d known failure%s. A: %zu runs, B: %zu runs.</p>\n",
		cmp.regressions ? "regressed" : "pass", cmp.regressions,
		cmp.regressions == 1 ? "" : "s", cmp.improvements,
		cmp.improvements == 1 ? "" : "s", cmp.known, cmp.known == 1 ? "" : "s",
		cmp.a.n, cmp.b.n);
	fprintf_escaped(f, "<p class=\"note\">%s</p>\n",
			fmt_thresholds(&cmp.th, th, sizeof(th)));
	comparison_metrics(f, &cmp);
	comparison_checks(f, &cmp);
	comparison_free(&cmp);
}

/* patched against stock in their latest suites, and against its previous suite. */
static int comparisons(FILE *f, struct dashboard *d)
{
	struct string_list last;
	char *prev = NULL, *latest = NULL;

	fputs("<h2 id=\"compare\">Latest comparisons</h2>\n", f);
	/*
	 * Local disk is the reference patched is expected to trail, not a
	 * baseline it regresses from: its ratio is in the trends instead.
	 */
	comparison_section(f, d, "patched against stock", LABEL_STOCK, LABEL_PATCHED);
	if (string_list_query(d->db, "SELECT suite FROM run_info WHERE label = '"
			      LABEL_PATCHED "' GROUP BY suite ORDER BY min(started) DESC"
			      " LIMIT 2", NULL, &last))
		return -1;
	if (last.n == 2 &&
	    asprintf(&prev, LABEL_PATCHED "@%s", last.v[1]) >= 0 &&
	    asprintf(&latest, LABEL_PATCHED "@%s", last.v[0]) >= 0)
		comparison_section(f, d, "patched: previous suite against the latest",
				   prev, latest);
	free(prev);
	free(latest);
	string_list_free(&last);
	return 0;
}

static bool graph_exists(const struct dashboard *d, const char *name)
{
	char *path;
	bool ok;

	if (asprintf(&path, "%s/%s", d->build_dir, name) < 0)
		return false;
	ok = !access(path, R_OK);
	free(path);
	return ok;
}

static void figure(FILE *f, const struct dashboard *d, const char *scenario,
		   const char *metric, const char *kind, const char *caption)
{
	char *name = graph_name(scenario, metric, kind);

	if (graph_exists(d, name))
		fprintf_escaped(f, "<figure><img src=\"%s\" alt=\"%s %s %s\">"
				"<figcaption>%s</figcaption></figure>\n", name,
				scenario, metric, kind, caption);
	free(name);
}

static int trends(FILE *f, const struct dashboard *d)
{
	size_t s, m;

	fputs("<h2 id=\"trends\">Trends across suites</h2>\n"
	      "<p class=\"note\">Dots are runs, lines join the means of each suite; "
	      "ratios are mean(patched) over mean(stock) and mean(local) per suite. "
	      "Graphs drawn by gnuplot (graphs/plots.gp).</p>\n", f);
	for (s = 0; s < d->scenarios.n; s++) {
		struct string_list metrics;

		if (string_list_query(d->db, "SELECT DISTINCT m.name FROM metrics m"
				      " JOIN run_info r ON r.id = m.run_id"
				      " WHERE r.scenario = ?1 ORDER BY 1",
				      d->scenarios.v[s], &metrics))
			return -1;
		fprintf_escaped(f, "<h3>%s</h3>\n", d->scenarios.v[s]);
		if (!metrics.n)
			fputs("<p class=\"note\">No metrics: no run of this scenario got "
			      "as far as measuring.</p>\n", f);
		for (m = 0; m < metrics.n; m++) {
			fputs("<div class=\"graphs\">\n", f);
			figure(f, d, d->scenarios.v[s], metrics.v[m], "trend", metrics.v[m]);
			figure(f, d, d->scenarios.v[s], metrics.v[m], "ratio", "A/B ratios");
			fputs("</div>\n", f);
		}
		string_list_free(&metrics);
	}
	return 0;
}

static int all_runs(FILE *f, const struct dashboard *d)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(d->db, "SELECT id, suite, scenario, label, repetition,"
			       " release, swap_target, started, verdict FROM run_info"
			       " ORDER BY started DESC, id DESC", -1, &st, NULL))
		return -1;
	fputs("<h2 id=\"runs\">All runs</h2>\n<table class=\"runs\">\n<tr><th>run</th>"
	      "<th>suite</th><th>scenario</th><th>label</th><th>rep</th><th>kernel</th>"
	      "<th>swap</th><th>started</th><th>verdict</th></tr>\n", f);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *c[9];
		int i;

		for (i = 0; i < 9; i++)
			c[i] = (const char *)sqlite3_column_text(st, i);
		fprintf_escaped(f, "<tr><td><a href=\"runs/%s.html\">%s</a></td><td>%s</td>"
				"<td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td>"
				"<td>%s</td><td class=\"%s\">%s</td></tr>\n", c[0], c[0],
				c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[8]);
	}
	fputs("</table>\n", f);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

static void known_failures(FILE *f, const struct dashboard *d)
{
	size_t i;

	fputs("<h2 id=\"known\">Known failures</h2>\n", f);
	if (!d->kf->n) {
		fputs("<p>None listed in <code>results/known-failures</code>.</p>\n", f);
		return;
	}
	fputs("<p>Listed in <code>results/known-failures</code>: shown, not gating.</p>\n"
	      "<table class=\"known\">\n<tr><th>scenario</th><th>check</th><th>label</th>"
	      "<th>reason</th></tr>\n", f);
	for (i = 0; i < d->kf->n; i++) {
		const struct known_failure *k = &d->kf->v[i];

		fprintf_escaped(f, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
				k->scenario, k->check, k->label, k->reason);
	}
	fputs("</table>\n", f);
}

static void summary(FILE *f, const struct dashboard *d)
{
	fprintf_escaped(f, "<p>%zu scenario%s, %zu label%s, %zu suite%s; latest suite "
			"<b>%s</b>. <a href=\"#matrix\">status</a> &middot; "
			"<a href=\"#compare\">comparisons</a> &middot; <a href=\"#trends\">"
			"trends</a> &middot; <a href=\"#runs\">all runs</a> &middot; "
			"<a href=\"#known\">known failures</a></p>\n", d->scenarios.n,
			d->scenarios.n == 1 ? "" : "s", d->labels.n,
			d->labels.n == 1 ? "" : "s", d->suites.n,
			d->suites.n == 1 ? "" : "s", d->suites.v[d->suites.n - 1]);
}

int dashboard_index(struct dashboard *d, char *why, size_t len)
{
	FILE *f = page_open(d, "index.html", "swap over NFS: results", "");

	if (!f) {
		snprintf(why, len, "cannot write index.html in %s", d->build_dir);
		return -1;
	}
	summary(f, d);
	if (status_matrix(f, d) || comparisons(f, d) || trends(f, d) || all_runs(f, d)) {
		snprintf(why, len, "store: %s", sqlite3_errmsg(d->db));
		fclose(f);
		return -1;
	}
	known_failures(f, d);
	return page_close(f, "index.html");
}
