/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The static dashboard (`swaplab report`): a site under results/dashboard/
 * that opens from disk without a server.
 *
 *   index.html          status matrix, latest comparisons, trends, all runs
 *   runs/<id>.html      one run: metadata, checks, metrics, links to logs
 *   graphs/NAME.svg     trend and ratio graphs, drawn by gnuplot
 *   graphs/plots.gp     the gnuplot script with its data, to redraw them
 *   style.css
 */
#ifndef SWAPLAB_RESULTS_DASHBOARD_H
#define SWAPLAB_RESULTS_DASHBOARD_H

#include <stdio.h>

#include <sqlite3.h>

#include "known.h"
#include "verdict.h"

#define DASHBOARD_DEFAULT_DIR "results/dashboard"

/* The labels the ratios are about (docs/design.md). */
#define LABEL_PATCHED "patched"
#define LABEL_STOCK "stock"
#define LABEL_LOCAL "local"

struct string_list {
	char **v;
	size_t n;
};

struct dashboard {
	sqlite3 *db;
	const struct known_failures *kf;
	struct compare_thresholds th;
	const char *build_dir;	/* where the files are written */
	char *site_dir;		/* absolute path the site will have */
	struct string_list scenarios;
	struct string_list labels;	/* patched, stock, local first */
	struct string_list suites;	/* oldest first */
};

/* The strings of a one-column query's rows; @param binds ?1 unless NULL. */
int string_list_query(sqlite3 *db, const char *sql, const char *param,
		      struct string_list *l);
void string_list_free(struct string_list *l);

/* A page of the site: @path relative to the site, @root back to it ("", "../"). */
FILE *page_open(const struct dashboard *d, const char *path, const char *title,
		const char *root);
int page_close(FILE *f, const char *path);

/* @to as a relative URL from directory @from (both absolute). */
char *relative_url(const char *from, const char *to);

int dashboard_graphs(struct dashboard *d, char *why, size_t len);
int dashboard_run_pages(struct dashboard *d, char *why, size_t len);
/*
 * runs/ID.samples.svg from RUN_DIR/logs/samples.tsv: 1 drawn, 0 nothing to
 * draw (not sampled, or under two intervals), -1 with a reason in @why.
 */
int dash_samples_graph(const struct dashboard *d, const char *run_dir, const char *id,
		       char *why, size_t len);
int dashboard_index(struct dashboard *d, char *why, size_t len);

/* style.css */
extern const char dashboard_css[];

/* Graph file names (under graphs/), shared by the drawing and the index. */
char *graph_name(const char *scenario, const char *metric, const char *kind);

#endif
