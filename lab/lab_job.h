/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Background jobs in a guest: the one protocol by which the lab runs
 * anything there (lab_exec is a job waited for).  A job is started detached
 * in a session of its own through qemu-guest-agent's guest-exec, its state
 * is one guest-exec-status call, and its stdout, stderr and status come back
 * in the reply that says it ended.  In case that reply is lost (a guest too
 * busy to answer in time), the job also leaves them in files that a later
 * poll reads instead: see lab/job.c.
 *
 * Every call is bounded: an agent call by its own timeout, lab_job_wait by
 * the caller's.  Errors leave the reason in lab_strerror().
 */
#ifndef SWAPLAB_LAB_JOB_H
#define SWAPLAB_LAB_JOB_H

#include "lab.h"

struct lab_job;

/* Start argv in the role's guest, stdin /dev/null: one agent call. */
int lab_job_start(struct lab *lab, enum lab_role role, char *const argv[],
		  struct lab_job **jobp);
/*
 * One look at the job: one agent call while it runs.  1 once it has ended
 * (lab_job_output has its results), 0 while it runs, <0 when the guest did
 * not answer or stopped running (the job stays valid: poll again).
 */
int lab_job_poll(struct lab_job *job);
/*
 * Poll, napping from 20 ms up to 0.5 s, until the job ends: 0, or LAB_EFAIL
 * when the guest stopped running, or after timeout_s or lab_stop_requested
 * ("timed out (killed)", "interrupted (killed)": the job is killed).
 */
int lab_job_wait(struct lab_job *job, unsigned int timeout_s);
/* Once ended: its status, stdout and stderr, moved into res (lab_exec_result_free). */
void lab_job_output(struct lab_job *job, struct lab_exec_result *res);
/* SIGKILL to the job's whole session; one agent call, not waited for. */
void lab_job_kill(struct lab_job *job);
void lab_job_free(struct lab_job *job);

#endif
