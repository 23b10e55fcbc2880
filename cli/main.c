// SPDX-License-Identifier: GPL-2.0
/*
 * swaplab: the lab's one command, in the style of virsh and ip:
 * `swaplab [--prefix NAME] [--json] COMMAND [ARGS]`.  The program's top,
 * and the only place that knows every part: the lab's commands (cmd_lab.c
 * on lab/), `run` (scenarios/) and the results commands (results/).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "../common/exit_codes.h"
#include "../lab/lab_swap.h"
#include "../results/results.h"
#include "../scenarios/run.h"

/* Made by usage(): the names come from the swap targets' table. */
static char swap_summary[160];

static const struct command commands[] = {
	{ "up", cmd_up, "[--client-kernel V] [--client-mem MIB] [--swap TARGET] ...",
	  "boot the NFS server and the client, swap over NFS" },
	{ "down", cmd_down, "", "destroy the lab, leaving nothing behind" },
	{ "status", cmd_status, "", "show the lab's domains and swap" },
	{ "exec", cmd_exec, "ROLE [--timeout SEC] -- CMD [ARG...]",
	  "run a command in a guest (client or server)" },
	{ "push", cmd_push, "ROLE LOCAL GUEST_PATH [--mode OCTAL]",
	  "copy a file into a guest" },
	{ "pull", cmd_pull, "ROLE GUEST_PATH LOCAL", "copy a file out of a guest" },
	{ "sysrq", cmd_sysrq, "ROLE KEYS",
	  "send SysRq keys (e.g. wm) through the guest's keyboard" },
	{ "swap", cmd_swap, "TARGET [--size MIB]", swap_summary },
	{ "run", cmd_run, "[--reps N] [--variants LIST] SCENARIO...",
	  "run scenarios and write results/runs/<id>/" },
	{ "import", cmd_import, "[--db FILE] [RUNS_DIR]",
	  "import run directories into the results database" },
	{ "compare", cmd_compare, "[--json] [--threshold PCT] [--alpha P] A B",
	  "compare two sets of runs; exit 1 on a regression" },
	{ "report", cmd_report, "[--db FILE] [--out DIR]",
	  "write the static dashboard" },
	{ "export", cmd_export, "junit|kcidb RUN_ID [--out FILE]",
	  "export a run for CI servers or KCIDB" },
};

static void usage(FILE *f)
{
	char *targets = lab_swap_target_names(", ", " or ");
	size_t i;

	snprintf(swap_summary, sizeof(swap_summary), "switch the client's swap to %s", targets);
	free(targets);
	fprintf(f, "usage: swaplab [--prefix NAME] [--json] COMMAND [ARGS]\n\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s %s\n           %s\n", commands[i].name,
			commands[i].args, commands[i].summary);
	fprintf(f, "\n  --prefix NAME  domain name prefix (SWAPLAB_PREFIX, default swaplab)\n"
		   "  --json         machine-readable output where a command has it\n"
		   "  COMMAND --help shows a command's own options\n");
}

int main(int argc, char **argv)
{
	struct global_opts g = { .prefix = getenv("SWAPLAB_PREFIX") };
	size_t i;
	int a = 1;

	if (!g.prefix || !*g.prefix)
		g.prefix = "swaplab";
	for (; a < argc && argv[a][0] == '-'; a++) {
		if (!strcmp(argv[a], "--json")) {
			g.json = true;
		} else if (!strcmp(argv[a], "--prefix") && a + 1 < argc) {
			g.prefix = argv[++a];
		} else if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "swaplab: unknown option '%s' (see swaplab --help)\n",
				argv[a]);
			return EXIT_USAGE;
		}
	}
	if (a == argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[a], commands[i].name))
			return commands[i].fn(argc - a, argv + a, &g);
	fprintf(stderr, "swaplab: unknown command '%s' (see swaplab --help)\n", argv[a]);
	return EXIT_USAGE;
}
