// SPDX-License-Identifier: GPL-2.0
/*
 * Guest commands for the runner, on the lab's guest jobs (lab_job.h).  A
 * workload may run for many minutes, longer than one agent call should
 * block, so it is a lab job (a session of its own, killed whole) polled at
 * the runner's pace; at its end it leaves NAME.rc with its status and guest
 * times, and the poll that sees the end gets that line as the job's output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guest.h"

#define AGENT_CALL_TIMEOUT_S 120

int guest_sh(struct lab *lab, enum lab_role role, const char *script,
	     unsigned int timeout_s, char **out, char *why, size_t len)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };
	struct lab_exec_result res;

	memset(&res, 0, sizeof(res));
	if (lab_exec(lab, role, argv, timeout_s, &res)) {
		snprintf(why, len, "%s", lab_strerror());
		return -1;
	}
	if (res.status || res.timed_out) {
		snprintf(why, len, "'%.80s' %s %d: %.200s", script,
			 res.timed_out ? "timed out, status" : "exited", res.status,
			 res.err ? res.err : "");
		lab_exec_result_free(&res);
		return -1;
	}
	if (out) {
		*out = res.out ? res.out : strdup("");
		res.out = NULL;
	}
	lab_exec_result_free(&res);
	return 0;
}

int guest_sh_to_file(struct lab *lab, enum lab_role role, const char *script,
		     const char *local_path, char *why, size_t len)
{
	char *out = NULL;
	FILE *f;

	if (guest_sh(lab, role, script, AGENT_CALL_TIMEOUT_S, &out, why, len))
		return -1;
	f = fopen(local_path, "w");
	if (!f || fputs(out, f) < 0 || fclose(f)) {
		snprintf(why, len, "cannot write %s", local_path);
		free(out);
		return -1;
	}
	free(out);
	return 0;
}

int guest_job_start(struct lab *lab, struct guest_job *job, const char *script_path,
		    const char *stdout_name, const char *stderr_name,
		    char *why, size_t len)
{
	char guest_script[512], run[1536];
	char *argv[] = { "/bin/sh", "-c", run, NULL };

	snprintf(guest_script, sizeof(guest_script), "%s/%s.sh", job->dir, job->name);
	if (lab_push(lab, LAB_CLIENT, script_path, guest_script, 0755)) {
		snprintf(why, len, "pushing %s: %s", script_path, lab_strerror());
		return -1;
	}
	snprintf(run, sizeof(run),
		 "cd %s || exit; rm -f %s.rc; s=$(date +%%s.%%N); sh ./%s.sh > %s 2> %s; "
		 "echo $? $s $(date +%%s.%%N) > %s.rc.new; mv %s.rc.new %s.rc; cat %s.rc",
		 job->dir, job->name, job->name, stdout_name, stderr_name,
		 job->name, job->name, job->name, job->name);
	job->done = false;
	if (lab_job_start(lab, LAB_CLIENT, argv, &job->lab_job)) {
		snprintf(why, len, "%s", lab_strerror());
		return -1;
	}
	return 0;
}

int guest_job_poll(struct lab *lab, struct guest_job *job, char *why, size_t len)
{
	struct lab_exec_result res;
	int rc = job->done ? 1 : lab_job_poll(job->lab_job);

	if (rc < 0) {
		snprintf(why, len, "%s", lab_strerror());
		return -1;
	}
	if (!rc || job->done)
		return 0;
	lab_job_output(job->lab_job, &res);
	/* no NAME.rc line: the job failed before the script ran (status of cd) */
	if (sscanf(res.out, "%d %lf %lf", &job->status, &job->started, &job->ended) != 3) {
		job->status = res.status ? res.status : -1;
		job->started = job->ended = 0;
	}
	job->done = true;
	lab_exec_result_free(&res);
	lab_job_free(job->lab_job);
	job->lab_job = NULL;
	return 0;
}

bool guest_job_said(struct lab *lab, const struct guest_job *job,
		    const char *name, const char *text)
{
	char script[768], why[256];

	snprintf(script, sizeof(script), "grep -qF '%s' %s/%s", text, job->dir, name);
	return !guest_sh(lab, LAB_CLIENT, script, AGENT_CALL_TIMEOUT_S, NULL, why,
			 sizeof(why));
}

void guest_job_kill(struct lab *lab, struct guest_job *job)
{
	if (!job->lab_job)
		return;
	lab_job_kill(job->lab_job);
	lab_job_free(job->lab_job);
	job->lab_job = NULL;
}
