// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel selftests from the same 6.12 tree (kernel/selftests.sh), run
 * against the swap under test: mm/cow and cgroup/test_memcontrol.  Their KTAP
 * is judged by the selftests check, which keeps only the swap cases, so their
 * exit status (which counts every case) is recorded, not returned.
 * They run line-buffered (stdbuf -oL): test_memcontrol forks, and with its
 * output in a file each child flushed a copy of the parent's pending lines,
 * so cases showed up two, three or four times in the KTAP.
 */
#include <stdio.h>
#include <stdlib.h>

#include "registry.h"

static const char *const programs[] = { "cow", "memcontrol", NULL };

struct selftests_opts {
	struct scn_words tests;
	struct scn_words memcontrol_cases;
};

#define OPT(member) SCN_FIELD(struct selftests_opts, member)

static const struct scn_option options[] = {
	{ .key = "tests", .type = SCN_LIST, .def = "cow memcontrol", .help = "selftest programs to run",
	  .choices = programs, OPT(tests) },
	{ .key = "memcontrol_cases", .type = SCN_LIST, .def = "test_memcg_reclaim test_memcg_swap_max_peak",
	  .help = "test_memcontrol cases the check judges", OPT(memcontrol_cases) },
	{ }
};

static void append_program(FILE *f, const char *binary, const char *log)
{
	fprintf(f, "if [ -x \"$lib/%s\" ]; then\n"
		"\tstdbuf -oL \"$lib/%s\" > %s 2>&1; echo \"# exit status $?\" >> %s\n"
		"else\n\techo \"selftests: $lib/%s is missing: run make kernel-selftests"
		" and boot the lab again\" >&2; rc=4\nfi\n",
		binary, binary, log, log, binary);
}

static char *command(const struct workload_ctx *ctx)
{
	const struct selftests_opts *o = ctx->params->opts;
	char *cmd = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&cmd, &len);

	fprintf(f, "lib=/usr/local/lib/swaplab\nrc=0\n");
	if (scn_words_have(&o->tests, "cow"))
		append_program(f, "cow", "selftest-cow.ktap");
	if (scn_words_have(&o->tests, "memcontrol"))
		append_program(f, "test_memcontrol", "selftest-memcontrol.ktap");
	fprintf(f, "exit $rc\n");
	fclose(f);
	return cmd;
}

const struct workload workload_selftests = {
	.name = "selftests",
	.help = "mm/cow and cgroup/test_memcontrol from the 6.12 tree",
	.options = options,
	.opts_size = sizeof(struct selftests_opts),
	.command = command,
	.stdout_log = "selftests.out",
	.stderr_log = "selftests.err",
	.default_timeout_s = 1800,
};
