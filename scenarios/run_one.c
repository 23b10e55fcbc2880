// SPDX-License-Identifier: GPL-2.0
/*
 * One run: boot a lab for the label, snapshot the counters, run the
 * workloads (injecting faults when their workload is ready), collect logs,
 * tear the lab down, judge, and write results/runs/<id>/.  Whatever breaks
 * (boot, a panic, a hang, a timeout, Ctrl-C) the run ends with verdict
 * error, its logs kept, and no lab left behind.
 */
#include <errno.h>
#include <glib.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "guest.h"
#include "run_dir.h"
#include "samples.h"

#define GUEST_DIR "/var/tmp/swaplab-run"
#define POLL_INTERVAL_S 5
/* A guest under heavy swap answers late; silent this long, it is hung. */
#define AGENT_SILENCE_MAX_S 600
#define SHORT_TIMEOUT_S 120

struct runner {
	const struct run_plan *plan;
	struct run_result *res;
	struct lab *lab;
	struct evidence ev;
	struct run_meta meta;
	struct lab_info info;		/* meta.lab: the lab's, or its configuration's */
	char tmp_dir[2048], logs[2560];	/* short of PATH_MAX: room for names */
	unsigned *rounds_done;		/* per section: fault rounds injected */
	time_t *ready_at;		/* per section: its workload said ready */
	time_t *next_at;		/* per section: the next round is due */
	struct fault_ctx *faults;	/* per section: armed faults */
	struct samples samples;		/* the client's time series, if sampled */
	bool client_crashed;		/* the kernel under test died: a fail */
};

