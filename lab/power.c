// SPDX-License-Identifier: GPL-2.0
/*
 * What a fault or a hang needs from the hypervisor rather than the guest:
 * reset, suspend and resume a domain, wait for its agent to come back, and
 * send it a magic SysRq key through the emulated keyboard, which works when
 * the guest agent (and user space) no longer answers.  The key's output goes
 * to the kernel log and so to the role's serial console log on this host.
 */
#include <glib.h>
#include <json-c/json.h>
#include <libvirt/libvirt-qemu.h>
#include <stdio.h>
#include <stdlib.h>
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
		/*
		 * A power cut, then power on.  Not virDomainReset(): the
		 * domains have on_reboot=destroy (a panicking guest must end),
		 * so QEMU runs with -no-reboot and turns a system_reset into a
		 * shutdown.  The domain is persistent, its disks stay, and its
		 * console log is appended to.
		 */
		if (virDomainDestroy(dom) < 0)
			return virt_failed(role, "power-off");
		return virDomainCreate(dom) < 0 ? virt_failed(role, "power-on") : 0;
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

int lab_monitor(struct lab *lab, enum lab_role role, const char *qmp, char **reply)
{
	virDomainPtr dom = dom_of(lab, role);

	*reply = NULL;
	if (!dom)
		return LAB_EFAIL;
	if (virDomainQemuMonitorCommand(dom, qmp, reply, 0) < 0)
		return virt_failed(role, "QEMU monitor command");
	return 0;
}

static void append_reply(GString *out, struct lab *lab, enum lab_role role,
			 const char *qmp)
{
	char *reply = NULL;

	g_string_append_printf(out, "> %s\n", qmp);
	if (lab_monitor(lab, role, qmp, &reply))
		g_string_append_printf(out, "failed: %s\n", lab_strerror());
	else
		g_string_append_printf(out, "%s\n", reply);
	free(reply);
}

char *lab_virtio_net_state(struct lab *lab, enum lab_role role)
{
	GString *out = g_string_new(NULL);
	json_object *all = NULL, *list;
	char *reply = NULL, qmp[512];
	size_t i, q;

	if (lab_monitor(lab, role, "{\"execute\":\"x-query-virtio\"}", &reply)) {
		g_string_append_printf(out, "x-query-virtio failed: %s\n", lab_strerror());
		return g_string_free(out, FALSE);
	}
	g_string_append_printf(out, "x-query-virtio: %s\n", reply);
	all = json_tokener_parse(reply);
	free(reply);
	if (!all || !json_object_object_get_ex(all, "return", &list) ||
	    !json_object_is_type(list, json_type_array)) {
		json_object_put(all);
		return g_string_free(out, FALSE);
	}
	for (i = 0; i < json_object_array_length(list); i++) {
		json_object *dev = json_object_array_get_idx(list, i), *name, *path;

		if (!json_object_object_get_ex(dev, "name", &name) ||
		    !json_object_object_get_ex(dev, "path", &path) ||
		    strcmp(json_object_get_string(name), "virtio-net"))
			continue;
		snprintf(qmp, sizeof(qmp), "{\"execute\":\"x-query-virtio-status\","
			 "\"arguments\":{\"path\":\"%s\"}}", json_object_get_string(path));
		append_reply(out, lab, role, qmp);
		/* queue 0 receives, 1 transmits (one queue pair) */
		for (q = 0; q < 2; q++) {
			snprintf(qmp, sizeof(qmp), "{\"execute\":\"x-query-virtio-queue-status\","
				 "\"arguments\":{\"path\":\"%s\",\"queue\":%zu}}",
				 json_object_get_string(path), q);
			append_reply(out, lab, role, qmp);
		}
	}
	json_object_put(all);
	return g_string_free(out, FALSE);
}
