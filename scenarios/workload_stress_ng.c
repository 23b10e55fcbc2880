// SPDX-License-Identifier: GPL-2.0
/*
 * stress-ng as upstream testers of swap over NFS ran it: --vm over about
 * twice the client's memory with --vm-keep --verify, one run per
 * --vm-method (stress-ng takes one method per run), then --pageswap,
 * --bigheap, --brk and --stack together.  Each run keeps its YAML and log
 * (stress-ng-TAG.yaml/.log); stress-ng.yaml and stress-ng.log hold them all.
 *
 * With memory_high set, stress-ng runs in a memory cgroup of its own whose
 * memory.high is that size: its workers then swap their own pages out and
 * back on every sweep, whatever the rest of the guest does, so a --verify
 * sweep reads back pages that went through swap at any moment of the run.
 * memory.high throttles and reclaims; unlike memory.max it never OOM-kills.
 *
 * Its exit status alone misses content failures (0.15 can exit 0 after a
 * verification error), so the run reads the "fail:" lines of its log, and
 * the rates from its --yaml output through libyaml: the stress-ng check, the
 * bogo-ops metric, and its part of the content check.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "logparse.h"
#include "registry.h"

/* stress-ng 0.15's --vm-method list, so a typo is caught when parsing. */
static const char *const vm_methods[] = {
	"all", "cache-lines", "cache-stripe", "checkerboard", "flip", "fwdrev",
	"galpat-0", "galpat-1", "gray", "grayflip", "rowhammer", "incdec",
	"inc-nybble", "lfsr32", "rand-set", "rand-sum", "read64", "ror", "swap",
	"move-inv", "modulo-x", "mscan", "prime-0", "prime-1", "prime-gray-0",
	"prime-gray-1", "prime-incdec", "walk-0d", "walk-1d", "walk-0a",
	"walk-1a", "write64", "zero-one", NULL
};

static const char *const stressors[] = {
	"pageswap", "bigheap", "brk", "stack", NULL
};

struct stress_ng_opts {
	struct scn_size vm_bytes;
	struct scn_words vm_methods;
	struct scn_words stressors;
	uint64_t workers;
	struct scn_size memory_high;
	uint64_t duration_s;
};

#define OPT(member) SCN_FIELD(struct stress_ng_opts, member)

static const struct scn_option options[] = {
	{ .key = "vm_bytes", .type = SCN_SIZE, .def = "2x", .help = "memory of the --vm worker (2x: twice client_mem)",
	  .min = 1ULL << 20, OPT(vm_bytes) },
	{ .key = "vm_methods", .type = SCN_LIST, .def = "flip rand-set walk-1d",
	  .help = "one --vm run per method", .choices = vm_methods, OPT(vm_methods) },
	{ .key = "stressors", .type = SCN_LIST, .def = "pageswap bigheap brk stack",
	  .help = "run together after the --vm runs", .choices = stressors, OPT(stressors) },
	{ .key = "workers", .type = SCN_UINT, .def = "1", .help = "instances of each stressor", .min = 1, .max = 16,
	  OPT(workers) },
	{ .key = "memory_high", .type = SCN_SIZE, .def = "0",
	  .help = "run in a memory cgroup with this memory.high (0: none; 0.125x: an eighth of client_mem)",
	  OPT(memory_high) },
	{ .key = "duration", .type = SCN_DURATION, .def = "30s", .help = "length of each stress-ng run",
	  .min = 1, .max = 7 * 24 * 3600, OPT(duration_s) },
	{ }
};

/* One stress-ng run tagged @tag; its exit status is kept, not fatal. */
static void append_run(FILE *f, const char *tag, const char *args,
		       uint64_t duration)
{
	fprintf(f, "stress-ng %s --verify --oomable --metrics -t %" PRIu64
		" --yaml stress-ng-%s.yaml --log-file stress-ng-%s.log || rc=$?\n"
		"cat stress-ng-%s.yaml >> stress-ng.yaml\n"
		"cat stress-ng-%s.log >> stress-ng.log\n",
		args, duration, tag, tag, tag, tag);
}

