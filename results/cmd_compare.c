// SPDX-License-Identifier: GPL-2.0
/*
 * `swaplab compare [--db FILE] [--json] [--threshold PCT] [--alpha P]
 * [--known FILE] A B`: exit 1 when anything regressed, so CI can gate on it.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd_args.h"
#include "results.h"
#include "format.h"
#include "compare_show.h"
#include "../common/exit_codes.h"
#include "select.h"
#include "store.h"

static void compare_usage(FILE *f)
{
	fprintf(f, "usage: swaplab [--json] compare [--db FILE] [--json] [--threshold PCT]\n"
		"                       [--alpha P] [--known FILE] A B\n\n"
		"Compare the runs A stands for (the baseline) with the runs B stands for,\n"
		"per scenario: each metric's mean, %%stddev, n, %%change, Welch's t-test p\n"
		"and a verdict; each check's status on both sides. Exit 0 when nothing\n"
		"regressed, 1 when something did, 2 on bad input.\n\n"
		"A and B are selectors:\n" SELECTOR_HELP "\n"
		"Options:\n"
		"  --db FILE         results store (default " STORE_DEFAULT_PATH ")\n"
		"  --json            JSON for scripts instead of the table\n"
		"  --threshold PCT   smallest %%change that counts (default %g)\n"
		"  --alpha P         largest p-value that counts as significant (default %g)\n"
		"  --known FILE      known failures, shown but not gating\n"
		"                    (default " KNOWN_DEFAULT_PATH ")\n\n"
		"Examples:\n"
		"  swaplab compare stock patched\n"
		"  swaplab compare last:5:patched patched\n"
		"  swaplab compare vm-verify/stock@20261203-101500 vm-verify/patched\n",
		COMPARE_DEFAULT_PCT, COMPARE_DEFAULT_ALPHA);
}

static int run_compare(const char *db_path, const char *known_path, bool json,
		       const struct compare_thresholds *th, char **sel)
{
	struct known_failures kf;
	struct comparison cmp;
	char why[1024];
	sqlite3 *db;
	int ret;

	if (known_failures_load(known_path, &kf, why, sizeof(why))) {
		fprintf(stderr, "swaplab compare: %s\n", why);
		return EXIT_USAGE;
	}
	ret = store_open(db_path, false, &db);
	if (ret)
		goto out;
	if (comparison_build(db, sel[0], sel[1], th, &kf, &cmp, why, sizeof(why))) {
		fprintf(stderr, "swaplab compare: %s\n", why);
		ret = EXIT_USAGE;
	} else {
		if (json) {
			struct json_object *o = comparison_to_json(&cmp);

			puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY));
			json_object_put(o);
		} else {
			comparison_print(stdout, &cmp);
		}
		ret = cmp.regressions ? EXIT_CHECK : 0;
		comparison_free(&cmp);
	}
	store_close(db);
out:
	known_failures_free(&kf);
	return ret;
}

int cmd_compare(int argc, char **argv, const struct global_opts *g)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "threshold", required_argument, NULL, 't' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "known", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct cmd_values v = {
		.db = STORE_DEFAULT_PATH, .known = known_default_path(), .json = g->json,
		.th = { COMPARE_DEFAULT_PCT, COMPARE_DEFAULT_ALPHA },
	};
	int ret;

	json_numbers_short();
	ret = args_parse("compare", argc, argv, opts, compare_usage, &v);
	if (ret >= 0)
		return ret;
	if (argc - optind != 2) {
		fprintf(stderr, "swaplab compare: give two selectors, A (baseline) and B "
			"(see swaplab compare --help)\n");
		return EXIT_USAGE;
	}
	return run_compare(v.db, v.known, v.json, &v.th, argv + optind);
}
