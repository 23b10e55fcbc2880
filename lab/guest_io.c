// SPDX-License-Identifier: GPL-2.0
/*
 * The guests as lab.h shows them: commands and files in a role's guest,
 * and whether that guest is still alive.  Below this file the guests are
 * libvirt domains (agent.c, job_agent.c); from here up they are roles of
 * a lab, and a command that fails because its guest panicked says so.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lab_private.h"

/* A guest that swaps hard under TCG can take a while to schedule the agent. */
#define CHMOD_TIMEOUT_S 60

bool lab_crashed(struct lab *lab, enum lab_role role, char *why, size_t len)
{
	int state = VIR_DOMAIN_NOSTATE, reason = 0;
	char line[512];

	if (lab_console_find(lab->console[role], "Kernel panic", line, sizeof(line))) {
		snprintf(why, len, "%s", line);
		return true;
	}
	if (!lab->dom[role] || virDomainGetState(lab->dom[role], &state, &reason, 0) < 0) {
		snprintf(why, len, "the %s domain is gone", lab_role_name(role));
		return true;
	}
	if (state == VIR_DOMAIN_RUNNING)
		return false;
	snprintf(why, len, "the %s domain is %s", lab_role_name(role),
		 state == VIR_DOMAIN_CRASHED || (state == VIR_DOMAIN_SHUTOFF &&
						 reason == VIR_DOMAIN_SHUTOFF_CRASHED) ?
		 "crashed (pvpanic)" : state == VIR_DOMAIN_PAUSED ? "paused" : "shut off");
	return true;
}

int lab_exec(struct lab *lab, enum lab_role role, char *const argv[],
	     unsigned int timeout_s, struct lab_exec_result *res)
{
	char why[512];
	int rc = lab_agent_exec(lab->dom[role], argv, timeout_s, res);

	if (rc && lab_crashed(lab, role, why, sizeof(why)))
		rc = lab_fail(LAB_EFAIL, "%s crashed: %s", lab_role_name(role), why);
	return rc;
}

void lab_exec_result_free(struct lab_exec_result *res)
{
	free(res->out);
	free(res->err);
	res->out = res->err = NULL;
}

/* guest-file-open takes no mode: it is set afterwards, with chmod. */
static int chmod_in_guest(virDomainPtr dom, const char *guest, unsigned int mode)
{
	char smode[16];
	char *argv[] = { "chmod", smode, (char *)guest, NULL };
	struct lab_exec_result res;
	int rc;

	snprintf(smode, sizeof(smode), "%o", mode);
	rc = lab_agent_exec(dom, argv, CHMOD_TIMEOUT_S, &res);
	if (!rc && res.status)
		rc = lab_fail(LAB_EFAIL, "chmod %s %s in the guest: %s", smode, guest, res.err);
	lab_exec_result_free(&res);
	return rc;
}

int lab_push(struct lab *lab, enum lab_role role, const char *local_path,
	     const char *guest_path, unsigned int mode)
{
	return lab_agent_write(lab->dom[role], local_path, guest_path) ?:
	       chmod_in_guest(lab->dom[role], guest_path, mode);
}

int lab_pull(struct lab *lab, enum lab_role role, const char *guest_path,
	     const char *local_path)
{
	return lab_agent_pull(lab->dom[role], guest_path, local_path);
}
