// SPDX-License-Identifier: GPL-2.0
/*
 * What a fault or a hang needs from the hypervisor rather than the guest:
 * reset, suspend and resume a domain, wait for its agent to come back, and
 * send it a magic SysRq key through the emulated keyboard, which works when
 * the guest agent (and user space) no longer answers.  The key's output goes
 * to the kernel log and so to the role's serial console log on this host.
 */
#include <string.h>
#include <unistd.h>

#include "lab_private.h"

/* <linux/input-event-codes.h>: KEY_LEFTALT, KEY_SYSRQ and the letters. */
#define KEY_LEFTALT 56
#define KEY_SYSRQ 99

static int key_code(char key)
{
	static const char row1[] = "qwertyuiop", row2[] = "asdfghjkl", row3[] = "zxcvbnm";
	const char *p;

	if ((p = strchr(row1, key)) && key)
		return 16 + (int)(p - row1);
	if ((p = strchr(row2, key)) && key)
		return 30 + (int)(p - row2);
	if ((p = strchr(row3, key)) && key)
		return 44 + (int)(p - row3);
	return -1;
}

static virDomainPtr dom_of(struct lab *lab, enum lab_role role)
{
	if (!lab->dom[role])
		lab_fail(LAB_EFAIL, "the %s domain is gone", lab_role_name(role));
	return lab->dom[role];
}

static int virt_failed(enum lab_role role, const char *what)
{
	virErrorPtr e = virGetLastError();

	return lab_fail(LAB_EFAIL, "%s of the %s domain failed: %s", what,
			lab_role_name(role), e && e->message ? e->message : "?");
}

int lab_power(struct lab *lab, enum lab_role role, enum lab_power op)
{
	virDomainPtr dom = dom_of(lab, role);

	if (!dom)
		return LAB_EFAIL;
	switch (op) {
	case LAB_POWER_RESET:
		return virDomainReset(dom, 0) < 0 ? virt_failed(role, "reset") : 0;
	case LAB_POWER_SUSPEND:
		return virDomainSuspend(dom) < 0 ? virt_failed(role, "suspend") : 0;
	case LAB_POWER_RESUME:
		return virDomainResume(dom) < 0 ? virt_failed(role, "resume") : 0;
	}
	return lab_fail(LAB_EUSAGE, "unknown power operation %d", (int)op);
}

int lab_wait_agent(struct lab *lab, enum lab_role role, unsigned int timeout_s)
{
	double deadline = lab_now() + timeout_s;
	virDomainPtr dom = dom_of(lab, role);

	if (!dom)
		return LAB_EFAIL;
	while (lab_agent_ping(dom, 5) != 0) {
		if (lab_stop_requested)
			return lab_fail(LAB_EFAIL, "interrupted");
		if (lab_now() > deadline)
			return lab_fail(LAB_EFAIL, "the %s guest agent did not answer within %u s",
					lab_role_name(role), timeout_s);
		sleep(1);
	}
	return 0;
}

int lab_sysrq(struct lab *lab, enum lab_role role, char key)
{
	unsigned int keys[3] = { KEY_LEFTALT, KEY_SYSRQ, 0 };
	virDomainPtr dom = dom_of(lab, role);
	int code = key_code(key);

	if (code < 0)
		return lab_fail(LAB_EUSAGE, "'%c' is not a SysRq key swaplab sends", key);
	if (!dom)
		return LAB_EFAIL;
	keys[2] = (unsigned int)code;
	if (virDomainSendKey(dom, VIR_KEYCODE_SET_LINUX, 100, keys, 3, 0) < 0)
		return virt_failed(role, "sysrq key");
	return 0;
}