static void run_error(struct runner *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The first error is the cause; later ones are its consequences. */
static void run_error(struct runner *r, const char *fmt, ...)
{
	va_list ap;

	if (r->res->verdict == VERDICT_ERROR)
		return;
	r->res->verdict = VERDICT_ERROR;
	va_start(ap, fmt);
	vsnprintf(r->res->error, sizeof(r->res->error), fmt, ap);
	va_end(ap);
	fprintf(stderr, "swaplab run: %s: error: %s\n", r->res->id, r->res->error);
}

/* The run stops: it broke (an error), or the client's kernel died. */
static bool failed(const struct runner *r)
{
	return r->res->verdict == VERDICT_ERROR || r->client_crashed;
}

static void say(const struct runner *r, const char *what)
{
	fprintf(stderr, "swaplab run: %s: %s\n", r->res->id, what);
}

static void iso_now(char *buf, size_t len)
{
	time_t now = time(NULL);

	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
}

static const char *log_path(const struct runner *r, const char *name, char *buf)
{
	snprintf(buf, PATH_MAX, "%s/%s", r->logs, name);
	return buf;
}

/* ---- the lab ---- */

static int boot(struct runner *r)
{
	const struct scenario *s = r->plan->scn;
	struct lab_config cfg;
	char what[256];

	lab_config_init(&cfg);
	cfg.prefix = r->plan->prefix;
	cfg.client_kernel = r->plan->label->client_kernel;
	cfg.client_mem_mib = scenario_client_mem_mib(s);
	cfg.client_cpus = scn_num(&s->global, "client_cpus");
	cfg.swap_target = r->meta.swap_target;
	cfg.swap_size_mib = scn_size_mib(&s->global, "swap_size", cfg.client_mem_mib);
	if (*scn_text(&s->global, "cmdline"))
		cfg.cmdline_extra = scn_text(&s->global, "cmdline");
	/*
	 * lockdep and KASAN under TCG: systemd alone takes minutes.  With two
	 * debug labs at once on 2 host cores, the client's agent took 1080 s
	 * after the kernel reached user space (run 20261204-190404): 4x the
	 * 300 s step bound left no margin.
	 */
	if (lab_kernel_is_debug(cfg.client_kernel))
		cfg.boot_timeout_s *= 8;
	snprintf(what, sizeof(what), "booting lab '%s': %s kernel, %u MiB, swap %s %u MiB",
		 cfg.prefix, cfg.client_kernel, cfg.client_mem_mib, cfg.swap_target,
		 cfg.swap_size_mib);
	say(r, what);
	lab_info_of_config(&cfg, &r->info);
	if (lab_up(&cfg, &r->lab)) {
		r->lab = NULL;
		run_error(r, "lab up failed: %s", lab_strerror());
		return -1;
	}
	lab_info_free(&r->info);
	lab_info(r->lab, &r->info);
	return 0;
}

/*
 * The SMB share's counters (the smb-traffic check): the file is there with
 * the cifs client built in, empty of shares unless the swap target is SMB.
 */
#define CIFS_STATS "cat /proc/fs/cifs/Stats 2>/dev/null || true"

static void strip_newline(char *s)
{
	s[strcspn(s, "\n")] = '\0';
}

static int guest_setup(struct runner *r)
{
	char why[512], *out = NULL, path[PATH_MAX];

	if (guest_sh(r->lab, LAB_CLIENT, "rm -rf " GUEST_DIR " && mkdir -p " GUEST_DIR
		     " && uname -r", SHORT_TIMEOUT_S, &out, why, sizeof(why)))
		goto fail;
	snprintf(r->meta.client_release, sizeof(r->meta.client_release), "%s", out);
	strip_newline(r->meta.client_release);
	free(out);
	if (guest_sh(r->lab, LAB_SERVER, "uname -r", SHORT_TIMEOUT_S, &out, why,
		     sizeof(why)))
		goto fail;
	snprintf(r->meta.server_release, sizeof(r->meta.server_release), "%s", out);
	strip_newline(r->meta.server_release);
	free(out);
	if (guest_sh_to_file(r->lab, LAB_CLIENT, "cat /proc/vmstat",
			     log_path(r, "vmstat-before.txt", path), why, sizeof(why)) ||
	    guest_sh_to_file(r->lab, LAB_CLIENT, "cat /proc/self/mountstats",
			     log_path(r, "mountstats-before.txt", path), why, sizeof(why)) ||
	    guest_sh_to_file(r->lab, LAB_CLIENT, CIFS_STATS,
			     log_path(r, "cifs-stats-before.txt", path), why, sizeof(why)))
		goto fail;
	return 0;
fail:
	run_error(r, "setting up the client: %s", why);
	return -1;
}

static bool lab_broke(struct runner *r)
{
	char why[512];

	if (run_interrupted) {
		run_error(r, "interrupted");
		return true;
	}
	/*
	 * A panic of the kernel under test while its workloads run is what
	 * the lab exists to find: the run fails (client-log reads the panic
	 * from the console), it is not a lab error.  Run 20261207-173707: a
	 * truncated swap file on SMB killed init.
	 */
	if (lab_crashed(r->lab, LAB_CLIENT, why, sizeof(why))) {
		fprintf(stderr, "swaplab run: %s: client crashed: %s\n", r->res->id, why);
		r->client_crashed = true;
		return true;
	}
	if (lab_crashed(r->lab, LAB_SERVER, why, sizeof(why))) {
		run_error(r, "NFS server crashed: %s", why);
		return true;
	}
	return false;
}

/* ---- workloads and faults ---- */

struct running {
	const struct scn_section *sec;
	struct guest_job job;
	struct workload_status *status;
	time_t deadline;
	unsigned long timeout_s;
	time_t silent_since;		/* first of consecutive failed polls */
};

static char *workload_command(const struct runner *r, const struct scn_section *sec)
{
	struct workload_ctx ctx = {
		.params = &sec->params,
		.dir = GUEST_DIR,
		.swap_target = r->meta.swap_target,
		.client_mem_mib = scenario_client_mem_mib(r->plan->scn),
	};

	return sec->workload->command(&ctx);
}

static int write_script(const char *path, const char *command, uint64_t delay_s)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fprintf(f, "#!/bin/sh\n# written by swaplab run; runs in " GUEST_DIR "\n"
		"cd " GUEST_DIR " || exit 4\n");
	if (delay_s)
		fprintf(f, "sleep %llu\n", (unsigned long long)delay_s);
	fprintf(f, "%s\n", command);
	return fclose(f);
}

