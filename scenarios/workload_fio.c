// SPDX-License-Identifier: GPL-2.0
/*
 * The ceiling: fio O_DIRECT sequential writes, then reads, of a file on the
 * swap's NFS mount, one I/O the size of a swap batch (SWAP_CLUSTER_MAX pages)
 * at a time.  fio snapshots mountstats around itself so its traffic is not
 * taken for swap's.  Nothing to measure when swap is on the local disk.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"

static const struct scn_option options[] = {
	{ .key = "size", .type = SCN_SIZE, .def = "128M", .help = "file size written then read", .min = 1ULL << 20 },
	{ .key = "bs", .type = SCN_SIZE, .def = "128K", .help = "I/O size: a swap batch is 32 pages",
	  .min = 4096, .max = 64ULL << 20 },
	{ .key = "directory", .type = SCN_STRING, .def = "/mnt/swaplab", .help = "NFS directory the swap file is in" },
	{ }
};

static char *command(const struct workload_ctx *ctx)
{
	const struct scn_params *p = ctx->params;
	const char *dir = scn_text(p, "directory");
	char *cmd;

	if (!strcmp(ctx->swap_target, "local"))
		return strdup("echo 'fio: swap is on the local disk: no NFS ceiling' >&2");
	if (asprintf(&cmd,
		     "d=%s\n"
		     "case $(stat -f -c %%T \"$d\") in nfs*) ;; *)\n"
		     "\techo \"fio: $d is not on NFS\" >&2; exit 1 ;;\nesac\n"
		     "cat /proc/self/mountstats > fio-mountstats-before.txt\n"
		     "fio --output-format=json --output=fio.json --filename=\"$d/fio-ceiling.dat\""
		     " --size=%" PRIu64 " --bs=%" PRIu64 " --direct=1 --ioengine=psync"
		     " --name=write --rw=write --name=read --stonewall --rw=read\n"
		     "rc=$?\n"
		     "cat /proc/self/mountstats > fio-mountstats-after.txt\n"
		     "rm -f \"$d/fio-ceiling.dat\"\nexit $rc\n",
		     dir, scn_num(p, "size"), scn_num(p, "bs")) < 0)
		return NULL;
	return cmd;
}

const struct workload workload_fio = {
	.name = "fio",
	.help = "the NFS ceiling: fio O_DIRECT writes and reads with a swap batch's I/O size",
	.options = options,
	.command = command,
	.stdout_log = "fio.out",
	.stderr_log = "fio.err",
	.default_timeout_s = 900,
};
