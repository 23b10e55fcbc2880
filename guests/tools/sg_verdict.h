/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What one write path did, and what that means: on an active swap file every
 * path must be refused with its documented error; on an ordinary file every
 * path must succeed and its data must land.
 */
#ifndef SWAPLAB_SG_VERDICT_H
#define SWAPLAB_SG_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define SG_SIGBUS (-1)		/* a refusal by SIGBUS, not by an errno */

enum sg_result {
	SG_REFUSED,		/* the call failed with err */
	SG_ACCEPTED,		/* the call succeeded */
	SG_SKIPPED,		/* could not be tried here: detail says why */
};

struct sg_outcome {
	enum sg_result result;
	int err;		/* errno of the refusal, or SG_SIGBUS */
	off_t expect_size;	/* size a size-changing call leaves behind */
	char detail[160];	/* what was accepted, or why it was skipped */
};

struct sg_judgement {
	bool ok;
	bool skip;
	char text[320];
};

/* "ETXTBSY", "SIGBUS", ... */
const char *sg_refusal_name(int err);

/*
 * Judge an outcome.  refusals: the documented refusals of this path,
 * terminated by 0.  landed: (ordinary file) the data or size is there.
 */
void sg_judge(const struct sg_outcome *o, const int *refusals, bool ordinary,
	      bool landed, struct sg_judgement *j);

/* One TAP line: "ok 3 - name: text" or "ok 3 - name # SKIP text". */
void sg_tap_line(FILE *out, unsigned int number, const char *name,
		 const struct sg_judgement *j);

#endif
