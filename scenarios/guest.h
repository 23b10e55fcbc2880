/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shell work in the guests, on the lab's guest jobs (lab_job.h): short
 * commands waited for, and long ones started in the background and polled,
 * so every wait has a timeout and a crash or a hang is noticed while it
 * happens.
 */
#ifndef SWAPLAB_GUEST_H
#define SWAPLAB_GUEST_H

#include <stdbool.h>
#include <stddef.h>

#include "lab_job.h"

/* Run @script with /bin/sh; 0 and its stdout in *out (malloc'ed), or -1. */
int guest_sh(struct lab *lab, enum lab_role role, const char *script,
	     unsigned int timeout_s, char **out, char *why, size_t len);
/* Same, with the output written to @local_path. */
int guest_sh_to_file(struct lab *lab, enum lab_role role, const char *script,
		     const char *local_path, char *why, size_t len);

/* A job: NAME.sh run in the background in @dir, its stdout and stderr
 * redirected to files there, NAME.rc holding "status start end" at its end. */
struct guest_job {
	const char *name;
	const char *dir;
	double started, ended;	/* guest clock, seconds */
	bool done;
	int status;
	struct lab_job *lab_job;	/* while it runs */
};

int guest_job_start(struct lab *lab, struct guest_job *job, const char *script_path,
		    const char *stdout_name, const char *stderr_name,
		    char *why, size_t len);
/* One agent call: sets job->done (and status, times) once it has ended. */
int guest_job_poll(struct lab *lab, struct guest_job *job, char *why, size_t len);
/* True once @text appears in the job's file @name in its directory. */
bool guest_job_said(struct lab *lab, const struct guest_job *job,
		    const char *name, const char *text);
void guest_job_kill(struct lab *lab, struct guest_job *job);

#endif
