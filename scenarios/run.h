/* SPDX-License-Identifier: GPL-2.0 */
/* The scenario runner: a suite of runs, and what each run found. */
#ifndef SWAPLAB_RUN_H
#define SWAPLAB_RUN_H

#include <stdio.h>

#include "../common/command.h"
#include "registry.h"

/* `swaplab run`: the suite of scenarios named on the command line. */
int cmd_run(int argc, char **argv, const struct global_opts *g);

struct run_result {
	char id[192];
	const struct scenario *scn;
	const struct label *label;
	unsigned int rep;
	enum verdict verdict;		/* pass, fail or error */
	char error[512];		/* why the run ended in error */
	struct check_result *checks;
	size_t nchecks;
	struct metric_set metrics;
};

/* Judge a run from its evidence: checks, metrics, verdict. */
void run_evaluate(struct evidence *ev, struct run_result *res);
void run_result_free(struct run_result *res);

/* The suite's closing tables: runs, checks, metrics, ratios with spread. */
void summary_print(FILE *f, const struct run_result *runs, size_t n);
/* 0 when every run passed; EXIT_LAB if any ended in error; else EXIT_CHECK. */
int summary_exit_code(const struct run_result *runs, size_t n);
struct known_failures;
/* The same, with the runs whose failed checks are all known passing. */
int summary_exit_code_known(FILE *f, const struct run_result *runs, size_t n,
			    const struct known_failures *kf);

/* One run of @scn on @label: boots a lab, runs, writes results/runs/<id>/. */
struct run_plan {
	const struct scenario *scn;
	const struct label *label;
	unsigned int rep;
	const char *suite;		/* YYYYmmdd-HHMMSS */
	const char *out_dir;		/* results/runs */
	const char *prefix;		/* lab domain prefix */
};
void run_one(const struct run_plan *plan, struct run_result *res);

/* Set by SIGINT/SIGTERM: the run in progress ends as error, lab torn down. */
extern volatile int run_interrupted;

#endif