static int start_workload(struct runner *r, struct running *w)
{
	const struct workload *wl = w->sec->workload;
	uint64_t timeout = w->sec->common.timeout_s;
	char script[PATH_MAX], name[64], why[512], *cmd;

	snprintf(name, sizeof(name), "%s.sh", wl->name);
	cmd = workload_command(r, w->sec);
	if (!cmd || write_script(log_path(r, name, script), cmd, w->sec->common.delay_s)) {
		free(cmd);
		run_error(r, "cannot write the script of %s in %s", wl->name, r->logs);
		return -1;
	}
	free(cmd);
	w->job.name = wl->name;
	w->job.dir = GUEST_DIR;
	if (guest_job_start(r->lab, &w->job, script, wl->stdout_log, wl->stderr_log,
			    why, sizeof(why))) {
		run_error(r, "starting %s: %s", wl->name, why);
		return -1;
	}
	w->status->started = true;
	w->timeout_s = (timeout ? timeout : wl->default_timeout_s) + w->sec->common.delay_s;
	w->deadline = time(NULL) + w->timeout_s;
	fprintf(stderr, "swaplab run: %s: %s started (timeout %lu s)\n", r->res->id,
		wl->name, w->timeout_s);
	return 0;
}

static int guest_sh_for_fault(void *runner, enum guest_role role, const char *script,
			      char *out, size_t outlen, char *why, size_t len)
{
	struct runner *r = runner;
	char *text = NULL;
	int ret;

	ret = guest_sh(r->lab, role == GUEST_CLIENT ? LAB_CLIENT : LAB_SERVER, script,
		       SHORT_TIMEOUT_S, &text, why, len);
	if (!ret && out)
		snprintf(out, outlen, "%s", text);
	free(text);
	return ret;
}

static enum lab_role lab_role_of(enum guest_role role)
{
	return role == GUEST_CLIENT ? LAB_CLIENT : LAB_SERVER;
}

static int power_for_fault(void *runner, enum guest_role role, enum fault_power op,
			   char *why, size_t len)
{
	static const enum lab_power ops[] = {
		[FAULT_RESET] = LAB_POWER_RESET,
		[FAULT_SUSPEND] = LAB_POWER_SUSPEND,
		[FAULT_RESUME] = LAB_POWER_RESUME,
	};
	struct runner *r = runner;

	if (lab_power(r->lab, lab_role_of(role), ops[op])) {
		snprintf(why, len, "%s", lab_strerror());
		return -1;
	}
	return 0;
}

static int wait_agent_for_fault(void *runner, enum guest_role role, unsigned timeout_s,
				char *why, size_t len)
{
	struct runner *r = runner;

	if (lab_wait_agent(r->lab, lab_role_of(role), timeout_s)) {
		snprintf(why, len, "%s", lab_strerror());
		return -1;
	}
	return 0;
}

static void arm_fault(struct runner *r, size_t i)
{
	const struct scn_section *sec = &r->plan->scn->sections[i];
	struct fault_ctx *ctx = &r->faults[i];
	char why[512];

	ctx->params = &sec->params;
	ctx->opts = sec->params.opts;
	ctx->sh = guest_sh_for_fault;
	ctx->power = power_for_fault;
	ctx->wait_agent = wait_agent_for_fault;
	ctx->runner = r;
	if (sec->fault->arm && sec->fault->arm(ctx, why, sizeof(why)))
		run_error(r, "arming fault %s: %s", sec->name, why);
}

