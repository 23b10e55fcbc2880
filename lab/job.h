/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside lab/: the guest-job protocol (lab/job.c) over a transport, so that
 * it runs on the guest agent (lab/job_agent.c) and on a fake in the unit
 * tests.  The public face is lab_job.h.
 */
#ifndef SWAPLAB_JOB_H
#define SWAPLAB_JOB_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "lab_job.h"

/* Where a job leaves its output and status in the guest (tmpfs). */
#define LAB_JOB_DIR "/run/swaplab-exec"
/* A job's files are removed by a later job this long after it ended. */
#define LAB_JOB_KEEP_MIN 30

struct lab_job_transport {
	void *ctx;
	/* {"execute": cmd, "arguments": args} (args consumed): the reply's "return", or NULL */
	json_object *(*call)(void *ctx, const char *cmd, json_object *args);
	/* A guest file, NUL-terminated, into *buf (g_free) */
	int (*read)(void *ctx, const char *path, char **buf, size_t *len);
	/* The guest still runs (its domain is active) */
	bool (*alive)(void *ctx);
	double (*now)(void *ctx);		/* seconds, monotonic */
	void (*nap)(void *ctx, unsigned int usec);
};

struct lab_job {
	struct lab_job_transport t;
	char *id;			/* names its files in LAB_JOB_DIR */
	double started;			/* t.now() when it was started */
	long long pid;			/* of its session leader, for guest-exec-status */
	bool ended, gone;		/* gone: the guest stopped running */
	int status;
	char *out, *err;
	size_t out_len, err_len;
};

/* lab_job_start on a transport; NULL (and the reason) if guest-exec failed. */
struct lab_job *lab_job_begin(const struct lab_job_transport *t, const char *id,
			      char *const argv[]);

/*
 * A guest-exec-status reply: 1 when the process exited (status: its exit
 * code, or 128 + the signal that ended it; out and err decoded, free()d by
 * the caller; *truncated when qemu-ga cut either), 0 while it runs.
 */
int lab_job_parse_status(json_object *ret, int *status, char **out, size_t *out_len,
			 char **err, size_t *err_len, bool *truncated);

#endif
