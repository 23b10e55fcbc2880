// SPDX-License-Identifier: GPL-2.0
/*
 * The guest-job protocol, over a transport (lab/job.h).  qemu-ga's
 * guest-exec-status forgets a process once it has reported its end, so a
 * reply lost to a timeout (a client swapping hard under TCG) would lose the
 * status and the output.  A job therefore runs under a /bin/sh wrapper in a
 * session of its own (setsid: killed whole) that writes the command's
 * output to files in LAB_JOB_DIR and its status last, then copies the
 * output to its own stdout and stderr, which guest-exec captures.  In the
 * common case the one guest-exec-status reply that says "exited" carries
 * everything; a poll whose status call failed reads the files instead,
 * which can be retried freely.  Each job removes the files of jobs that
 * ended LAB_JOB_KEEP_MIN minutes before.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "lab_private.h"

#define STR(x) #x
#define XSTR(x) STR(x)

/* $0 is the wrapper: run it as the leader of a new session. */
static const char launch[] = "exec setsid -w /bin/sh -c \"$0\" swaplab-job \"$@\"";

/* $1 is the job's id, the rest its command. */
static const char wrapper[] =
	"d=" LAB_JOB_DIR "; id=$1; shift; mkdir -p $d; "
	"find $d -name '*.rc' -mmin +" XSTR(LAB_JOB_KEEP_MIN) " 2>/dev/null | "
	"while read -r f; do rm -f \"${f%.rc}.out\" \"${f%.rc}.err\" \"$f\"; done; "
	"\"$@\" >$d/$id.out 2>$d/$id.err </dev/null; "
	"s=$?; echo $s >$d/$id.rc.part && mv $d/$id.rc.part $d/$id.rc; "
	"cat $d/$id.out; cat $d/$id.err >&2; exit $s";

static bool member_true(json_object *o, const char *key)
{
	json_object *v;

	return json_object_object_get_ex(o, key, &v) && json_object_get_boolean(v);
}

/* A malloc'd NUL-terminated copy of n bytes (free() it). */
static char *copy_bytes(const void *data, size_t n)
{
	char *copy = malloc(n + 1);

	if (!copy)
		abort();
	memcpy(copy, data, n);
	copy[n] = '\0';
	return copy;
}

/* The base64 member key of a reply, decoded; absent is empty. */
static char *decoded(json_object *o, const char *key, size_t *len)
{
	json_object *v;
	gsize n = 0;
	guchar *raw = json_object_object_get_ex(o, key, &v) ?
		      g_base64_decode(json_object_get_string(v), &n) : NULL;
	char *text = copy_bytes(raw ? (const void *)raw : "", n);

	g_free(raw);
	*len = n;
	return text;
}

int lab_job_parse_status(json_object *ret, int *status, char **out, size_t *out_len,
			 char **err, size_t *err_len, bool *truncated)
{
	json_object *v;

	if (!member_true(ret, "exited"))
		return 0;
	if (json_object_object_get_ex(ret, "exitcode", &v))
		*status = json_object_get_int(v);
	else if (json_object_object_get_ex(ret, "signal", &v))
		*status = 128 + json_object_get_int(v);	/* as a shell reports it */
	else
		*status = -1;
	*out = decoded(ret, "out-data", out_len);
	*err = decoded(ret, "err-data", err_len);
	*truncated = member_true(ret, "out-truncated") || member_true(ret, "err-truncated");
	return 1;
}

/* guest-exec of /bin/sh -c script [args...]; its pid, or -1. */
static long long exec_sh(const struct lab_job_transport *t, const char *script,
			 char *const args[], bool capture)
{
	json_object *a = json_object_new_object();
	json_object *list = json_object_new_array();
	json_object *ret, *pid;
	long long n = -1;

	json_object_array_add(list, json_object_new_string("-c"));
	json_object_array_add(list, json_object_new_string(script));
	for (; args && *args; args++)
		json_object_array_add(list, json_object_new_string(*args));
	json_object_object_add(a, "path", json_object_new_string("/bin/sh"));
	json_object_object_add(a, "arg", list);
	json_object_object_add(a, "capture-output", json_object_new_boolean(capture));
	ret = t->call(t->ctx, "guest-exec", a);
	if (ret && json_object_object_get_ex(ret, "pid", &pid))
		n = json_object_get_int64(pid);
	else if (ret)
		lab_fail(LAB_EFAIL, "guest agent: guest-exec: no pid in the answer");
	json_object_put(ret);
	return n;
}

