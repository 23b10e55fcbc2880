// SPDX-License-Identifier: GPL-2.0
/*
 * Guest jobs on a lab's domains: the job protocol (lab/job.c) over
 * qemu-guest-agent (lab/agent.c), and commands waited for (lab_exec).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "job.h"
#include "lab_private.h"

/* A guest that swaps hard under TCG can take a while to schedule the agent. */
#define JOB_CALL_TIMEOUT_S 60

static json_object *agent_call(void *dom, const char *cmd, json_object *args)
{
	return lab_agent_call(dom, cmd, args, JOB_CALL_TIMEOUT_S);
}

static int agent_read(void *dom, const char *path, char **buf, size_t *len)
{
	return lab_agent_read(dom, path, buf, len);
}

static bool domain_alive(void *dom)
{
	return virDomainIsActive(dom) == 1;
}

static double host_now(void *dom)
{
	return lab_now();
}

static void host_nap(void *dom, unsigned int usec)
{
	usleep(usec);
}

/* Unique among the jobs of all swaplab processes on this host. */
static char *new_id(void)
{
	static unsigned int counter;

	return lab_strdup_printf("%d-%u-%lld", (int)getpid(), ++counter,
				 (long long)(lab_now() * 1000));
}

static struct lab_job *job_on(virDomainPtr dom, char *const argv[])
{
	const struct lab_job_transport agent = {
		.ctx = dom,
		.call = agent_call,
		.read = agent_read,
		.alive = domain_alive,
		.now = host_now,
		.nap = host_nap,
	};
	char *id = new_id();
	struct lab_job *job = lab_job_begin(&agent, id, argv);

	free(id);
	return job;
}

int lab_job_start(struct lab *lab, enum lab_role role, char *const argv[],
		  struct lab_job **jobp)
{
	*jobp = job_on(lab->dom[role], argv);
	return *jobp ? 0 : LAB_EFAIL;
}

int lab_agent_exec(virDomainPtr dom, char *const argv[], unsigned int timeout_s,
		   struct lab_exec_result *res)
{
	double deadline = lab_now() + timeout_s;
	struct lab_job *job = job_on(dom, argv);
	int rc = job ? lab_job_wait(job, timeout_s) : LAB_EFAIL;

	memset(res, 0, sizeof(*res));
	if (job && rc) {
		char why[512];

		snprintf(why, sizeof(why), "%s", lab_strerror());
		res->timed_out = !lab_stop_requested && lab_now() > deadline;
		lab_fail(rc, "'%s': %s after %.0f s", argv[0], why,
			 timeout_s - (deadline - lab_now()));
	} else if (job) {
		lab_job_output(job, res);
	}
	lab_job_free(job);
	if (!res->out)
		res->out = strdup("");
	if (!res->err)
		res->err = strdup("");
	return rc;
}