static void inject_fault(struct runner *r, size_t i)
{
	const struct scn_section *sec = &r->plan->scn->sections[i];
	unsigned rounds = sec->common.rounds;
	struct fault_ctx ctx = r->faults[i];
	char name[128], path[PATH_MAX], why[512];
	time_t begun, since;

	ctx.round = ++r->rounds_done[i];
	snprintf(name, sizeof(name), "fault-%s.txt", sec->name);
	ctx.log = fopen(log_path(r, name, path), ctx.round == 1 ? "w" : "a");
	if (!ctx.log) {
		run_error(r, "cannot write %s", path);
		return;
	}
	begun = time(NULL);
	since = begun - r->ready_at[i];
	fprintf(stderr, "swaplab run: %s: injecting %s (round %u of %u), %lld s after %s "
		"said ready\n", r->res->id, sec->name, ctx.round, rounds,
		(long long)since, sec->common.after);
	if (rounds > 1)
		fprintf(ctx.log, "round %u of %u\n", ctx.round, rounds);
	fflush(ctx.log);
	if (sec->fault->inject(&ctx, why, sizeof(why))) {
		fprintf(ctx.log, "failed: %s\n", why);
		run_error(r, "fault %s: %s", sec->name, why);
	}
	/* When, for a verifier that misses the damage: was it still running? */
	fprintf(ctx.log, "injected %lld s after %s said ready, in %lld s\n",
		(long long)since, sec->common.after,
		(long long)(time(NULL) - begun));
	fclose(ctx.log);
	r->next_at[i] = time(NULL) + (time_t)sec->common.interval_s;
}

/* Faults waiting for a workload of this group that now says it is ready. */
static void trigger_faults(struct runner *r, struct running *group, size_t n)
{
	const struct scenario *s = r->plan->scn;
	const struct workload *wl;
	size_t i, j;

	for (i = 0; i < s->nsections && !failed(r); i++) {
		if (!s->sections[i].fault ||
		    r->rounds_done[i] >= s->sections[i].common.rounds)
			continue;
		for (j = 0; j < n; j++) {
			wl = group[j].sec->workload;
			if (strcmp(wl->name, s->sections[i].common.after) ||
			    group[j].job.done)
				continue;
			if (!r->ready_at[i] &&
			    guest_job_said(r->lab, &group[j].job, wl->stderr_log,
					   wl->ready_text)) {
				r->ready_at[i] = time(NULL);
				r->next_at[i] = r->ready_at[i] +
					(time_t)s->sections[i].common.delay_s;
				arm_fault(r, i);
			}
			if (failed(r) || !r->next_at[i] || time(NULL) < r->next_at[i])
				continue;
			inject_fault(r, i);
		}
	}
}

/*
 * The client stopped answering: before anything is torn down, what a kernel
 * developer asks for.  SysRq w (blocked tasks), m (memory) and t (all tasks)
 * through the emulated keyboard, which needs neither the agent nor user
 * space, land in the client's console log; QEMU's view of the client's
 * virtio-net queues (is the guest still giving receive buffers?) and, if the
 * server still answers, its TCP counters and sockets go to wedge-client.txt.
 */
static void wedge_evidence(struct runner *r, const char *workload)
{
	static const char keys[] = "wmt";
	char path[PATH_MAX], *text = NULL, why[256];
	FILE *f = fopen(log_path(r, "wedge-client.txt", path), "w");
	const char *k;

	say(r, "client wedged: sending SysRq w, m, t and asking QEMU for its queues");
	if (!f)
		return;
	fprintf(f, "client agent silent for %d s while %s ran\n", AGENT_SILENCE_MAX_S,
		workload);
	for (k = keys; *k; k++) {
		fprintf(f, "sysrq %c: %s\n", *k, lab_sysrq(r->lab, LAB_CLIENT, *k) ?
			lab_strerror() : "sent (output in console-client.log)");
		sleep(5);
	}
	/* sysrq t is long, and a serial console under TCG slow */
	sleep(20);
	text = lab_virtio_net_state(r->lab, LAB_CLIENT);
	fprintf(f, "\n== QEMU, client's virtio-net\n%s", text);
	g_free(text);
	text = NULL;
	if (!guest_sh(r->lab, LAB_SERVER, "cat /proc/net/netstat /proc/net/snmp; "
		      "ss -tmi 2>&1 | head -100", SHORT_TIMEOUT_S, &text, why, sizeof(why)))
		fprintf(f, "\n== server: TCP counters and sockets\n%s", text);
	else
		fprintf(f, "\n== server not answering either: %s\n", why);
	free(text);
	fclose(f);
}

