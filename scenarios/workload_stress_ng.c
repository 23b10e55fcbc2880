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
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

const struct workload workload_stress_ng = {
	.name = "stress-ng",
	.help = "stress-ng --vm --verify per method, then pageswap/bigheap/brk/stack",
	.options = options,
	.opts_size = sizeof(struct stress_ng_opts),
	.command = command,
	.stdout_log = "stress-ng.out",
	.stderr_log = "stress-ng.err",
	.default_timeout_s = 3600,	/* it stops itself; this catches a hang */
};
