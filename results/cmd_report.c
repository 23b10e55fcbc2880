// SPDX-License-Identifier: GPL-2.0
/*
 * `swaplab report [--db FILE] [--out DIR] [--known FILE] [--threshold PCT]
 * [--alpha P]`: write the static dashboard.  The site is built next to DIR
 * and swapped in at the end, so a failure leaves the previous site whole.
 */
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd_args.h"
#include "results.h"
#include "dashboard.h"
#include "../common/exit_codes.h"
#include "store.h"
#include "textfile.h"

static void report_usage(FILE *f)
{
	fprintf(f, "usage: swaplab report [--db FILE] [--out DIR] [--known FILE]\n"
		"                      [--threshold PCT] [--alpha P]\n\n"
		"Write the static dashboard: open DIR/index.html from disk.\n\n"
		"  --db FILE         results store (default " STORE_DEFAULT_PATH ")\n"
		"  --out DIR         the site (default " DASHBOARD_DEFAULT_DIR ")\n"
		"  --known FILE      known failures (default " KNOWN_DEFAULT_PATH ")\n"
		"  --threshold PCT   for the comparisons, as in swaplab compare\n"
		"  --alpha P         for the comparisons, as in swaplab compare\n");
}

static int remove_entry(const char *path, const struct stat *sb, int type,
			struct FTW *ftw)
{
	return remove(path);
}

/* Remove a directory tree this command made (DIR.new, DIR.old). */
static void remove_tree(const char *path)
{
	nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The absolute path DIR will have; its parent must exist. */
static char *site_path(const char *out)
{
	char *copy1 = strdup(out), *copy2 = strdup(out), parent[PATH_MAX], *site = NULL;

	if (realpath(dirname(copy1), parent) &&
	    asprintf(&site, "%s/%s", parent, basename(copy2)) < 0)
		site = NULL;
	free(copy1);
	free(copy2);
	return site;
}

static int load_lists(struct dashboard *d)
{
	return string_list_query(d->db, "SELECT DISTINCT scenario FROM run_info"
				 " ORDER BY 1", NULL, &d->scenarios) ||
	       string_list_query(d->db, "SELECT label FROM run_info GROUP BY label"
				 " ORDER BY CASE label WHEN '" LABEL_PATCHED "' THEN 0"
				 " WHEN '" LABEL_STOCK "' THEN 1 WHEN '" LABEL_LOCAL
				 "' THEN 2 ELSE 3 END, label", NULL, &d->labels) ||
	       string_list_query(d->db, "SELECT suite FROM run_info GROUP BY suite"
				 " ORDER BY min(started), suite", NULL, &d->suites);
}

static int make_dirs(const char *build, char *why, size_t len)
{
	static const char *const subdirs[] = { "", "/runs", "/graphs" };
	char path[PATH_MAX];
	size_t i;

	for (i = 0; i < sizeof(subdirs) / sizeof(subdirs[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", build, subdirs[i]);
		if (mkdir(path, 0755)) {
			snprintf(why, len, "cannot make %s: %s", path, strerror(errno));
			return -1;
		}
	}
	return 0;
}

static int build_site(struct dashboard *d, char *why, size_t len)
{
	char css[PATH_MAX];

	if (load_lists(d)) {
		snprintf(why, len, "store: %s", sqlite3_errmsg(d->db));
		return -1;
	}
	snprintf(css, sizeof(css), "%s/style.css", d->build_dir);
	if (make_dirs(d->build_dir, why, len) ||
	    textfile_write(css, dashboard_css, why, len) ||
	    dashboard_graphs(d, why, len) || dashboard_run_pages(d, why, len) ||
	    dashboard_index(d, why, len))
		return -1;
	return 0;
}

/* Put the new site in place of the old one, then drop the old one. */
static int swap_in(const char *build, const char *out, char *why, size_t len)
{
	char old[PATH_MAX];
	struct stat sb;

	snprintf(old, sizeof(old), "%s.old", out);
	remove_tree(old);
	if (!stat(out, &sb) && rename(out, old)) {
		snprintf(why, len, "cannot move %s away: %s", out, strerror(errno));
		return -1;
	}
	if (rename(build, out)) {
		snprintf(why, len, "cannot rename %s to %s: %s", build, out, strerror(errno));
		rename(old, out);
		return -1;
	}
	remove_tree(old);
	return 0;
}

static int write_report(struct dashboard *d, const char *out)
{
	char build[PATH_MAX], why[3 * PATH_MAX];
	int ret = 0;

	snprintf(build, sizeof(build), "%s.new", out);
	d->build_dir = build;
	d->site_dir = site_path(out);
	if (!d->site_dir) {
		fprintf(stderr, "swaplab report: %s: the directory it goes in does not "
			"exist\n", out);
		return EXIT_USAGE;
	}
	remove_tree(build);
	if (build_site(d, why, sizeof(why)) || swap_in(build, out, why, sizeof(why))) {
		fprintf(stderr, "swaplab report: %s\n", why);
		remove_tree(build);
		ret = EXIT_ENV;
	} else {
		printf("report: %zu scenario%s, %zu label%s, %zu suite%s -> %s/index.html\n",
		       d->scenarios.n, d->scenarios.n == 1 ? "" : "s", d->labels.n,
		       d->labels.n == 1 ? "" : "s", d->suites.n,
		       d->suites.n == 1 ? "" : "s", out);
	}
	free(d->site_dir);
	string_list_free(&d->scenarios);
	string_list_free(&d->labels);
	string_list_free(&d->suites);
	return ret;
}

int cmd_report(int argc, char **argv, const struct global_opts *g)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "out", required_argument, NULL, 'o' },
		{ "known", required_argument, NULL, 'k' },
		{ "threshold", required_argument, NULL, 't' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct cmd_values v = {
		.db = STORE_DEFAULT_PATH, .known = known_default_path(),
		.out = DASHBOARD_DEFAULT_DIR, .th = { COMPARE_DEFAULT_PCT, COMPARE_DEFAULT_ALPHA },
	};
	struct dashboard d = { 0 };
	struct known_failures kf;
	char why[512];
	int ret;

	ret = args_parse("report", argc, argv, opts, report_usage, &v);
	if (ret >= 0)
		return ret;
	d.th = v.th;
	if (optind != argc) {
		report_usage(stderr);
		return EXIT_USAGE;
	}
	if (known_failures_load(v.known, &kf, why, sizeof(why))) {
		fprintf(stderr, "swaplab report: %s\n", why);
		return EXIT_USAGE;
	}
	d.kf = &kf;
	ret = store_open(v.db, false, &d.db);
	if (!ret) {
		ret = write_report(&d, v.out);
		store_close(d.db);
	}
	known_failures_free(&kf);
	return ret;
}
