// SPDX-License-Identifier: GPL-2.0
/*
 * `swaplab export junit|kcidb RUN_ID [--db FILE] [--known FILE] [--out FILE]`:
 * one stored run for a CI server (JUnit XML) or for KCIDB (JSON).  An --out
 * file is written whole or not at all.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_args.h"
#include "results.h"
#include "format.h"
#include "export.h"
#include "../common/exit_codes.h"
#include "store.h"
#include "textfile.h"

typedef void (*export_fn)(FILE *f, const struct run_record *rec,
			  const struct known_failures *kf);

static const struct {
	const char *name;
	export_fn fn;
} formats[] = {
	{ "junit", export_junit },
	{ "kcidb", export_kcidb },
};

static void export_usage(FILE *f)
{
	fprintf(f, "usage: swaplab export junit|kcidb RUN_ID [--db FILE] [--known FILE]\n"
		"                      [--out FILE]\n\n"
		"  junit   JUnit XML for CI servers: a testcase per check, metrics as\n"
		"          properties; a known failure is reported as skipped\n"
		"  kcidb   KCIDB JSON (schema 4.4): checkout, build, a test per check\n"
		"          and per metric (\"number\"); a known failure is \"waived\"\n\n"
		"  --db FILE     results store (default " STORE_DEFAULT_PATH ")\n"
		"  --known FILE  known failures (default " KNOWN_DEFAULT_PATH ")\n"
		"  --out FILE    write FILE instead of standard output\n");
}

static export_fn find_format(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (!strcmp(name, formats[i].name))
			return formats[i].fn;
	return NULL;
}

static int write_export(export_fn fn, const struct run_record *rec,
			const struct known_failures *kf, const char *out)
{
	char *text = NULL, why[512];
	size_t size;
	FILE *mem;
	int ret = 0;

	if (!out) {
		fn(stdout, rec, kf);
		return 0;
	}
	mem = open_memstream(&text, &size);
	fn(mem, rec, kf);
	fclose(mem);
	if (textfile_write(out, text, why, sizeof(why))) {
		fprintf(stderr, "swaplab export: %s\n", why);
		ret = EXIT_USAGE;
	}
	free(text);
	return ret;
}

static int run_export(export_fn fn, const char *id, const char *db_path,
		      const char *known_path, const char *out)
{
	struct known_failures kf;
	struct run_record rec;
	char why[512];
	sqlite3 *db;
	int ret;

	if (known_failures_load(known_path, &kf, why, sizeof(why))) {
		fprintf(stderr, "swaplab export: %s\n", why);
		return EXIT_USAGE;
	}
	ret = store_open(db_path, false, &db);
	if (ret)
		goto out;
	if (store_get_run(db, id, &rec, why, sizeof(why))) {
		fprintf(stderr, "swaplab export: %s (give a run id as listed by the "
			"dashboard or `swaplab compare --json`; `swaplab import` stores "
			"new runs)\n", why);
		ret = EXIT_USAGE;
	} else {
		ret = write_export(fn, &rec, &kf, out);
		run_record_free(&rec);
	}
	store_close(db);
out:
	known_failures_free(&kf);
	return ret;
}

int cmd_export(int argc, char **argv, const struct global_opts *g)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "known", required_argument, NULL, 'k' },
		{ "out", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct cmd_values v = { .db = STORE_DEFAULT_PATH, .known = known_default_path() };
	export_fn fn;
	int ret;

	json_numbers_short();
	ret = args_parse("export", argc, argv, opts, export_usage, &v);
	if (ret >= 0)
		return ret;
	if (argc - optind != 2) {
		export_usage(stderr);
		return EXIT_USAGE;
	}
	fn = find_format(argv[optind]);
	if (!fn) {
		fprintf(stderr, "swaplab export: unknown format '%s': use junit or kcidb\n",
			argv[optind]);
		return EXIT_USAGE;
	}
	return run_export(fn, argv[optind + 1], v.db, v.known, v.out);
}
