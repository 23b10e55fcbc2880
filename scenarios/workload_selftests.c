// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel selftests from the same 6.12 tree (kernel/selftests.sh), run
 * against the swap under test: mm/cow and cgroup/test_memcontrol.  Their KTAP
 * is judged by the selftests check, which keeps only the swap cases, so their
 * exit status (which counts every case) is recorded, not returned.
 * They run line-buffered (stdbuf -oL): test_memcontrol forks, and with its
 * output in a file each child flushed a copy of the parent's pending lines,
 * so cases showed up two, three or four times in the KTAP.
 *
 * Two checks, apart so that a known failure of one does not hide the other:
 * mm/cow's swapped-out cases ("selftests") and the named test_memcontrol
 * cases ("memcg-selftests").  Each must have passed at least once and failed
 * never.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logparse.h"
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

/* ---- its checks ---- */

extern const struct workload workload_selftests;

/* cow announces each case with "# [RUN] ... with swapped-out ..." first. */
static bool swapped_case(const char *desc, const char *context, void *arg)
{
	return strstr(context, "swapped") != NULL;
}

static bool named_case(const char *desc, const char *context, void *arg)
{
	const struct scn_words *names = arg;
	size_t i, len;

	for (i = 0; i < names->n; i++) {
		len = strlen(names->words[i]);
		if (!strncmp(desc, names->words[i], len) &&
		    (!desc[len] || desc[len] == ' '))
			return true;
	}
	return false;
}

static bool judge(struct evidence *ev, const char *log, ktap_filter keep,
		  void *arg, char *summary, size_t len)
{
	const char *text = evidence_text(ev, log);
	struct ktap_counts c;

	if (!text) {
		snprintf(summary, len, "%s missing", log);
		return false;
	}
	ktap_count(text, keep, arg, &c);
	snprintf(summary, len, "%s %u pass %u fail %u skip%s%s", log, c.pass, c.fail,
		 c.skip, c.fail ? ": " : "", c.failed);
	return c.pass && !c.fail;
}

/* The ktap of @test judged if the scenario's [selftests] ran it. */
static void evaluate_one(struct evidence *ev, struct check_result *res, const char *test,
			 const char *log, ktap_filter keep, bool named_cases)
{
	const struct scn_section *sec = scenario_section(ev->scn, workload_selftests.name);
	const struct selftests_opts *o = sec ? sec->params.opts : NULL;
	char summary[400] = "";
	bool ok;

	if (!sec || !evidence_ran(ev, workload_selftests.name) ||
	    !scn_words_have(&o->tests, test)) {
		check_set(res, VERDICT_SKIP, "no %s selftest in this scenario", test);
		return;
	}
	ok = judge(ev, log, keep, named_cases ? (void *)&o->memcontrol_cases : NULL,
		   summary, sizeof(summary));
	check_set(res, ok ? VERDICT_PASS : VERDICT_FAIL, "%s", summary);
}

static void evaluate_cow(struct evidence *ev, struct check_result *res)
{
	evaluate_one(ev, res, "cow", "selftest-cow.ktap", swapped_case, false);
}

static void evaluate_memcg(struct evidence *ev, struct check_result *res)
{
	evaluate_one(ev, res, "memcontrol", "selftest-memcontrol.ktap", named_case, true);
}

static const struct check checks[] = {
	{ .name = "selftests", .help = "mm/cow's swapped-out cases pass", .evaluate = evaluate_cow },
	{ .name = "memcg-selftests", .help = "the named test_memcontrol swap cases pass",
	  .evaluate = evaluate_memcg },
	{ }
};

const struct workload workload_selftests = {
	.name = "selftests",
	.help = "mm/cow and cgroup/test_memcontrol from the 6.12 tree",
	.options = options,
	.opts_size = sizeof(struct selftests_opts),
	.command = command,
	.stdout_log = "selftests.out",
	.stderr_log = "selftests.err",
	.default_timeout_s = 1800,
	.checks = checks,
};