static char *command(const struct workload_ctx *ctx)
{
	const struct stress_ng_opts *o = ctx->params->opts;
	const struct scn_words *methods = &o->vm_methods, *others = &o->stressors;
	uint64_t workers = o->workers, duration = o->duration_s;
	uint64_t high = scn_size_to_mib(o->memory_high, ctx->client_mem_mib);
	char *cmd = NULL, args[512], tag[48];
	size_t len = 0, i, used;
	FILE *f = open_memstream(&cmd, &len);

	fprintf(f, "rc=0\n: > stress-ng.yaml\n: > stress-ng.log\n");
	if (high)
		fprintf(f, "cg=/sys/fs/cgroup/swaplab-stress-ng\n"
			"echo +memory > /sys/fs/cgroup/cgroup.subtree_control; rmdir $cg 2>/dev/null\n"
			"mkdir $cg && echo %" PRIu64 "M > $cg/memory.high && echo $$ > $cg/cgroup.procs ||\n"
			"\t{ echo \"stress-ng: cannot make the memory cgroup $cg\" >&2; exit 4; }\n",
			high);
	for (i = 0; i < methods->n; i++) {
		snprintf(args, sizeof(args), "--vm %" PRIu64 " --vm-bytes %" PRIu64
			 "M --vm-keep --vm-method %s", workers,
			 scn_size_to_mib(o->vm_bytes, ctx->client_mem_mib) / workers,
			 methods->words[i]);
		snprintf(tag, sizeof(tag), "vm_%s", methods->words[i]);
		append_run(f, tag, args, duration);
	}
	for (i = 0, used = 0; i < others->n && used < sizeof(args); i++)
		used += snprintf(args + used, sizeof(args) - used, "%s--%s %" PRIu64,
				 i ? " " : "", others->words[i], workers);
	if (others->n)
		append_run(f, "stressors", args, duration);
	if (high)
		fprintf(f, "echo $$ > /sys/fs/cgroup/cgroup.procs && rmdir $cg\n");
	fprintf(f, "exit $rc\n");
	fclose(f);
	return cmd;
}

/* ---- its output: the YAML's rates, the log's fail: lines ---- */

struct rate_reader {
	struct stress_ng_rate *rates;
	int max, n;
	char key[64];		/* the last mapping key seen */
	bool expect_value;
};

static void scalar(struct rate_reader *r, const char *text)
{
	if (!r->expect_value) {
		snprintf(r->key, sizeof(r->key), "%s", text);
		r->expect_value = true;
		return;
	}
	r->expect_value = false;
	if (!strcmp(r->key, "stressor") && r->n < r->max) {
		snprintf(r->rates[r->n].stressor, sizeof(r->rates[r->n].stressor),
			 "%s", text);
		r->rates[r->n++].bogo_ops_per_s = 0;
	} else if (!strcmp(r->key, "bogo-ops-per-second-real-time") && r->n) {
		r->rates[r->n - 1].bogo_ops_per_s = strtod(text, NULL);
	}
}

/* Any event but a scalar ends a key/value pair. */
static bool read_event(yaml_parser_t *p, struct rate_reader *r, bool *done)
{
	yaml_event_t ev;

	if (!yaml_parser_parse(p, &ev))
		return false;
	if (ev.type == YAML_SCALAR_EVENT)
		scalar(r, (const char *)ev.data.scalar.value);
	else if (ev.type == YAML_MAPPING_START_EVENT ||
		 ev.type == YAML_MAPPING_END_EVENT)
		r->expect_value = false;
	else if (ev.type == YAML_SEQUENCE_START_EVENT)
		r->expect_value = false;
	*done = ev.type == YAML_STREAM_END_EVENT;
	yaml_event_delete(&ev);
	return true;
}

int stress_ng_rates(const char *yaml, struct stress_ng_rate *rates, int max)
{
	struct rate_reader r = { .rates = rates, .max = max };
	yaml_parser_t p;
	bool done = false, ok = true;

	if (!yaml || !yaml_parser_initialize(&p))
		return -1;
	yaml_parser_set_input_string(&p, (const unsigned char *)yaml, strlen(yaml));
	while (ok && !done)
		ok = read_event(&p, &r, &done);
	yaml_parser_delete(&p);
	return ok ? r.n : -1;
}

unsigned int stress_ng_failures(const char *log, uint64_t *bit_errors,
				char *first, size_t len)
{
	const char *p = log, *eol, *fail, *bits;
	unsigned int n = 0;
	uint64_t errs;
	int end;

	*bit_errors = 0;
	if (len)
		first[0] = '\0';
	for (; p && *p; p = eol ? eol + 1 : NULL) {
		eol = strchr(p, '\n');
		fail = strstr(p, " fail: ");
		if (!fail || (eol && fail > eol))
			continue;
		if (!n++ && len)
			snprintf(first, len, "%.*s", (int)(eol ? eol - p : (long)strlen(p)), p);
		bits = strstr(fail, "detected ");
		/* "bit errors" only: a method's own "N memory errors" line
		 * repeats the count the vm stressor then reports */
		end = 0;
		if (bits && (!eol || bits < eol) &&
		    sscanf(bits, "detected %" SCNu64 " bit error%n", &errs, &end) == 1 && end)
			*bit_errors += errs;
	}
	return n;
}

/* ---- its checks and metrics ---- */

extern const struct workload workload_stress_ng;

/*
 * stress-ng ran clean: no "fail:" line in its log, exit status 0, and a YAML
 * report with a rate for each stressor.  A stressor run with 0 bogo ops
 * finished no round (a --vm sweep over a buffer that does not fit in RAM can
 * take longer than the run), so it verified nothing: the reason says so.
 */