struct lab_job *lab_job_begin(const struct lab_job_transport *t, const char *id,
			      char *const argv[])
{
	struct lab_job *job = calloc(1, sizeof(*job));
	unsigned int n = 0, i;
	char **args;

	if (!job)
		abort();
	while (argv[n])
		n++;
	args = calloc(n + 3, sizeof(*args));
	if (!args)
		abort();
	args[0] = (char *)wrapper;
	args[1] = (char *)id;
	for (i = 0; i < n; i++)
		args[2 + i] = argv[i];
	job->t = *t;
	job->started = t->now(t->ctx);
	job->pid = exec_sh(t, launch, args, true);
	free(args);
	if (job->pid < 0) {
		free(job);
		return NULL;
	}
	job->id = g_strdup(id);
	return job;
}

/* The job's file id.ext into a malloc'd buffer. */
static int read_file(struct lab_job *job, const char *ext, char **text, size_t *len)
{
	char *path = lab_strdup_printf(LAB_JOB_DIR "/%s.%s", job->id, ext);
	char *data = NULL;
	int rc = job->t.read(job->t.ctx, path, &data, len);

	free(path);
	*text = rc ? NULL : copy_bytes(data, *len);
	g_free(data);
	return rc;
}

/* The status call failed: the files say whether it ended, and what it said. */
static int poll_files(struct lab_job *job)
{
	char *why = g_strdup(lab_strerror());
	char *rc_text = NULL;
	size_t len;
	int rc = read_file(job, "rc", &rc_text, &len);

	if (rc) {
		if (!job->t.alive(job->t.ctx)) {
			job->gone = true;
			rc = lab_fail(LAB_EFAIL, "the guest stopped running");
		} else {
			rc = lab_fail(LAB_EFAIL, "%s", why);
		}
		g_free(why);
		return rc;
	}
	g_free(why);
	job->status = atoi(rc_text);
	free(rc_text);
	if (read_file(job, "out", &job->out, &job->out_len) ||
	    read_file(job, "err", &job->err, &job->err_len)) {
		free(job->out);
		job->out = NULL;
		return LAB_EFAIL;
	}
	job->ended = true;
	return 1;
}

int lab_job_poll(struct lab_job *job)
{
	json_object *args, *ret;
	bool truncated = false;
	int rc;

	if (job->ended)
		return 1;
	args = json_object_new_object();
	json_object_object_add(args, "pid", json_object_new_int64(job->pid));
	ret = job->t.call(job->t.ctx, "guest-exec-status", args);
	if (ret) {
		rc = lab_job_parse_status(ret, &job->status, &job->out, &job->out_len,
					  &job->err, &job->err_len, &truncated);
		json_object_put(ret);
		if (!rc)
			return 0;
		if (!truncated) {
			job->ended = true;
			return 1;
		}
		/* qemu-ga kept only part of the output: the files have all of it */
		free(job->out);
		free(job->err);
		job->out = job->err = NULL;
	}
	return poll_files(job);
}

int lab_job_wait(struct lab_job *job, unsigned int timeout_s)
{
	double deadline = job->started + timeout_s;
	unsigned int nap = 20 * 1000;
	int rc;

	for (;;) {
		rc = lab_job_poll(job);
		if (rc == 1)
			return 0;
		if (job->gone)
			return rc;
		if (lab_stop_requested || job->t.now(job->t.ctx) > deadline) {
			lab_job_kill(job);
			return lab_fail(LAB_EFAIL, "%s (killed)",
					lab_stop_requested ? "interrupted" : "timed out");
		}
		job->t.nap(job->t.ctx, nap);
		if (nap < 500 * 1000)
			nap *= 2;
	}
}

void lab_job_output(struct lab_job *job, struct lab_exec_result *res)
{
	memset(res, 0, sizeof(*res));
	res->status = job->status;
	res->out = job->out ? job->out : strdup("");
	res->out_len = job->out ? job->out_len : 0;
	res->err = job->err ? job->err : strdup("");
	res->err_len = job->err ? job->err_len : 0;
	job->out = job->err = NULL;
}

void lab_job_kill(struct lab_job *job)
{
	char *script = lab_strdup_printf("kill -KILL -- -%lld 2>/dev/null || kill -KILL %lld",
					 job->pid, job->pid);
	char *before = g_strdup(lab_strerror());

	exec_sh(&job->t, script, NULL, false);
	/* the reason for the kill matters, not whether the kill was heard */
	lab_fail(0, "%s", before);
	g_free(before);
	free(script);
}

void lab_job_free(struct lab_job *job)
{
	if (!job)
		return;
	free(job->out);
	free(job->err);
	g_free(job->id);
	free(job);
}