static void poll_workload(struct runner *r, struct running *w)
{
	char why[512];

	if (w->job.done)
		return;
	if (guest_job_poll(r->lab, &w->job, why, sizeof(why))) {
		if (!w->silent_since)
			w->silent_since = time(NULL);
		if (time(NULL) - w->silent_since > AGENT_SILENCE_MAX_S) {
			wedge_evidence(r, w->sec->name);
			run_error(r, "client wedged: not answering for %d s while %s ran "
				  "(%s); evidence: logs/wedge-client.txt (QEMU's virtio-net "
				  "queues, server TCP), console-client.log (SysRq w, m, t)",
				  AGENT_SILENCE_MAX_S, w->sec->name, why);
		}
		return;
	}
	w->silent_since = 0;
	if (w->job.done) {
		w->status->finished = true;
		w->status->status = w->job.status;
		w->status->elapsed_s = w->job.ended - w->job.started;
		fprintf(stderr, "swaplab run: %s: %s exited %d after %.0f s\n",
			r->res->id, w->sec->name, w->job.status, w->status->elapsed_s);
	} else if (time(NULL) > w->deadline) {
		guest_job_kill(r->lab, &w->job);
		run_error(r, "%s timed out after %lu s: killed (raise its timeout "
			  "in the scenario if it was only slow)", w->sec->name, w->timeout_s);
	}
}

static bool all_done(const struct running *group, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!group[i].job.done)
			return false;
	return true;
}

static void wait_group(struct runner *r, struct running *group, size_t n)
{
	size_t i;

	while (!failed(r) && !all_done(group, n)) {
		sleep(POLL_INTERVAL_S);
		if (lab_broke(r))
			break;
		trigger_faults(r, group, n);
		for (i = 0; i < n && !failed(r); i++)
			poll_workload(r, &group[i]);
		if (!failed(r))
			samples_tick(&r->samples, r->lab);
	}
}

/* A fault whose workload ran in this group but ended before all its rounds. */
static void check_untriggered(struct runner *r, struct running *group, size_t n)
{
	const struct scenario *s = r->plan->scn;
	unsigned rounds;
	size_t i, j;

	for (i = 0; i < s->nsections && !failed(r); i++) {
		if (!s->sections[i].fault)
			continue;
		rounds = s->sections[i].common.rounds;
		if (r->rounds_done[i] >= rounds)
			continue;
		for (j = 0; j < n; j++) {
			if (strcmp(group[j].sec->name, s->sections[i].common.after))
				continue;
			if (!r->rounds_done[i])
				run_error(r, "fault %s was never injected: %s ended before "
					  "saying '%s' and the fault's delay passing",
					  s->sections[i].name, group[j].sec->name,
					  group[j].sec->workload->ready_text);
			else
				run_error(r, "fault %s ran %u of its %u rounds: %s ended "
					  "first (fewer rounds, or a shorter interval)",
					  s->sections[i].name, r->rounds_done[i], rounds,
					  group[j].sec->name);
		}
	}
}

static double group_elapsed(const struct running *group, size_t n)
{
	double first = 0, last = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!group[i].job.done)
			continue;
		if (!first || group[i].job.started < first)
			first = group[i].job.started;
		if (group[i].job.ended > last)
			last = group[i].job.ended;
	}
	return last > first ? last - first : 0;
}

static void collect_outputs(struct runner *r, bool only_new);

/*
 * Workloads run in order; one with concurrent = yes joins the one before.
 * What a group wrote is pulled as soon as it ends, so a later group that
 * crashes the client (smb3 swapguard on 6.12, run 20261207-173707) does
 * not take the earlier groups' outputs with it.
 */