static void evaluate_clean(struct evidence *ev, struct check_result *res)
{
	struct workload_status *w = evidence_workload(ev, workload_stress_ng.name);
	struct stress_ng_rate rates[16];
	const char *log;
	char first[256], idle[128] = "";
	uint64_t bits;
	unsigned int fails;
	int n, i, nidle = 0;
	size_t used = 0;

	if (!w) {
		check_set(res, VERDICT_SKIP, "no stress-ng in this scenario");
		return;
	}
	log = evidence_text(ev, "stress-ng.log");
	if (!log) {
		check_set(res, VERDICT_FAIL, "stress-ng.log is missing");
		return;
	}
	fails = stress_ng_failures(log, &bits, first, sizeof(first));
	if (fails)
		check_set(res, VERDICT_FAIL, "%u fail: line(s), %" PRIu64 " bit errors; first: %s",
			  fails, bits, first);
	else if (!w->finished || w->status)
		check_set(res, VERDICT_FAIL, "stress-ng %s %d", w->finished ?
			  "exited" : "did not finish, status", w->status);
	else if ((n = stress_ng_rates(evidence_text(ev, "stress-ng.yaml"), rates, 16)) <= 0)
		check_set(res, VERDICT_FAIL, "stress-ng.yaml is missing or has no metrics");
	else {
		for (i = 0; i < n; i++) {
			if (rates[i].bogo_ops_per_s > 0)
				continue;
			nidle++;
			if (used < sizeof(idle))
				used += snprintf(idle + used, sizeof(idle) - used, "%s%s",
						 used ? ", " : "", rates[i].stressor);
		}
		if (nidle)
			check_set(res, VERDICT_PASS, "no fail: lines, exit status 0; %d of %d "
				  "stressor runs finished no round (0 bogo ops) and verified "
				  "nothing: %s", nidle, n, idle);
		else
			check_set(res, VERDICT_PASS, "no fail: lines, exit status 0");
	}
}

/* Its part of the content check: the bit errors its --verify found. */
static int verify(struct evidence *ev, uint64_t *wrong, char *summary, size_t len)
{
	char first[256];

	stress_ng_failures(evidence_text(ev, "stress-ng.log"), wrong, first, sizeof(first));
	snprintf(summary, len, "%" PRIu64 " bit errors (stress-ng)", *wrong);
	return 0;
}

static void measure_file(struct evidence *ev, const char *tag, bool per_tag,
			 struct metric_set *out)
{
	struct stress_ng_rate rates[16];
	char log[96], name[48];
	int n, i;

	snprintf(log, sizeof(log), "stress-ng-%s.yaml", tag);
	n = stress_ng_rates(evidence_text(ev, log), rates, 16);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "stressng_%.24s_bogo_ops_s",
			 per_tag ? tag : rates[i].stressor);
		metric_add(out, name, rates[i].bogo_ops_per_s, "bogo-ops/s", true);
	}
}

static void measure_bogo_ops(struct evidence *ev, struct metric_set *out)
{
	const struct scn_section *sec = scenario_section(ev->scn, workload_stress_ng.name);
	const struct stress_ng_opts *o;
	char tag[48];
	size_t i;

	if (!sec || !evidence_ran(ev, workload_stress_ng.name))
		return;
	o = sec->params.opts;
	for (i = 0; i < o->vm_methods.n; i++) {
		snprintf(tag, sizeof(tag), "vm_%s", o->vm_methods.words[i]);
		measure_file(ev, tag, true, out);
	}
	measure_file(ev, "stressors", false, out);
}

static const struct check checks[] = {
	{ .name = "stress-ng", .help = "stress-ng clean: no fail: lines, exit 0, metrics in its YAML",
	  .evaluate = evaluate_clean },
	{ }
};

/*
 * stress-ng bogo-ops per second (real time), one metric per stressor and,
 * for --vm, per method: stressng_vm_flip_bogo_ops_s, stressng_brk_bogo_ops_s.
 */
static const struct metric metrics[] = {
	{ .name = "bogo-ops", .help = "stressng_<stressor>_bogo_ops_s (stress-ng --yaml, real time)",
	  .measure = measure_bogo_ops },
	{ }
};

const struct workload workload_stress_ng = {
	.name = "stress-ng",
	.help = "stress-ng --vm --verify per method, then pageswap/bigheap/brk/stack",
	.options = options,
	.opts_size = sizeof(struct stress_ng_opts),
	.command = command,
	.stdout_log = "stress-ng.out",
	.stderr_log = "stress-ng.err",
	.default_timeout_s = 3600,	/* it stops itself; this catches a hang */
	.verify = verify,
	.checks = checks,
	.metrics = metrics,
};
