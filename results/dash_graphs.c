// SPDX-License-Identifier: GPL-2.0
/*
 * Trend and ratio graphs, drawn by gnuplot to SVG.  One script holds every
 * graph with its data inline (datablocks), so one gnuplot process draws them
 * all and graphs/plots.gp redraws them by hand: cd graphs && gnuplot plots.gp
 *
 *   SCENARIO.METRIC.trend.svg  every run's value per suite and label, with
 *                              a line through the per-suite means
 *   SCENARIO.METRIC.ratio.svg  mean(patched)/mean(stock) and
 *                              mean(patched)/mean(local) per suite
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dashboard.h"
#include "run_tool.h"

#define GNUPLOT_TIMEOUT_S 300

static const char *label_color(const char *label)
{
	static const struct {
		const char *label, *color;
	} colors[] = {
		{ LABEL_PATCHED, "#1f77b4" },
		{ LABEL_STOCK, "#ff7f0e" },
		{ LABEL_LOCAL, "#2ca02c" },
		{ "debug", "#9467bd" },
	};
	size_t i;

	for (i = 0; i < sizeof(colors) / sizeof(colors[0]); i++)
		if (!strcmp(label, colors[i].label))
			return colors[i].color;
	return "#7f7f7f";
}

static int suite_index(const struct dashboard *d, const char *suite)
{
	size_t i;

	for (i = 0; i < d->suites.n; i++)
		if (!strcmp(d->suites.v[i], suite))
			return i;
	return -1;
}

/* Rows of (suite, value) as a datablock; x is the suite's index plus @dx. */
static int datablock(FILE *f, const struct dashboard *d, sqlite3_stmt *st,
		     const char *name, double dx)
{
	int rows = 0;

	fprintf(f, "$%s << EOD\n", name);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int x = suite_index(d, (const char *)sqlite3_column_text(st, 0));

		if (x < 0)
			continue;
		fprintf(f, "%.3f %.17g\n", x + dx, sqlite3_column_double(st, 1));
		rows++;
	}
	fputs("EOD\n", f);
	sqlite3_reset(st);
	return rows;
}

static const char runs_sql[] =
	"SELECT r.suite, m.value FROM metrics m JOIN run_info r ON r.id = m.run_id"
	" WHERE r.scenario = ?1 AND m.name = ?2 AND r.label = ?3 ORDER BY r.started";
static const char means_sql[] =
	"SELECT r.suite, avg(m.value) FROM metrics m JOIN run_info r ON r.id = m.run_id"
	" WHERE r.scenario = ?1 AND m.name = ?2 AND r.label = ?3 GROUP BY r.suite";
static const char ratio_sql[] =
	"WITH means AS (SELECT r.suite, r.label, avg(m.value) AS v FROM metrics m"
	"  JOIN run_info r ON r.id = m.run_id WHERE r.scenario = ?1 AND m.name = ?2"
	"  GROUP BY r.suite, r.label)"
	" SELECT p.suite, p.v / d.v FROM means p JOIN means d USING (suite)"
	" WHERE p.label = '" LABEL_PATCHED "' AND d.label = ?3 AND d.v != 0";

struct graph_stmts {
	sqlite3_stmt *runs, *means, *ratio;
};

static void bind3(sqlite3_stmt *st, const char *a, const char *b, const char *c)
{
	sqlite3_bind_text(st, 1, a, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, b, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, c, -1, SQLITE_TRANSIENT);
}

/*
 * Units are free text from the run directories: inside a gnuplot
 * single-quoted string a quote is doubled, and a line break would end the
 * command.
 */
static void put_gnuplot_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputs("''", f);
		else
			fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
	}
}

/* gnuplot runs in graphs/: outputs are named without the directory. */
static void set_output(FILE *f, const char *scenario, const char *metric,
		       const char *kind, const char *title, const char *axis)
{
	char *name = graph_name(scenario, metric, kind);

	fprintf(f, "set output '%s'\nset title '%s: %s'\nset ylabel '",
		name + strlen("graphs/"), scenario, title);
	put_gnuplot_text(f, axis);
	fputs("'\nplot ", f);
	free(name);
}

static void trend_graph(FILE *f, const struct dashboard *d, struct graph_stmts *st,
			const char *scenario, const char *metric, const char *axis)
{
	bool *has = calloc(d->labels.n, sizeof(*has));
	size_t i, n = 0;

	for (i = 0; i < d->labels.n; i++) {
		/* Labels side by side within a suite, so points do not hide each other. */
		double dx = (i - (d->labels.n - 1) / 2.0) * 0.06;
		char name[32];

		bind3(st->runs, scenario, metric, d->labels.v[i]);
		bind3(st->means, scenario, metric, d->labels.v[i]);
		snprintf(name, sizeof(name), "runs%zu", i);
		datablock(f, d, st->runs, name, dx);
		snprintf(name, sizeof(name), "means%zu", i);
		has[i] = datablock(f, d, st->means, name, dx) > 0;
		n += has[i];
	}
	if (n) {
		const char *sep = "";

		set_output(f, scenario, metric, "trend", metric, axis);
		for (i = 0; i < d->labels.n; i++) {
			if (!has[i])
				continue;
			fprintf(f, "%s$runs%zu using 1:2 with points pt 7 ps 0.5 "
				"lc rgb '%s' notitle, $means%zu using 1:2 with "
				"linespoints lw 2 pt 7 lc rgb '%s' title '%s'", sep, i,
				label_color(d->labels.v[i]), i,
				label_color(d->labels.v[i]), d->labels.v[i]);
			sep = ", ";
		}
		fputc('\n', f);
	}
	free(has);
}

