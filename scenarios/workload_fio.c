// SPDX-License-Identifier: GPL-2.0
/*
 * The ceiling: fio O_DIRECT sequential writes, then reads, of a file on the
 * swap's NFS mount (or SMB share), one I/O the size of a swap batch
 * (SWAP_CLUSTER_MAX pages) at a time.  fio snapshots mountstats and
 * /proc/fs/cifs/Stats around itself so its traffic is not taken for swap's.
 * Nothing to measure when swap is on the local disk.  The ceiling metric is
 * the bandwidth in its JSON output: the best the network path can do.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "lab_swap.h"
#include "logparse.h"
#include "registry.h"

struct fio_opts {
	struct scn_size size;
	struct scn_size bs;
	const char *directory;
};

#define OPT(member) SCN_FIELD(struct fio_opts, member)

static const struct scn_option options[] = {
	{ .key = "size", .type = SCN_SIZE, .def = "128M", .help = "file size written then read", .min = 1ULL << 20,
	  OPT(size) },
	{ .key = "bs", .type = SCN_SIZE, .def = "128K", .help = "I/O size: a swap batch is 32 pages",
	  .min = 4096, .max = 64ULL << 20, OPT(bs) },
	{ .key = "directory", .type = SCN_STRING, .def = "/mnt/swaplab", .help = "NFS or SMB directory the swap file is in",
	  OPT(directory) },
	{ }
};

/*
 * The command passes bytes: a "2x" would reach fio as --size=0, and an I/O
 * larger than the file is no ceiling.  Both are parse errors instead.
 */
static const char *validate(const void *opts, uint64_t client_mem_mib, char *why, size_t len)
{
	const struct fio_opts *o = opts;

	if (o->size.ram_factor > 0 || o->bs.ram_factor > 0) {
		snprintf(why, len, "%s must be a size such as 32M, not a multiple of client_mem",
			 o->size.ram_factor > 0 ? "size" : "bs");
		return o->size.ram_factor > 0 ? "size" : "bs";
	}
	if (o->bs.bytes > o->size.bytes) {
		snprintf(why, len, "bs = %" PRIu64 " is larger than size = %" PRIu64 " bytes",
			 o->bs.bytes, o->size.bytes);
		return "bs";
	}
	return NULL;
}

static char *command(const struct workload_ctx *ctx)
{
	const struct fio_opts *o = ctx->params->opts;
	char *cmd;

	const struct lab_swap_target *t = lab_swap_target_find(ctx->swap_target);

	if (t && !lab_swap_target_is_network(t))
		return strdup("echo 'fio: swap is on the local disk: no NFS ceiling' >&2");
	if (asprintf(&cmd,
		     "d=%s\n"
		     "case $(stat -f -c %%T \"$d\") in nfs*|cifs|smb2) ;; *)\n"
		     "\techo \"fio: $d is not on NFS or SMB\" >&2; exit 1 ;;\nesac\n"
		     "cat /proc/self/mountstats > fio-mountstats-before.txt\n"
		     "cat /proc/fs/cifs/Stats > fio-cifs-stats-before.txt 2>/dev/null\n"
		     "fio --output-format=json --output=fio.json --filename=\"$d/fio-ceiling.dat\""
		     " --size=%" PRIu64 " --bs=%" PRIu64 " --direct=1 --ioengine=psync"
		     " --name=write --rw=write --name=read --stonewall --rw=read\n"
		     "rc=$?\n"
		     "cat /proc/self/mountstats > fio-mountstats-after.txt\n"
		     "cat /proc/fs/cifs/Stats > fio-cifs-stats-after.txt 2>/dev/null\n"
		     "rm -f \"$d/fio-ceiling.dat\"\nexit $rc\n",
		     o->directory, o->size.bytes, o->bs.bytes) < 0)
		return NULL;
	return cmd;
}

/* ---- its output: "jobs"[i]."write"|"read"."bw" in KiB/s ---- */

static double job_bandwidth(json_object *job, const char *dir)
{
	json_object *side, *bw;

	if (!json_object_object_get_ex(job, dir, &side) ||
	    !json_object_object_get_ex(side, "bw", &bw))
		return 0;
	return json_object_get_double(bw);
}

bool fio_bandwidth_mibps(const char *json, const char *dir, double *mibps)
{
	json_object *root = json ? json_tokener_parse(json) : NULL, *jobs;
	bool found = false;
	size_t i;
	double kib;

	if (root && json_object_object_get_ex(root, "jobs", &jobs) &&
	    json_object_is_type(jobs, json_type_array)) {
		for (i = 0; i < json_object_array_length(jobs) && !found; i++) {
			kib = job_bandwidth(json_object_array_get_idx(jobs, i), dir);
			if (kib > 0) {
				*mibps = kib / 1024.0;
				found = true;
			}
		}
	}
	json_object_put(root);
	return found;
}

static void measure_ceiling(struct evidence *ev, struct metric_set *out)
{
	const char *json = evidence_text(ev, "fio.json");
	double mibps;

	if (!evidence_ran(ev, "fio"))
		return;
	if (fio_bandwidth_mibps(json, "write", &mibps))
		metric_add(out, "ceiling_write_mibps", mibps, "MiB/s", true);
	if (fio_bandwidth_mibps(json, "read", &mibps))
		metric_add(out, "ceiling_read_mibps", mibps, "MiB/s", true);
}

static const struct metric metrics[] = {
	{ .name = "ceiling", .help = "ceiling_write_mibps, ceiling_read_mibps (fio O_DIRECT on the NFS mount)",
	  .measure = measure_ceiling },
	{ }
};

const struct workload workload_fio = {
	.name = "fio",
	.help = "the NFS ceiling: fio O_DIRECT writes and reads with a swap batch's I/O size",
	.options = options,
	.opts_size = sizeof(struct fio_opts),
	.validate = validate,
	.command = command,
	.stdout_log = "fio.out",
	.stderr_log = "fio.err",
	.default_timeout_s = 900,
	.metrics = metrics,
};
