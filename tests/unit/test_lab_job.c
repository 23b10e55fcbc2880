// SPDX-License-Identifier: GPL-2.0
/*
 * The guest-job protocol (lab/job.c) on a fake guest agent: what guest-exec
 * is asked, guest-exec-status replies, the files read when a reply is lost,
 * timeouts and kills, and how many agent calls each costs.
 */
#include <glib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "job.h"
#include "lab_private.h"


/* A guest agent that answers from a script. */
struct fake {
	const char *status[8];		/* guest-exec-status replies in turn; NULL: no answer */
	unsigned int nstatus, next_status;
	const char *files[3][2];	/* path, content: what guest-file-read finds */
	bool dead;			/* the domain is not running */
	double clock;
	unsigned int calls, reads;
	json_object *exec_args[2];	/* the last two guest-exec requests */
	unsigned int nexec;
};

static json_object *fake_call(void *ctx, const char *cmd, json_object *args)
{
	struct fake *f = ctx;
	const char *reply;

	f->calls++;
	if (!strcmp(cmd, "guest-exec")) {
		if (f->nexec < 2)
			f->exec_args[f->nexec++] = args;
		else
			json_object_put(args);
		return json_tokener_parse("{\"pid\": 4242}");
	}
	assert_string_equal(cmd, "guest-exec-status");
	assert_int_equal(json_object_get_int64(json_object_object_get(args, "pid")), 4242);
	json_object_put(args);
	reply = f->next_status < f->nstatus ? f->status[f->next_status++] : NULL;
	if (!reply) {
		lab_fail(LAB_EFAIL, "guest agent: guest-exec-status: timed out");
		return NULL;
	}
	return json_tokener_parse(reply);
}

static int fake_read(void *ctx, const char *path, char **buf, size_t *len)
{
	struct fake *f = ctx;
	unsigned int i;

	f->calls += 3;		/* open, read, close */
	f->reads++;
	for (i = 0; i < 3 && f->files[i][0]; i++) {
		if (!strcmp(path, f->files[i][0])) {
			*buf = g_strdup(f->files[i][1]);
			*len = strlen(*buf);
			return 0;
		}
	}
	f->calls -= 2;		/* the open failed */
	return lab_fail(LAB_EFAIL, "guest agent: guest-file-open: no such file");
}

static bool fake_alive(void *ctx)
{
	return !((struct fake *)ctx)->dead;
}

static double fake_now(void *ctx)
{
	return ((struct fake *)ctx)->clock;
}

static void fake_nap(void *ctx, unsigned int usec)
{
	((struct fake *)ctx)->clock += usec / 1e6;
}

static struct lab_job *start(struct fake *f, char *const argv[])
{
	const struct lab_job_transport t = {
		.ctx = f, .call = fake_call, .read = fake_read, .alive = fake_alive,
		.now = fake_now, .nap = fake_nap,
	};

	return lab_job_begin(&t, "77-1-1000", argv);
}

static void fake_free(struct fake *f)
{
	unsigned int i;

	for (i = 0; i < f->nexec; i++)
		json_object_put(f->exec_args[i]);
}

/* lab.c's lab_exec_result_free, not linked here */
static void result_free(struct lab_exec_result *res)
{
	free(res->out);
	free(res->err);
}

static const char *arg(json_object *req, size_t i)
{
	return json_object_get_string(json_object_array_get_idx(
		json_object_object_get(req, "arg"), i));
}