static void ratio_graph(FILE *f, const struct dashboard *d, struct graph_stmts *st,
			const char *scenario, const char *metric)
{
	static const char *const baselines[] = { LABEL_STOCK, LABEL_LOCAL };
	bool has[2];
	size_t i;

	for (i = 0; i < 2; i++) {
		char name[32];

		bind3(st->ratio, scenario, metric, baselines[i]);
		snprintf(name, sizeof(name), "ratio%zu", i);
		has[i] = datablock(f, d, st->ratio, name, 0) > 0;
	}
	if (!has[0] && !has[1])
		return;
	set_output(f, scenario, metric, "ratio", metric,
		   "ratio of means (1 = the same)");
	fputs("1 with lines dt 2 lc rgb 'gray' notitle", f);
	for (i = 0; i < 2; i++)
		if (has[i])
			fprintf(f, ", $ratio%zu using 1:2 with linespoints lw 2 pt 7 "
				"lc rgb '%s' title '" LABEL_PATCHED "/%s'", i,
				label_color(baselines[i]), baselines[i]);
	fputc('\n', f);
}

static void script_header(FILE *f, const struct dashboard *d)
{
	size_t i;

	fputs("# Written by `swaplab report`; redraw with: gnuplot plots.gp\n"
	      "set terminal svg size 640,360 dynamic noenhanced font 'sans,11' "
	      "background rgb 'white'\n"
	      "set grid ytics\nset key below\nset xlabel 'suite'\n", f);
	fprintf(f, "set xrange [-0.5:%zu.5]\nset xtics rotate by -20 (", d->suites.n - 1);
	for (i = 0; i < d->suites.n; i++)
		fprintf(f, "%s'%s' %zu", i ? ", " : "", d->suites.v[i], i);
	fputs(")\n", f);
}

static const char metrics_sql[] =
	"SELECT m.name, max(m.unit), max(m.direction) FROM metrics m"
	" JOIN run_info r ON r.id = m.run_id WHERE r.scenario = ?1"
	" GROUP BY m.name ORDER BY m.name";

static int scenario_graphs(FILE *f, const struct dashboard *d, struct graph_stmts *st,
			   const char *scenario)
{
	sqlite3_stmt *q;
	int rc;

	if (sqlite3_prepare_v2(d->db, metrics_sql, -1, &q, NULL))
		return -1;
	sqlite3_bind_text(q, 1, scenario, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *metric = (const char *)sqlite3_column_text(q, 0);
		char axis[128];

		snprintf(axis, sizeof(axis), "%s (%s is better)",
			 (const char *)sqlite3_column_text(q, 1),
			 (const char *)sqlite3_column_text(q, 2));
		trend_graph(f, d, st, scenario, metric, axis);
		ratio_graph(f, d, st, scenario, metric);
	}
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : -1;
}

static int write_script(const struct dashboard *d, const char *path)
{
	struct graph_stmts st = { 0 };
	FILE *f = fopen(path, "w");
	size_t i;
	int ret = -1;

	if (!f)
		return -1;
	if (sqlite3_prepare_v2(d->db, runs_sql, -1, &st.runs, NULL) ||
	    sqlite3_prepare_v2(d->db, means_sql, -1, &st.means, NULL) ||
	    sqlite3_prepare_v2(d->db, ratio_sql, -1, &st.ratio, NULL))
		goto out;
	script_header(f, d);
	for (i = 0; i < d->scenarios.n; i++)
		if (scenario_graphs(f, d, &st, d->scenarios.v[i]))
			goto out;
	ret = 0;
out:
	sqlite3_finalize(st.runs);
	sqlite3_finalize(st.means);
	sqlite3_finalize(st.ratio);
	if (fclose(f))
		ret = -1;
	return ret;
}

int dashboard_graphs(struct dashboard *d, char *why, size_t len)
{
	char *dir, *script, *log;
	char *argv[] = { "gnuplot", "plots.gp", NULL };
	int ret = -1;

	if (asprintf(&dir, "%s/graphs", d->build_dir) < 0)
		return -1;
	if (asprintf(&script, "%s/plots.gp", dir) < 0 ||
	    asprintf(&log, "%s/gnuplot.log", dir) < 0)
		goto out;
	if (write_script(d, script))
		snprintf(why, len, "writing %s: %s", script, sqlite3_errmsg(d->db));
	else
		ret = run_tool(argv, dir, log, GNUPLOT_TIMEOUT_S, why, len);
	free(script);
	free(log);
out:
	free(dir);
	return ret;
}
