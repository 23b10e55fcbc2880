// SPDX-License-Identifier: GPL-2.0
/*
 * `swaplab import [--db FILE] [RUNS_DIR]`: store every complete run directory.
 * Malformed directories are reported and skipped; a directory still named
 * .tmp is a run in progress (or abandoned by a crash) and is only counted.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "cmd_args.h"
#include "results.h"
#include "format.h"
#include "../common/exit_codes.h"
#include "store.h"

#define RUNS_DEFAULT_DIR "results/runs"

struct import_tally {
	int added, updated, unchanged, in_progress;
	struct json_object *skipped;	/* [{"dir": ..., "reason": ...}] */
};

static void import_usage(FILE *f)
{
	fprintf(f, "usage: swaplab import [--db FILE] [RUNS_DIR]\n\n"
		"Store every run directory under RUNS_DIR (default " RUNS_DEFAULT_DIR ")\n"
		"in the results store (default " STORE_DEFAULT_PATH "). Idempotent: an\n"
		"unchanged run is left alone, a changed one replaced whole. A malformed\n"
		"run directory is reported and skipped (exit 2); the store is untouched\n"
		"by it. Directories named *.tmp are runs still being written.\n");
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

static void skip(struct import_tally *t, const char *dir, const char *why)
{
	struct json_object *o = json_object_new_object();

	fprintf(stderr, "swaplab import: skipped %s: %s\n", dir, why);
	json_object_object_add(o, "dir", json_object_new_string(dir));
	json_object_object_add(o, "reason", json_object_new_string(why));
	json_object_array_add(t->skipped, o);
}

static void import_one(sqlite3 *db, const char *dir, struct import_tally *t)
{
	struct run_record rec;
	enum store_outcome outcome;
	char why[512];

	if (rundir_load(dir, &rec, why, sizeof(why))) {
		skip(t, dir, why);
		return;
	}
	if (store_put_run(db, &rec, &outcome, why, sizeof(why))) {
		skip(t, dir, why);
	} else {
		t->added += outcome == STORE_ADDED;
		t->updated += outcome == STORE_UPDATED;
		t->unchanged += outcome == STORE_UNCHANGED;
	}
	run_record_free(&rec);
}

static int import_dir(sqlite3 *db, const char *runs, struct import_tally *t)
{
	struct dirent **names;
	int i, n;

	n = scandir(runs, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "swaplab import: %s: %s\n", runs, strerror(errno));
		return EXIT_USAGE;
	}
	for (i = 0; i < n; i++) {
		char *path;
		struct stat sb;

		if (names[i]->d_name[0] != '.' &&
		    asprintf(&path, "%s/%s", runs, names[i]->d_name) >= 0) {
			/* Plain files are not runs: leave them to their owner. */
			bool is_dir = !stat(path, &sb) && S_ISDIR(sb.st_mode);

			if (is_dir && ends_with(path, ".tmp"))
				t->in_progress++;
			else if (is_dir)
				import_one(db, path, t);
			free(path);
		}
		free(names[i]);
	}
	free(names);
	return 0;
}

static void print_tally(const struct import_tally *t, const char *db, bool json)
{
	size_t skipped = json_object_array_length(t->skipped);
	struct json_object *o;

	if (!json) {
		printf("import: %d added, %d updated, %d unchanged, %zu skipped as "
		       "malformed, %d still being written (.tmp) -> %s\n", t->added,
		       t->updated, t->unchanged, skipped, t->in_progress, db);
		return;
	}
	o = json_object_new_object();
	json_object_object_add(o, "db", json_object_new_string(db));
	json_object_object_add(o, "added", json_object_new_int(t->added));
	json_object_object_add(o, "updated", json_object_new_int(t->updated));
	json_object_object_add(o, "unchanged", json_object_new_int(t->unchanged));
	json_object_object_add(o, "in_progress", json_object_new_int(t->in_progress));
	json_object_object_add(o, "skipped", json_object_get(t->skipped));
	puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY));
	json_object_put(o);
}

int cmd_import(int argc, char **argv, const struct global_opts *g)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct import_tally tally = { 0 };
	struct cmd_values v = { .db = STORE_DEFAULT_PATH };
	const char *runs = RUNS_DEFAULT_DIR;
	struct stat sb;
	sqlite3 *db;
	int ret;

	json_numbers_short();
	ret = args_parse("import", argc, argv, opts, import_usage, &v);
	if (ret >= 0)
		return ret;
	if (argc - optind > 1) {
		import_usage(stderr);
		return EXIT_USAGE;
	}
	if (optind < argc)
		runs = argv[optind];
	if (stat(runs, &sb) || !S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "swaplab import: %s is not a directory of runs "
			"(`make run` writes them to " RUNS_DEFAULT_DIR ")\n", runs);
		return EXIT_USAGE;
	}
	ret = store_open(v.db, true, &db);
	if (ret)
		return ret;
	tally.skipped = json_object_new_array();
	ret = import_dir(db, runs, &tally);
	store_close(db);
	if (!ret) {
		size_t skipped = json_object_array_length(tally.skipped);

		print_tally(&tally, v.db, g->json);
		if (skipped) {
			fprintf(stderr, "swaplab import: %zu malformed run director%s "
				"skipped, nothing of %s stored: fix or move %s away\n",
				skipped, skipped == 1 ? "y" : "ies",
				skipped == 1 ? "it" : "them", skipped == 1 ? "it" : "them");
			ret = EXIT_USAGE;
		}
	}
	json_object_put(tally.skipped);
	return ret;
}