static void test_parse_status(void **state)
{
	json_object *running = json_tokener_parse("{\"exited\": false}");
	json_object *done = json_tokener_parse(
		"{\"exited\": true, \"exitcode\": 3, \"out-data\": \"aGVsbG8K\"}");
	json_object *killed = json_tokener_parse(
		"{\"exited\": true, \"signal\": 9, \"err-truncated\": true}");
	char *out, *err;
	size_t out_len, err_len;
	bool truncated;
	int status = 0;

	assert_int_equal(lab_job_parse_status(running, &status, &out, &out_len, &err,
					      &err_len, &truncated), 0);
	assert_int_equal(lab_job_parse_status(done, &status, &out, &out_len, &err,
					      &err_len, &truncated), 1);
	assert_int_equal(status, 3);
	assert_string_equal(out, "hello\n");
	assert_int_equal(out_len, 6);
	assert_string_equal(err, "");		/* absent is empty */
	assert_false(truncated);
	free(out);
	free(err);
	assert_int_equal(lab_job_parse_status(killed, &status, &out, &out_len, &err,
					      &err_len, &truncated), 1);
	assert_int_equal(status, 128 + 9);
	assert_true(truncated);
	free(out);
	free(err);
	json_object_put(running);
	json_object_put(done);
	json_object_put(killed);
}

/* The command goes behind the launcher and the wrapper, output captured. */
static void test_start_asks_guest_exec(void **state)
{
	struct fake f = { 0 };
	char *argv[] = { "uname", "-r", NULL };
	struct lab_job *job = start(&f, argv);
	json_object *req;

	assert_non_null(job);
	assert_int_equal(f.calls, 1);
	req = f.exec_args[0];
	assert_string_equal(json_object_get_string(json_object_object_get(req, "path")),
			    "/bin/sh");
	assert_true(json_object_get_boolean(json_object_object_get(req, "capture-output")));
	assert_string_equal(arg(req, 0), "-c");
	assert_non_null(strstr(arg(req, 1), "setsid -w /bin/sh"));
	assert_non_null(strstr(arg(req, 2), LAB_JOB_DIR));
	assert_string_equal(arg(req, 3), "77-1-1000");
	assert_string_equal(arg(req, 4), "uname");
	assert_string_equal(arg(req, 5), "-r");
	assert_int_equal(json_object_array_length(json_object_object_get(req, "arg")), 6);
	lab_job_free(job);
	fake_free(&f);
}

/* The common case: start, polls while it runs, one reply with everything. */
static void test_wait_one_reply_carries_all(void **state)
{
	struct fake f = {
		.status = { "{\"exited\": false}", "{\"exited\": false}",
			    "{\"exited\": true, \"exitcode\": 0, \"out-data\": \"Ni4xMgo=\", "
			    "\"err-data\": \"d2FybmluZwo=\"}" },
		.nstatus = 3,
	};
	char *argv[] = { "uname", "-r", NULL };
	struct lab_job *job = start(&f, argv);
	struct lab_exec_result res;

	assert_int_equal(lab_job_wait(job, 10), 0);
	lab_job_output(job, &res);
	assert_int_equal(res.status, 0);
	assert_string_equal(res.out, "6.12\n");
	assert_string_equal(res.err, "warning\n");
	assert_int_equal(f.calls, 1 + 3);	/* guest-exec, then one call per poll */
	assert_int_equal(f.reads, 0);
	assert_true(f.clock < 0.1);		/* naps of 20 ms, then 40 ms */
	result_free(&res);
	lab_job_free(job);
	fake_free(&f);
}

/* The reply that said "exited" was lost: the files have the same. */
static void test_lost_reply_reads_files(void **state)
{
	struct fake f = {
		.status = { "{\"exited\": false}", NULL },
		.nstatus = 2,
		.files = {
			{ LAB_JOB_DIR "/77-1-1000.rc", "2\n" },
			{ LAB_JOB_DIR "/77-1-1000.out", "partial\n" },
			{ LAB_JOB_DIR "/77-1-1000.err", "No such file\n" },
		},
	};
	char *argv[] = { "cat", "/nothing", NULL };
	struct lab_job *job = start(&f, argv);
	struct lab_exec_result res;

	assert_int_equal(lab_job_poll(job), 0);
	assert_int_equal(lab_job_poll(job), 1);
	assert_int_equal(lab_job_poll(job), 1);	/* ended stays ended, no call */
	lab_job_output(job, &res);
	assert_int_equal(res.status, 2);
	assert_string_equal(res.out, "partial\n");
	assert_string_equal(res.err, "No such file\n");
	assert_int_equal(f.calls, 1 + 2 + 3 * 3);
	result_free(&res);
	lab_job_free(job);
	fake_free(&f);
}