static void run_workloads(struct runner *r)
{
	const struct scenario *s = r->plan->scn;
	struct running *group = calloc(s->nsections, sizeof(*group));
	char path[PATH_MAX];
	size_t i = 0, n;

	if (samples_start(&r->samples, (unsigned)scn_num(&s->global, "sample"),
			  log_path(r, "samples.tsv", path)))
		run_error(r, "cannot write %s: %s", path, strerror(errno));

	while (i < s->nsections && !failed(r)) {
		for (n = 0; i < s->nsections; i++) {
			const struct scn_section *sec = &s->sections[i];

			if (!sec->workload)
				continue;
			if (n && !sec->common.concurrent)
				break;
			memset(&group[n], 0, sizeof(group[n]));
			group[n].sec = sec;
			group[n].status = evidence_workload(&r->ev, sec->name);
			if (start_workload(r, &group[n++]))
				break;
		}
		wait_group(r, group, n);
		check_untriggered(r, group, n);
		r->ev.elapsed_s += group_elapsed(group, n);
		if (failed(r)) {
			for (; n; n--)
				if (!group[n - 1].job.done && group[n - 1].status->started)
					guest_job_kill(r->lab, &group[n - 1].job);
		} else if (i < s->nsections) {
			collect_outputs(r, true);
		}
	}
	if (r->samples.interval_s)
		fprintf(stderr, "swaplab run: %s: %u samples of the client kept in "
			"logs/samples.tsv, %u missed\n", r->res->id, r->samples.taken,
			r->samples.missed);
	samples_stop(&r->samples);
	free(group);
}

/* ---- collecting and tearing down ---- */

static void collect_text(struct runner *r, enum lab_role role, const char *script,
			 const char *name)
{
	char path[PATH_MAX], why[512];

	if (guest_sh_to_file(r->lab, role, script, log_path(r, name, path), why,
			     sizeof(why)))
		fprintf(stderr, "swaplab run: %s: could not keep %s: %s\n", r->res->id,
			name, why);
}

/*
 * Every file the workloads wrote in the guest directory, into logs/; with
 * @only_new, those not pulled yet (an earlier group's outputs are final).
 */
static void collect_outputs(struct runner *r, bool only_new)
{
	char *list = NULL, *name, *save = NULL, why[512], guest[PATH_MAX], path[PATH_MAX];

	if (guest_sh(r->lab, LAB_CLIENT, "cd " GUEST_DIR " && ls -1", SHORT_TIMEOUT_S,
		     &list, why, sizeof(why)))
		return;
	for (name = strtok_r(list, "\n", &save); name; name = strtok_r(NULL, "\n", &save)) {
		size_t len = strlen(name);

		if (len > 3 && !strcmp(name + len - 3, ".sh"))
			continue;
		snprintf(guest, sizeof(guest), GUEST_DIR "/%s", name);
		if (only_new && !access(log_path(r, name, path), F_OK))
			continue;
		if (lab_pull(r->lab, LAB_CLIENT, guest, log_path(r, name, path)))
			fprintf(stderr, "swaplab run: %s: could not pull %s: %s\n",
				r->res->id, guest, lab_strerror());
	}
	free(list);
}

/* Best effort: after an error, whatever the guests still give is kept. */
static void collect(struct runner *r)
{
	char why[256];

	say(r, "collecting logs");
	if (!lab_crashed(r->lab, LAB_SERVER, why, sizeof(why)))
		collect_text(r, LAB_SERVER, "dmesg", "dmesg-server.txt");
	if (lab_crashed(r->lab, LAB_CLIENT, why, sizeof(why)))
		return;
	collect_text(r, LAB_CLIENT, "cat /proc/vmstat", "vmstat-after.txt");
	collect_text(r, LAB_CLIENT, "cat /proc/self/mountstats", "mountstats-after.txt");
	collect_text(r, LAB_CLIENT, CIFS_STATS, "cifs-stats-after.txt");
	collect_text(r, LAB_CLIENT, "cat /proc/swaps", "swaps.txt");
	collect_text(r, LAB_CLIENT, "dmesg", "dmesg-client.txt");
	collect_outputs(r, false);
}

