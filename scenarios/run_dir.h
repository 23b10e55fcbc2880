/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run directory (docs/design.md): written to <id>.tmp/ and renamed to
 * <id>/ once complete, so readers never see half a run.
 */
#ifndef SWAPLAB_RUN_DIR_H
#define SWAPLAB_RUN_DIR_H

#include "lab_info.h"
#include "run.h"

/* What meta.json says besides the result. */
struct run_meta {
	const char *suite;
	const char *swap_target;
	const char *started, *finished;		/* ISO 8601 UTC */
	char client_release[128], server_release[128];	/* uname -r in the guests */
	const struct lab_info *lab;		/* host, versions, kernel builds */
};

int run_dir_write(const char *tmp_dir, const struct run_plan *plan,
		  const struct run_meta *meta, const struct run_result *res,
		  const struct evidence *ev);

#endif
