/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known failures (results/known-failures), like kdevops' expunge lists: one
 * line per check known to fail, with the reason.  They are shown in every
 * comparison and report, and do not fail the gate.
 *
 *   # comment
 *   SCENARIO/CHECK[@LABEL]  REASON
 *
 * SCENARIO, CHECK and LABEL are shell patterns (fnmatch); without @LABEL the
 * line applies to every label.
 */
#ifndef SWAPLAB_RESULTS_KNOWN_H
#define SWAPLAB_RESULTS_KNOWN_H

#include <stddef.h>

#define KNOWN_DEFAULT_PATH "results/known-failures"

/*
 * KNOWN_DEFAULT_PATH in the project the running binary belongs to (found
 * upwards from /proc/self/exe), so that `lab/swaplab` run from any working
 * directory reads the project's list; KNOWN_DEFAULT_PATH itself, relative to
 * the working directory, when no such project is found.
 */
const char *known_default_path(void);

struct known_failure {
	char *scenario;
	char *check;
	char *label;
	char *reason;
	unsigned int line;
};

struct known_failures {
	struct known_failure *v;
	size_t n;
};

/* Parse the file's text; -1 with "line N: ..." in @why on a bad line. */
int known_failures_parse(const char *text, struct known_failures *kf,
			 char *why, size_t len);
/* A missing file is an empty list; a malformed one is an error. */
int known_failures_load(const char *path, struct known_failures *kf,
			char *why, size_t len);
const struct known_failure *known_failure_match(const struct known_failures *kf,
						const char *scenario,
						const char *label,
						const char *check);
void known_failures_free(struct known_failures *kf);

#endif
