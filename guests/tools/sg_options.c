// SPDX-License-Identifier: GPL-2.0
/* Parse swapguard's options; every error names the fix. */
#include <getopt.h>
#include <stdio.h>

#include "sg_options.h"

const char sg_usage[] =
"usage: swapguard SWAPFILE\n"
"       swapguard --on-ordinary-file DIR\n"
"Try every way user space can write into a file and print TAP, one line per\n"
"write path with the error seen.\n"
"\n"
"  SWAPFILE            an active swap file (listed in /proc/swaps): every\n"
"                      write must be refused (ETXTBSY; SIGBUS for a store\n"
"                      through a mapping made writable later).  Nothing is\n"
"                      changed even on a kernel that lets a write through:\n"
"                      writes put back the bytes already there, truncation\n"
"                      keeps the size, and size and header are checked after.\n"
"  --on-ordinary-file DIR\n"
"                      self-test: create a scratch file in DIR, where every\n"
"                      write must succeed and land (proof that the probes\n"
"                      really write); the file is removed afterwards\n"
"  --help              show this help\n"
"\n"
"Exit status: 0 every path behaved as expected, 1 some did not, 2 usage\n"
"(bad option, SWAPFILE not active swap, DIR not a directory), 3 environment.\n";

enum { OPT_ORDINARY = 256, OPT_HELP };

static const struct option long_options[] = {
	{ "on-ordinary-file", no_argument, NULL, OPT_ORDINARY },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

enum sg_parse_result sg_parse_options(int argc, char **argv,
				      struct sg_options *opts,
				      char *err, size_t err_len)
{
	int c;

	*opts = (struct sg_options){ 0 };
	optind = 0;	/* glibc: start over, also in unit tests */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", long_options, NULL)) != -1) {
		switch (c) {
		case OPT_ORDINARY:
			opts->ordinary = true;
			break;
		case OPT_HELP:
			opts->help = true;
			break;
		default:
			snprintf(err, err_len, "unknown option '%s'; see --help",
				 argv[optind - 1]);
			return SG_PARSE_ERROR;
		}
	}
	if (opts->help)
		return SG_PARSE_HELP;
	if (optind >= argc) {
		snprintf(err, err_len, "missing %s; see --help",
			 opts->ordinary ? "DIR" : "SWAPFILE");
		return SG_PARSE_ERROR;
	}
	if (optind + 1 < argc) {
		snprintf(err, err_len, "unexpected argument '%s': give one path",
			 argv[optind + 1]);
		return SG_PARSE_ERROR;
	}
	opts->path = argv[optind];
	return SG_PARSE_OK;
}
