/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run selectors: which runs one side of a comparison stands for.
 *
 *   RUN_ID                      that one run
 *   [SCENARIO/]LABEL            the runs of LABEL in the latest suite that
 *                               ran it, per scenario
 *   [SCENARIO/]LABEL@SUITE      the runs of LABEL in suite SUITE
 *   [SCENARIO/]last:N:LABEL     the last N runs of LABEL, per scenario,
 *                               across suites
 */
#ifndef SWAPLAB_RESULTS_SELECT_H
#define SWAPLAB_RESULTS_SELECT_H

#include <stddef.h>

#include <sqlite3.h>

#define SELECTOR_HELP \
	"  RUN_ID                   that one run (a directory name under results/runs/)\n" \
	"  LABEL                    the runs of LABEL (patched, stock, local, debug...)\n" \
	"                           in the latest suite that ran it, per scenario\n" \
	"  LABEL@SUITE              the runs of LABEL in suite SUITE (YYYYmmdd-HHMMSS)\n" \
	"  last:N:LABEL             the last N runs of LABEL per scenario, across suites\n" \
	"  SCENARIO/...             any of the last three, for one scenario only\n"

enum selector_kind {
	SELECT_NAME,		/* a run id, or else a label (latest suite) */
	SELECT_SUITE,
	SELECT_LAST,
};

struct selector {
	enum selector_kind kind;
	char *scenario;		/* NULL: every scenario */
	char *name;		/* run id or label */
	char *suite;
	int last_n;
};

int selector_parse(const char *text, struct selector *sel, char *why, size_t len);
void selector_free(struct selector *sel);

/* The ids of the runs @text selects, oldest first; -1 with a reason if none. */
int selector_resolve(sqlite3 *db, const char *text, char ***ids, size_t *n,
		     char *why, size_t len);
void run_ids_free(char **ids, size_t n);

#endif
