// SPDX-License-Identifier: GPL-2.0
/*
 * swapverify (guests/tools): fills anonymous memory with a per-page pattern
 * of (seed, page index), forces it out, reads it back sequentially and in
 * random order, and reports bad pages, swap speed and fault latency as JSON
 * (read by swapverify_output.c, which the shmem workload shares).
 */
#include <inttypes.h>
#include <stdio.h>

#include "logparse.h"
#include "registry.h"

struct swapverify_opts {
	struct scn_size size;
	uint64_t passes;
	uint64_t seed;		/* 0: swapverify picks one */
	uint64_t hold_s;
	bool cgroup;
};

#define OPT(member) SCN_FIELD(struct swapverify_opts, member)

static const struct scn_option options[] = {
	{ .key = "size", .type = SCN_SIZE, .def = "1.5x", .help = "anonymous memory to fill (2x: twice client_mem)",
	  .min = 1ULL << 20, OPT(size) },
	{ .key = "passes", .type = SCN_UINT, .def = "1", .help = "read-back passes (each sequential + random)",
	  .min = 1, .max = 100, OPT(passes) },
	{ .key = "seed", .type = SCN_UINT, .def = NULL,
	  .help = "pattern seed (default: swapverify picks one and reports it)", OPT(seed) },
	{ .key = "hold", .type = SCN_DURATION, .def = "0",
	  .help = "keep the pages swapped out this long before reading back (for faults)", OPT(hold_s) },
	{ .key = "cgroup", .type = SCN_BOOL, .def = "yes", .help = "also force pages out with memory.reclaim",
	  OPT(cgroup) },
	{ }
};

static char *command(const struct workload_ctx *ctx)
{
	const struct swapverify_opts *o = ctx->params->opts;
	char hold[32] = "", seed[32] = "";
	char *cmd;

	if (o->hold_s)
		snprintf(hold, sizeof(hold), " --hold %" PRIu64, o->hold_s);
	if (o->seed)
		snprintf(seed, sizeof(seed), " --seed %" PRIu64, o->seed);
	if (asprintf(&cmd, "exec swapverify --size %" PRIu64 " --passes %" PRIu64
		     "%s%s%s", scn_size_to_mib(o->size, ctx->client_mem_mib),
		     o->passes, seed, hold, o->cgroup ? "" : " --no-cgroup") < 0)
		return NULL;
	return cmd;
}

extern const struct workload workload_swapverify;

static int verify(struct evidence *ev, uint64_t *wrong, char *summary, size_t len)
{
	return swapverify_judge(ev, &workload_swapverify, wrong, summary, len);
}

/* Swap-out and swap-in speed as swapverify measured them. */
static void measure_speed(struct evidence *ev, struct metric_set *out)
{
	struct swapverify_report sv;

	if (!swapverify_report_of(ev, &workload_swapverify, &sv))
		return;
	metric_add(out, "swapout_mibps", sv.swapout_mibps, "MiB/s", true);
	metric_add(out, "swapin_mibps", sv.swapin_mibps, "MiB/s", true);
}

/* Latency of a swap-in fault: p50, p99 and max as swapverify timed them. */
static void measure_latency(struct evidence *ev, struct metric_set *out)
{
	struct swapverify_report sv;

	if (!swapverify_report_of(ev, &workload_swapverify, &sv))
		return;
	metric_add(out, "fault_p50_us", sv.fault_p50_us, "us", false);
	metric_add(out, "fault_p99_us", sv.fault_p99_us, "us", false);
	metric_add(out, "fault_max_us", sv.fault_max_us, "us", false);
}

static const struct metric metrics[] = {
	{ .name = "swap-speed", .help = "swapout_mibps, swapin_mibps (swapverify)",
	  .measure = measure_speed },
	{ .name = "fault-latency", .help = "fault_p50_us, fault_p99_us, fault_max_us (swapverify)",
	  .measure = measure_latency },
	{ }
};

const struct workload workload_swapverify = {
	.name = "swapverify",
	.help = "fill, force out and verify anonymous memory page by page",
	.options = options,
	.opts_size = sizeof(struct swapverify_opts),
	.command = command,
	.stdout_log = "swapverify.json",
	.stderr_log = "swapverify.err",
	.ready_text = "swapped out, holding",
	.default_timeout_s = 1800,
	.verify = verify,
	.metrics = metrics,
};
