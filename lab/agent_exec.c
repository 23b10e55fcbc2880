// SPDX-License-Identifier: GPL-2.0
/*
 * Commands in a guest, robust to a guest too busy to answer: qemu-ga's own
 * guest-exec-status forgets a command once it has reported its end, so a
 * reply lost to a timeout (a client swapping hard under TCG) loses the
 * status and the output.  Instead the command runs under /bin/sh with its
 * output in files under /run/swaplab-exec and its status written last;
 * polling for that file and reading the others can be retried freely.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab_private.h"

#define EXEC_DIR "/run/swaplab-exec"

/* "$@" is the command; the status file appears only once complete. */
static const char wrapper[] =
	"d=" EXEC_DIR "; id=$1; shift; mkdir -p $d; "
	"\"$@\" >$d/$id.out 2>$d/$id.err </dev/null; "
	"echo $? >$d/$id.rc.part && mv $d/$id.rc.part $d/$id.rc";

static char *new_id(void)
{
	static unsigned int counter;

	return lab_strdup_printf("%d-%u-%lld", (int)getpid(), ++counter,
				 (long long)(lab_now() * 1000));
}

static long long start(virDomainPtr dom, const char *id, char *const argv[])
{
	unsigned int n = 0, i;
	char **full;
	long long pid;

	while (argv[n])
		n++;
	full = calloc(n + 6, sizeof(*full));
	if (!full)
		abort();
	full[0] = "/bin/sh";
	full[1] = "-c";
	full[2] = (char *)wrapper;
	full[3] = "swaplab-exec";
	full[4] = (char *)id;
	for (i = 0; i < n; i++)
		full[5 + i] = argv[i];
	pid = lab_agent_spawn(dom, full);
	free(full);
	return pid;
}

/* Fire and forget: the command's files, or the command itself. */
static void run_quietly(virDomainPtr dom, const char *script)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };

	lab_agent_spawn(dom, argv);
}

static void kill_command(virDomainPtr dom, long long pid)
{
	char *script = lab_strdup_printf("pkill -KILL -P %lld; kill -KILL %lld", pid, pid);

	run_quietly(dom, script);
	free(script);
}

static void remove_files(virDomainPtr dom, const char *id)
{
	char *script = lab_strdup_printf("rm -f " EXEC_DIR "/%s.out " EXEC_DIR "/%s.err "
					 EXEC_DIR "/%s.rc", id, id, id);

	run_quietly(dom, script);
	free(script);
}

static char *file_of(const char *id, const char *ext)
{
	return lab_strdup_printf(EXEC_DIR "/%s.%s", id, ext);
}

/* Read a result file into a malloc'd buffer (the API frees with free()). */
static int read_result(virDomainPtr dom, const char *id, const char *ext,
		       char **out, size_t *len)
{
	char *path = file_of(id, ext);
	char *data = NULL;
	int rc = lab_agent_read(dom, path, &data, len);

	free(path);
	if (rc)
		*len = 0;
	*out = malloc(*len + 1);
	if (!*out)
		abort();
	if (*len)
		memcpy(*out, data, *len);
	(*out)[*len] = '\0';
	g_free(data);
	return rc;
}

/* 1 when the status file is there (status set), 0 not yet, <0 error. */
static int poll_status(virDomainPtr dom, const char *id, int *status)
{
	char *rc_text = NULL;
	size_t len;
	char *path = file_of(id, "rc");
	char *before = g_strdup(lab_strerror());
	int rc = lab_agent_read(dom, path, &rc_text, &len);

	free(path);
	if (rc) {
		g_free(rc_text);
		/* "not there yet" is no failure: keep the reason given before */
		lab_fail(0, "%s", before);
		g_free(before);
		return virDomainIsActive(dom) == 1 ? 0 :
			lab_fail(LAB_EFAIL, "the guest stopped running");
	}
	g_free(before);
	*status = atoi(rc_text);
	g_free(rc_text);
	return 1;
}

static int wait_status(virDomainPtr dom, const char *id, long long pid,
		       double deadline, int *status)
{
	useconds_t nap = 20 * 1000;
	int rc;

	while ((rc = poll_status(dom, id, status)) == 0) {
		if (lab_stop_requested || lab_now() > deadline) {
			kill_command(dom, pid);
			return lab_fail(LAB_EFAIL, "%s (killed)",
					lab_stop_requested ? "interrupted" : "timed out");
		}
		usleep(nap);
		if (nap < 500 * 1000)
			nap *= 2;
	}
	return rc < 0 ? rc : 0;
}

int lab_agent_exec(virDomainPtr dom, char *const argv[], unsigned int timeout_s,
		   struct lab_exec_result *res)
{
	double deadline = lab_now() + timeout_s;
	char *id = new_id();
	long long pid = start(dom, id, argv);
	int rc;

	memset(res, 0, sizeof(*res));
	if (pid < 0) {
		free(id);
		return LAB_EFAIL;
	}
	rc = wait_status(dom, id, pid, deadline, &res->status);
	if (rc) {
		char why[512];

		snprintf(why, sizeof(why), "%s", lab_strerror());
		res->timed_out = !lab_stop_requested && lab_now() > deadline;
		lab_fail(rc, "'%s': %s after %.0f s", argv[0], why,
			 timeout_s - (deadline - lab_now()));
	} else {
		rc = read_result(dom, id, "out", &res->out, &res->out_len) ?:
		     read_result(dom, id, "err", &res->err, &res->err_len);
		remove_files(dom, id);
	}
	if (!res->out)
		res->out = strdup("");
	if (!res->err)
		res->err = strdup("");
	free(id);
	return rc;
}
