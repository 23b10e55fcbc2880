/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run directory (docs/design.md, "A run directory") as a C record:
 * meta.json, checks.json and metrics.json, validated as a whole so that a
 * half-written or corrupt directory is refused before anything is stored.
 */
#ifndef SWAPLAB_RESULTS_RUNDIR_H
#define SWAPLAB_RESULTS_RUNDIR_H

#include <stddef.h>

struct run_kernel {
	char *variant;
	char *release;
	char *series_hash;	/* "" when the run did not record one */
	char *config_hash;
	char *commit;
};

struct run_check {
	char *name;
	char *verdict;		/* pass | fail | skip */
	char *reason;
};

struct run_metric {
	char *name;
	double value;
	char *unit;
	char *direction;	/* higher | lower: which way is better */
};

struct run_record {
	char *id;
	char *suite;
	char *scenario;
	char *scenario_file;
	char *scenario_hash;
	char *label;
	int repetition;
	struct run_kernel kernel;
	struct run_kernel server_kernel;
	char *swap_target;
	char *params_json;	/* kept as JSON text: free-form by design */
	char *host_json;
	char *started;
	char *finished;
	char *verdict;		/* pass | fail | error */
	char *error;		/* why the verdict is error, else "" */

	struct run_check *checks;
	size_t n_checks;
	struct run_metric *metrics;
	size_t n_metrics;

	/* The files as read, so a re-import can tell "unchanged" exactly. */
	char *meta_text;
	char *checks_text;
	char *metrics_text;
	char *dir;		/* absolute path of the run directory */
};

/*
 * Parse the three files' contents.  On error return -1 with a reason naming
 * the file and the field in @why; @rec is then left empty.
 */
int rundir_parse(const char *meta, const char *checks, const char *metrics,
		 struct run_record *rec, char *why, size_t len);

/* Read and parse the run directory @dir; its name must be the run id. */
int rundir_load(const char *dir, struct run_record *rec, char *why, size_t len);

/* Seconds from "started" to "finished"; negative when not recorded. */
double run_duration(const struct run_record *rec);

void run_record_free(struct run_record *rec);

#endif
