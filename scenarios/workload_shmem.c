// SPDX-License-Identifier: GPL-2.0
/*
 * shmem: swapverify --shmem (guests/tools) fills a memfd mapped MAP_SHARED
 * with swapverify's per-page pattern, forces it out (MADV_PAGEOUT, then
 * memory.reclaim in a cgroup of its own), reads every page back and checks
 * it.  Shared memory swaps through shmem_writepage() and
 * shmem_swapin_folio(), not the anonymous path the swapverify workload
 * covers.  Its report is swapverify's JSON (swapverify_output.c); its bad
 * pages count in the content check, its speeds and latencies are metrics of
 * their own (shmem_*), so a scenario can run both verifiers.
 */
#include <inttypes.h>
#include <stdio.h>

#include "logparse.h"
#include "registry.h"

struct shmem_opts {
	struct scn_size size;
	uint64_t passes;
	uint64_t seed;		/* 0: swapverify picks one */
	uint64_t hold_s;
	bool cgroup;
};

#define OPT(member) SCN_FIELD(struct shmem_opts, member)

static const struct scn_option options[] = {
	{ .key = "size", .type = SCN_SIZE, .def = "0.25x",
	  .help = "shared memory (a memfd) to fill, force out and verify", .min = 1ULL << 20, OPT(size) },
	{ .key = "passes", .type = SCN_UINT, .def = "1", .help = "read-back passes (each sequential + random)",
	  .min = 1, .max = 100, OPT(passes) },
	{ .key = "seed", .type = SCN_UINT, .def = NULL, .help = "pattern seed (default: picked and reported)",
	  OPT(seed) },
	{ .key = "hold", .type = SCN_DURATION, .def = "0",
	  .help = "keep the pages swapped out this long before reading back (for faults)", OPT(hold_s) },
	{ .key = "cgroup", .type = SCN_BOOL, .def = "yes", .help = "also force pages out with memory.reclaim",
	  OPT(cgroup) },
	{ }
};

static char *command(const struct workload_ctx *ctx)
{
	const struct shmem_opts *o = ctx->params->opts;
	char *cmd = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&cmd, &len);

	fprintf(f, "exec swapverify --shmem --size %" PRIu64 " --passes %" PRIu64,
		scn_size_to_mib(o->size, ctx->client_mem_mib), o->passes);
	if (o->seed)
		fprintf(f, " --seed %" PRIu64, o->seed);
	if (o->hold_s)
		fprintf(f, " --hold %" PRIu64, o->hold_s);
	if (!o->cgroup)
		fprintf(f, " --no-cgroup");
	fclose(f);
	return cmd;
}

extern const struct workload workload_shmem;

static int verify(struct evidence *ev, uint64_t *wrong, char *summary, size_t len)
{
	return swapverify_judge(ev, &workload_shmem, wrong, summary, len);
}

static void measure(struct evidence *ev, struct metric_set *out)
{
	struct swapverify_report sv;

	if (!swapverify_report_of(ev, &workload_shmem, &sv))
		return;
	metric_add(out, "shmem_swapout_mibps", sv.swapout_mibps, "MiB/s", true);
	metric_add(out, "shmem_swapin_mibps", sv.swapin_mibps, "MiB/s", true);
	metric_add(out, "shmem_fault_p50_us", sv.fault_p50_us, "us", false);
	metric_add(out, "shmem_fault_p99_us", sv.fault_p99_us, "us", false);
	metric_add(out, "shmem_fault_max_us", sv.fault_max_us, "us", false);
}

static const struct metric metrics[] = {
	{ .name = "shmem-swap", .help = "shmem_swapout_mibps, shmem_swapin_mibps, shmem_fault_{p50,p99,max}_us",
	  .measure = measure },
	{ }
};

const struct workload workload_shmem = {
	.name = "shmem",
	.help = "fill, force out and verify shared memory (memfd, MAP_SHARED) page by page",
	.options = options,
	.opts_size = sizeof(struct shmem_opts),
	.command = command,
	.stdout_log = "shmem.json",
	.stderr_log = "shmem.err",
	.ready_text = "swapped out, holding",
	.default_timeout_s = 1800,
	.verify = verify,
	.metrics = metrics,
};