static void copy_file(const char *from, const char *to)
{
	char buf[65536];
	FILE *in = fopen(from, "r"), *out;
	size_t n;

	if (!in)
		return;
	out = fopen(to, "w");
	while (out && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	if (out)
		fclose(out);
	fclose(in);
}

/* The lab's console logs (kept by a failed lab_up too), into logs/. */
static void teardown(struct runner *r)
{
	char to[PATH_MAX];

	copy_file(r->info.console[LAB_CLIENT], log_path(r, "console-client.log", to));
	copy_file(r->info.console[LAB_SERVER], log_path(r, "console-server.log", to));
	say(r, "tearing the lab down");
	if (!r->lab || lab_down(r->lab)) {
		if (lab_down_prefix(r->plan->prefix))
			fprintf(stderr, "swaplab run: %s: tearing down lab '%s' failed: %s "
				"(run: lab/swaplab --prefix %s down)\n", r->res->id,
				r->plan->prefix, lab_strerror(), r->plan->prefix);
	}
	if (r->lab)
		lab_free(r->lab);
	r->lab = NULL;
}

/* ---- the run ---- */

static int prepare(struct runner *r)
{
	const struct run_plan *p = r->plan;
	char stamp[32];
	time_t now = time(NULL);

	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", gmtime(&now));
	snprintf(r->res->id, sizeof(r->res->id), "%s-%s-%s-r%u", stamp, p->scn->name,
		 p->label->name, p->rep);
	snprintf(r->tmp_dir, sizeof(r->tmp_dir), "%s/%s.tmp", p->out_dir, r->res->id);
	snprintf(r->logs, sizeof(r->logs), "%s/logs", r->tmp_dir);
	if ((mkdir(p->out_dir, 0755) && errno != EEXIST) ||
	    mkdir(r->tmp_dir, 0755) || mkdir(r->logs, 0755)) {
		run_error(r, "cannot create %s: %s", r->logs, strerror(errno));
		return -1;
	}
	return 0;
}

static void add_workloads_to_evidence(struct runner *r)
{
	const struct scenario *s = r->plan->scn;
	size_t i;

	for (i = 0; i < s->nsections; i++)
		if (s->sections[i].workload)
			evidence_add_workload(&r->ev, s->sections[i].name);
}

void run_one(const struct run_plan *plan, struct run_result *res)
{
	struct runner r = { .plan = plan, .res = res };
	char started[32], finished[32];

	memset(res, 0, sizeof(*res));
	res->scn = plan->scn;
	res->label = plan->label;
	res->rep = plan->rep;
	r.meta.suite = plan->suite;
	r.meta.swap_target = plan->label->swap_target ?:
			     scn_text(&plan->scn->global, "swap");
	if (prepare(&r))
		return;
	iso_now(started, sizeof(started));
	r.rounds_done = calloc(plan->scn->nsections, sizeof(*r.rounds_done));
	r.ready_at = calloc(plan->scn->nsections, sizeof(*r.ready_at));
	r.next_at = calloc(plan->scn->nsections, sizeof(*r.next_at));
	r.faults = calloc(plan->scn->nsections, sizeof(*r.faults));
	evidence_init(&r.ev, plan->scn, r.meta.swap_target, r.logs);
	add_workloads_to_evidence(&r);
	if (!boot(&r) && !guest_setup(&r)) {
		run_workloads(&r);
		/* After a first Ctrl-C the logs are still kept; a second skips that. */
		lab_stop_requested = 0;
		collect(&r);
	}
	teardown(&r);
	iso_now(finished, sizeof(finished));
	r.meta.started = started;
	r.meta.finished = finished;
	r.meta.lab = &r.info;
	run_evaluate(&r.ev, res);
	if (run_dir_write(r.tmp_dir, plan, &r.meta, res, &r.ev))
		run_error(&r, "cannot write the run directory %s", r.tmp_dir);
	fprintf(stderr, "swaplab run: %s: %s\n", res->id, verdict_name(res->verdict));
	lab_info_free(&r.info);
	evidence_free(&r.ev);
	free(r.rounds_done);
	free(r.ready_at);
	free(r.next_at);
	free(r.faults);
}