/* qemu-ga cut the output: the files have all of it. */
static void test_truncated_output_reads_files(void **state)
{
	struct fake f = {
		.status = { "{\"exited\": true, \"exitcode\": 0, \"out-data\": \"YWI=\", "
			    "\"out-truncated\": true}" },
		.nstatus = 1,
		.files = {
			{ LAB_JOB_DIR "/77-1-1000.rc", "0\n" },
			{ LAB_JOB_DIR "/77-1-1000.out", "abcdef" },
			{ LAB_JOB_DIR "/77-1-1000.err", "" },
		},
	};
	char *argv[] = { "dmesg", NULL };
	struct lab_job *job = start(&f, argv);
	struct lab_exec_result res;

	assert_int_equal(lab_job_wait(job, 10), 0);
	lab_job_output(job, &res);
	assert_string_equal(res.out, "abcdef");
	assert_int_equal(res.out_len, 6);
	result_free(&res);
	lab_job_free(job);
	fake_free(&f);
}

/* Silent agent: a poll fails (the caller counts the silence), the job stays. */
static void test_silent_agent_is_an_error_not_an_end(void **state)
{
	struct fake f = { .status = { NULL, "{\"exited\": false}" }, .nstatus = 2 };
	char *argv[] = { "sleep", "600", NULL };
	struct lab_job *job = start(&f, argv);

	assert_true(lab_job_poll(job) < 0);
	assert_non_null(strstr(lab_strerror(), "timed out"));
	assert_int_equal(lab_job_poll(job), 0);
	lab_job_free(job);
	fake_free(&f);
}

static void test_timeout_kills_the_session(void **state)
{
	struct fake f = {
		.status = { "{\"exited\": false}", "{\"exited\": false}", "{\"exited\": false}",
			    "{\"exited\": false}", "{\"exited\": false}", "{\"exited\": false}",
			    "{\"exited\": false}", "{\"exited\": false}" },
		.nstatus = 8,
	};
	char *argv[] = { "sleep", "600", NULL };
	struct lab_job *job = start(&f, argv);
	json_object *kill;

	assert_int_equal(lab_job_wait(job, 1), LAB_EFAIL);
	assert_string_equal(lab_strerror(), "timed out (killed)");
	assert_true(f.clock > 1 && f.clock < 2);
	assert_int_equal(f.nexec, 2);
	kill = f.exec_args[1];
	assert_false(json_object_get_boolean(json_object_object_get(kill, "capture-output")));
	assert_string_equal(arg(kill, 1), "kill -KILL -- -4242 2>/dev/null || kill -KILL 4242");
	lab_job_free(job);
	fake_free(&f);
}

static void test_stopped_guest_ends_the_wait(void **state)
{
	struct fake f = { .dead = true };
	char *argv[] = { "true", NULL };
	struct lab_job *job = start(&f, argv);

	assert_int_equal(lab_job_wait(job, 60), LAB_EFAIL);
	assert_string_equal(lab_strerror(), "the guest stopped running");
	assert_true(f.clock < 1);
	lab_job_free(job);
	fake_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_status),
		cmocka_unit_test(test_start_asks_guest_exec),
		cmocka_unit_test(test_wait_one_reply_carries_all),
		cmocka_unit_test(test_lost_reply_reads_files),
		cmocka_unit_test(test_truncated_output_reads_files),
		cmocka_unit_test(test_silent_agent_is_an_error_not_an_end),
		cmocka_unit_test(test_timeout_kills_the_session),
		cmocka_unit_test(test_stopped_guest_ends_the_wait),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
