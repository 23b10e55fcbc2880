// SPDX-License-Identifier: GPL-2.0
/*
 * TCG or KVM.  /dev/kvm can exist while guests hang under it, so KVM is used
 * only after a probe guest booted with it: the stock kernel without a root
 * file system panics within seconds on a working KVM, reboots (panic=-1) and
 * ends.  The verdict is cached per URI and hypervisor version.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "domain_xml.h"
#include "lab_private.h"

#define PROBE_TIMEOUT_S 30

static char *cache_file(const char *uri)
{
	char *name = g_strdup(uri);
	char *path;

	g_strcanon(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.", '_');
	path = lab_strdup_printf("%s/accel/%s", lab_cache_dir(), name);
	g_free(name);
	return path;
}

static char *versions(virConnectPtr conn)
{
	unsigned long lib = 0, hv = 0;

	virConnectGetLibVersion(conn, &lib);
	virConnectGetVersion(conn, &hv);
	return lab_strdup_printf("libvirt %lu qemu %lu", lib, hv);
}

static char *probe_xml(const char *name, const char *kernel, const char *log)
{
	char *ekernel = xml_escape(kernel), *elog = xml_escape(log);
	char *xml = lab_strdup_printf(
		"<domain type='kvm'><name>%s</name><memory unit='MiB'>256</memory>"
		"<os><type arch='x86_64' machine='pc'>hvm</type><kernel>%s</kernel>"
		"<cmdline>console=ttyS0,115200 panic=-1</cmdline></os>"
		"<on_reboot>destroy</on_reboot><on_crash>destroy</on_crash>"
		"<devices><serial type='pty'><log file='%s' append='off'/></serial>"
		"<memballoon model='none'/></devices></domain>", name, ekernel, elog);

	free(ekernel);
	free(elog);
	return xml;
}

/* True if a KVM guest reached its kernel panic and ended in time. */
static bool kvm_boots(virConnectPtr conn)
{
	char *name = lab_strdup_printf("swaplab-kvm-probe-%d", (int)getpid());
	char *kernel = lab_kernel_path("stock");
	char *log = lab_strdup_printf("%s/accel/probe-console.log", lab_cache_dir());
	char *xml = probe_xml(name, kernel, log);
	double deadline = lab_now() + PROBE_TIMEOUT_S;
	virDomainPtr dom = virDomainCreateXML(conn, xml, 0);
	bool ended = false;

	while (dom && !ended && lab_now() < deadline && !lab_stop_requested) {
		usleep(250 * 1000);
		ended = virDomainIsActive(dom) != 1;
	}
	if (dom && !ended)
		virDomainDestroy(dom);
	if (dom)
		virDomainFree(dom);
	ended = ended && lab_console_find(log, "Kernel panic", NULL, 0);
	free(name);
	free(kernel);
	free(log);
	free(xml);
	return ended;
}

static const char *probe(virConnectPtr conn)
{
	char *caps = virConnectGetDomainCapabilities(conn, NULL, "x86_64", "pc", "kvm", 0);

	if (!caps)
		return "qemu";
	free(caps);
	return kvm_boots(conn) ? "kvm" : "qemu";
}

int lab_accel_choose(virConnectPtr conn, const char *uri, const char *want,
		     const char **accel)
{
	char *path, *ver, *cached = NULL, *line;

	if (strcmp(want, "auto")) {
		*accel = strcmp(want, "kvm") ? "qemu" : "kvm";
		return 0;
	}
	path = cache_file(uri);
	ver = versions(conn);
	g_file_get_contents(path, &cached, NULL, NULL);
	if (cached && g_str_has_prefix(cached, ver)) {
		*accel = strstr(cached, " kvm") ? "kvm" : "qemu";
	} else {
		char *dir = g_path_get_dirname(path);

		g_mkdir_with_parents(dir, 0755);
		g_free(dir);
		*accel = probe(conn);
		line = lab_strdup_printf("%s %s\n", ver, strcmp(*accel, "kvm") ? "tcg" : "kvm");
		g_file_set_contents(path, line, -1, NULL);
		free(line);
	}
	g_free(cached);
	free(path);
	free(ver);
	return 0;
}
