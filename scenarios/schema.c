// SPDX-License-Identifier: GPL-2.0
/*
 * The keys of the [scenario] section and those every workload and fault
 * section accepts besides its own.
 */
#include <stdio.h>
#include <string.h>

#include "lab_swap.h"
#include "registry.h"

/*
 * The swap targets a scenario may name: the lab's table (lab/lab_swap.h)
 * but for "none", filled before main() so that the option table below can
 * point at it.
 */
static const char *swap_targets[8];

__attribute__((constructor)) static void swap_targets_fill(void)
{
	const struct lab_swap_target *t;
	unsigned int i, n = 0;

	for (i = 0; (t = lab_swap_target_at(i)) && n + 1 < sizeof(swap_targets) /
		     sizeof(swap_targets[0]); i++)
		if (t->kind != LAB_SWAP_NONE)
			swap_targets[n++] = t->name;
	swap_targets[n] = NULL;
}

#define MIB (1ULL << 20)

/* expect_fail words: a registered check, '@', a known label. */
static bool expect_fail_valid(const char *word)
{
	const char *at = strchr(word, '@');
	char check[32];

	if (!at || at == word || (size_t)(at - word) >= sizeof(check))
		return false;
	snprintf(check, sizeof(check), "%.*s", (int)(at - word), word);
	return check_valid(check) && label_valid(at + 1);
}

const struct scn_option scenario_options[] = {
	{ .key = "description", .type = SCN_STRING, .def = "", .help = "what the scenario shows" },
	{ .key = "labels", .type = SCN_LIST, .def = "patched stock local",
	  .help = "what to run it on, interleaved per repetition", .valid_word = label_valid },
	{ .key = "client_mem", .type = SCN_SIZE, .def = "320M", .help = "client guest memory",
	  .min = 128 * MIB, .max = 16384 * MIB },
	{ .key = "client_cpus", .type = SCN_UINT, .def = "1", .help = "client vCPUs", .min = 1, .max = 8 },
	{ .key = "swap", .type = SCN_ENUM, .def = "nfs4.2", .help = "swap target of network labels",
	  .choices = swap_targets },
	{ .key = "swap_size", .type = SCN_SIZE, .def = "1G", .help = "size of the swap file or disk",
	  .min = 64 * MIB, .max = 65536 * MIB },
	{ .key = "repetitions", .type = SCN_UINT, .def = "3", .help = "runs per label", .min = 1, .max = 100 },
	{ .key = "checks", .type = SCN_LIST, .def = "all", .help = "checks that decide the verdict",
	  .valid_word = check_valid },
	{ .key = "metrics", .type = SCN_LIST, .def = "all", .help = "metrics to record",
	  .valid_word = metric_valid },
	{ .key = "min_swapout", .type = SCN_SIZE, .def = "64M",
	  .help = "pswpout must grow by at least this much" },
	{ .key = "min_swapin", .type = SCN_SIZE, .def = "64M",
	  .help = "pswpin must grow by at least this much" },
	{ .key = "min_nfs_write", .type = SCN_SIZE, .def = "64M",
	  .help = "NFS WRITE bytes must grow by at least this much (NFS targets)" },
	{ .key = "min_nfs_read", .type = SCN_SIZE, .def = "64M",
	  .help = "NFS READ bytes must grow by at least this much (NFS targets)" },
	{ .key = "min_smb_write", .type = SCN_SIZE, .def = "64M",
	  .help = "SMB bytes written must grow by at least this much (SMB targets)" },
	{ .key = "min_smb_read", .type = SCN_SIZE, .def = "64M",
	  .help = "SMB bytes read must grow by at least this much (SMB targets)" },
	{ .key = "oom_allowed", .type = SCN_LIST, .def = NULL,
	  .help = "processes (name prefixes) the OOM killer may kill, e.g. stress-ng" },
	{ .key = "cmdline", .type = SCN_STRING, .def = "", .help = "appended to the client kernel command line" },
	{ .key = "sample", .type = SCN_DURATION, .def = "0",
	  .help = "sample the client's vmstat, meminfo and RPC counters this often "
		  "into logs/samples.tsv (0: not)", .max = 3600 },
	{ .key = "soak", .type = SCN_DURATION, .def = "0",
	  .help = "a soak: every workload's duration is this (swaplab run --soak "
		  "replaces it), its timeout grows to match", .max = 7 * 24 * 3600 },
	{ .key = "expect_fail", .type = SCN_LIST, .def = NULL,
	  .help = "CHECK@LABEL that must fail (a fixture's bug caught); passing fails the suite",
	  .valid_word = expect_fail_valid },
	{ }
};

#define COMMON(member) SCN_FIELD(struct scn_common, member)

const struct scn_option workload_common_options[] = {
	{ .key = "concurrent", .type = SCN_BOOL, .def = "no",
	  .help = "start together with the workload before it instead of after it",
	  COMMON(concurrent) },
	{ .key = "delay", .type = SCN_DURATION, .def = "0",
	  .help = "wait this long before starting", .max = 24 * 3600, COMMON(delay_s) },
	{ .key = "timeout", .type = SCN_DURATION, .def = "0",
	  .help = "kill it and end the run with verdict error after this long "
	  "(0: the workload's default)", .max = 24 * 3600, COMMON(timeout_s) },
	{ }
};

const struct scn_option fault_common_options[] = {
	{ .key = "after", .type = SCN_STRING, .def = "swapverify",
	  .help = "inject once this workload says its pages are swapped out", COMMON(after) },
	{ .key = "delay", .type = SCN_DURATION, .def = "0",
	  .help = "then wait this long, e.g. for other workloads to fill swap",
	  .max = 24 * 3600, COMMON(delay_s) },
	{ .key = "rounds", .type = SCN_UINT, .def = "1",
	  .help = "inject this many times while that workload runs (a verifier that "
		  "rewrites pages before it reads them back misses damage done in "
		  "that gap; rounds spread over its cycle cannot all miss)",
	  .min = 1, .max = 10, COMMON(rounds) },
	{ .key = "interval", .type = SCN_DURATION, .def = "20s",
	  .help = "pause between the end of a round and the next", .max = 3600,
	  COMMON(interval_s) },
	{ }
};
