// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting for a lab to come up, step by step and role by role: kernel in
 * user space (console), guest agent answering, cloud-init done, then the
 * server exporting and the client swapping.  Each step has its own timeout;
 * a crash, a timeout or Ctrl-C ends the wait with the step's name and the
 * console's tail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab_private.h"

enum step { STEP_BOOTED, STEP_AGENT, STEP_CLOUD_INIT, STEP_READY };

static const char *const step_what[] = {
	"kernel reaching user space", "guest agent answering",
	"cloud-init finishing", "role set-up",
};

/* Fail the step, quoting the console; keeps the reason given so far. */
static int step_failed(struct lab *lab, enum lab_role role, enum step step)
{
	char tail[4096], reason[2048];

	snprintf(reason, sizeof(reason), "%s", lab_strerror());
	lab_console_tail(lab->console[role], 15, tail, sizeof(tail));
	return lab_fail(LAB_EFAIL, "%s: waiting for %s: %s\n  console (%s), last lines:\n%s",
			lab_role_name(role), step_what[step], reason,
			lab->console[role], tail);
}

/* 0 to go on, or why to stop waiting (crash, interrupt, timeout). */
static int keep_waiting(struct lab *lab, enum lab_role role, double deadline)
{
	char why[512];

	if (lab_stop_requested)
		return lab_fail(LAB_EFAIL, "interrupted");
	if (lab_crashed(lab, role, why, sizeof(why)))
		return lab_fail(LAB_EFAIL, "the guest crashed: %s", why);
	if (lab_now() > deadline)
		return lab_fail(LAB_EFAIL, "timed out after %u s (raise it with --timeout)",
				lab->cfg.boot_timeout_s);
	return 0;
}

static int wait_booted(struct lab *lab, enum lab_role role, double deadline)
{
	int rc;

	while (!lab_console_find(lab->console[role], "as init process", NULL, 0))
		if ((rc = keep_waiting(lab, role, deadline)) != 0)
			return rc;
		else
			usleep(500 * 1000);
	return 0;
}

static int wait_agent(struct lab *lab, enum lab_role role, double deadline)
{
	int rc;

	while (lab_agent_ping(lab->dom[role], 5) != 0)
		if ((rc = keep_waiting(lab, role, deadline)) != 0)
			return rc;
		else
			sleep(1);
	return 0;
}

/*
 * cloud-init status --wait, again until the deadline while cloud-init has
 * not reached a verdict: on a debug kernel under TCG the agent can answer
 * minutes before systemd starts cloud-init, and the first calls then fail
 * (run 20261204-210307).  An error status fails at once, with its output
 * and the tail of cloud-init's log (if it has one yet) added to the reason.
 */
static int wait_cloud_init(struct lab *lab, enum lab_role role, double deadline)
{
	char *status_argv[] = { "cloud-init", "status", "--wait", "--long", NULL };
	char *log_argv[] = { "tail", "-n", "20", "/var/log/cloud-init-output.log", NULL };
	struct lab_exec_result res = { 0 }, log = { 0 };
	int rc;

	for (;;) {
		rc = lab_exec(lab, role, status_argv, deadline - lab_now() + 1, &res);
		if (!rc && !res.status)
			break;
		if (!rc && strstr(res.out, "status: error")) {
			rc = lab_fail(LAB_EFAIL, "cloud-init reports an error:\n%s%s",
				      res.out, res.err);
			break;
		}
		if (lab_stop_requested || lab_now() + 5 > deadline) {
			rc = rc ?: lab_fail(LAB_EFAIL, "cloud-init status exited %d:\n%s%s",
					    res.status, res.out, res.err);
			break;
		}
		lab_exec_result_free(&res);
		sleep(5);
	}
	lab_exec_result_free(&res);
	if (rc && !lab_stop_requested && !lab_exec(lab, role, log_argv, 30, &log) &&
	    !log.status)
		lab_fail_append("\n  /var/log/cloud-init-output.log, last lines:\n%s", log.out);
	lab_exec_result_free(&log);
	return rc;
}

/* Every protocol the swap targets need served (lab_swap.h). */
static int server_ready(struct lab *lab)
{
	return lab_tools_install(lab, LAB_SERVER) ?: lab_server_ready(lab);
}

static int client_ready(struct lab *lab)
{
	return lab_tools_install(lab, LAB_CLIENT) ?: lab_swap_on(lab);
}

static int run_step(struct lab *lab, enum lab_role role, enum step step, double t0)
{
	double deadline = lab_now() + lab->cfg.boot_timeout_s;
	int rc;

	switch (step) {
	case STEP_BOOTED:
		rc = wait_booted(lab, role, deadline);
		break;
	case STEP_AGENT:
		rc = wait_agent(lab, role, deadline);
		break;
	case STEP_CLOUD_INIT:
		rc = wait_cloud_init(lab, role, deadline);
		break;
	default:
		rc = role == LAB_SERVER ? server_ready(lab) : client_ready(lab);
	}
	if (rc)
		return step_failed(lab, role, step);
	lab->step_s[role][step] = lab_now() - t0;
	fprintf(stderr, "swaplab: %s: %s after %.1f s\n", lab_role_name(role),
		step == STEP_READY ? (role == LAB_SERVER ? "exporting" : "swap on") :
		step_what[step], lab->step_s[role][step]);
	return 0;
}

/* Both guests boot at once; the client's swap waits for the server's export. */
int lab_bringup_wait(struct lab *lab, double t0)
{
	static const struct { enum lab_role role; enum step step; } order[] = {
		{ LAB_SERVER, STEP_BOOTED }, { LAB_CLIENT, STEP_BOOTED },
		{ LAB_SERVER, STEP_AGENT }, { LAB_CLIENT, STEP_AGENT },
		{ LAB_SERVER, STEP_CLOUD_INIT }, { LAB_SERVER, STEP_READY },
		{ LAB_CLIENT, STEP_CLOUD_INIT }, { LAB_CLIENT, STEP_READY },
	};
	unsigned int i;
	int rc = 0;

	for (i = 0; !rc && i < sizeof(order) / sizeof(order[0]); i++)
		rc = run_step(lab, order[i].role, order[i].step, t0);
	return rc;
}
