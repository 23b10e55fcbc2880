// SPDX-License-Identifier: GPL-2.0
/*
 * This host's libvirt, when a role's URI is local: the settings the lab needs
 * in /etc/libvirt/qemu.conf, and virtlogd/libvirtd started when they are not
 * running (no init system starts them here).  Remote URIs are left alone.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lab_private.h"

#define QEMU_CONF "/etc/libvirt/qemu.conf"
#define DEFAULT_NET_AUTOSTART "/etc/libvirt/qemu/networks/autostart/default.xml"
#define DAEMON_START_TIMEOUT_S 30

/*
 * QEMU runs as root because the cache is under $HOME (/root is 0700 and the
 * libvirt-qemu user cannot reach the base image there).
 */
static const char qemu_conf_block[] =
	"\n# swaplab: begin (added by lab/swaplab: guests read images under $HOME)\n"
	"user = \"root\"\n"
	"group = \"root\"\n"
	"# swaplab: end\n";

static bool uri_is_local(const char *uri)
{
	return !strncmp(uri, "qemu:///", 8);
}

/* Returns 1 when the block was added, 0 when it was there, <0 on error. */
static int qemu_conf_ensure(void)
{
	char line[1024];
	bool found = false;
	FILE *f = fopen(QEMU_CONF, "r");

	if (!f)
		return lab_fail(LAB_EENV, "cannot read %s (%s): run 'make deps' to install libvirt",
				QEMU_CONF, strerror(errno));
	while (!found && fgets(line, sizeof(line), f))
		found = !strncmp(line, "# swaplab: begin", 16);
	fclose(f);
	if (found)
		return 0;
	f = fopen(QEMU_CONF, "a");
	if (!f || fputs(qemu_conf_block, f) == EOF || fclose(f) == EOF)
		return lab_fail(LAB_EENV, "cannot update %s (%s)", QEMU_CONF, strerror(errno));
	return 1;
}

static pid_t daemon_pid(const char *name)
{
	char path[64];
	long pid = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/run/%s.pid", name);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%ld", &pid) != 1)
		pid = 0;
	fclose(f);
	return pid > 0 && kill(pid, 0) == 0 ? pid : 0;
}

static int daemon_start(const char *name)
{
	char *cmd = lab_strdup_printf("%s -d", name);
	int rc = system(cmd);

	free(cmd);
	if (rc != 0)
		return lab_fail(LAB_EENV, "could not start %s (exit %d): is it installed? run 'make deps'",
				name, WIFEXITED(rc) ? WEXITSTATUS(rc) : rc);
	return 0;
}

static int daemon_stop(const char *name, pid_t pid)
{
	double deadline = lab_now() + DAEMON_START_TIMEOUT_S;

	kill(pid, SIGTERM);
	while (kill(pid, 0) == 0) {
		if (lab_now() > deadline)
			return lab_fail(LAB_EENV, "%s (pid %d) did not stop within %d s",
					name, (int)pid, DAEMON_START_TIMEOUT_S);
		usleep(100 * 1000);
	}
	return 0;
}

/* libvirtd answers once its socket accepts a connection. */
static int libvirtd_wait(const char *uri)
{
	double deadline = lab_now() + DAEMON_START_TIMEOUT_S;
	virConnectPtr conn;

	for (;;) {
		conn = virConnectOpen(uri);
		if (conn) {
			virConnectClose(conn);
			return 0;
		}
		if (lab_now() > deadline)
			return lab_fail(LAB_EENV, "libvirtd did not answer on %s within %d s",
					uri, DAEMON_START_TIMEOUT_S);
		usleep(200 * 1000);
	}
}

/*
 * Debian's libvirt-daemon-config-network marks its NAT network "default"
 * for autostart: libvirtd would then give this host a private address and
 * a bridge.  The lab's guests need neither, so it never starts.
 */
static int default_network_autostart_off(void)
{
	if (unlink(DEFAULT_NET_AUTOSTART) < 0 && errno != ENOENT)
		return lab_fail(LAB_EENV, "cannot remove %s (%s): libvirtd would start its NAT network",
				DEFAULT_NET_AUTOSTART, strerror(errno));
	return 0;
}

int lab_host_prepare(const char *uri)
{
	pid_t libvirtd;
	int changed, rc;

	if (!uri_is_local(uri))
		return 0;
	changed = qemu_conf_ensure();
	if (changed < 0)
		return changed;
	if ((rc = default_network_autostart_off()))
		return rc;
	if (!daemon_pid("virtlogd") && (rc = daemon_start("virtlogd")))
		return rc;
	libvirtd = daemon_pid("libvirtd");
	/* Running domains survive a libvirtd restart; needed once per host. */
	if (libvirtd && changed && (rc = daemon_stop("libvirtd", libvirtd)))
		return rc;
	if ((!libvirtd || changed) && (rc = daemon_start("libvirtd")))
		return rc;
	return libvirtd_wait(uri);
}

static void libvirt_error_quiet(void *opaque, virErrorPtr err)
{
	/* Errors are reported through lab_strerror(), once, with context. */
}

virConnectPtr lab_connect(const char *uri)
{
	virConnectPtr conn;

	virSetErrorFunc(NULL, libvirt_error_quiet);
	conn = virConnectOpen(uri);
	if (!conn)
		lab_fail(LAB_EENV, "libvirt refused the connection to %s: %s "
			 "(is libvirtd running? for a local URI swaplab up starts it; check SWAPLAB_URI)",
			 uri, virGetLastErrorMessage());
	return conn;
}
