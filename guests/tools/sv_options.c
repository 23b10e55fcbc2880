// SPDX-License-Identifier: GPL-2.0
/* Parse swapverify's options; every error names the option and the fix. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "sv_options.h"

const char sv_usage[] =
"usage: swapverify [OPTION]...\n"
"Fill anonymous memory with a per-page pattern, force it out to swap, read it\n"
"back sequentially and in random order, and check every page.  Prints JSON.\n"
"\n"
"  --size MIB     memory to verify, in MiB (default 64)\n"
"  --seed N       pattern seed (default: chosen per run, printed in the JSON)\n"
"  --passes N     rounds of (sequential, random) read-backs (default 1)\n"
"  --no-cgroup    force pages out with MADV_PAGEOUT only, without a cgroup v2\n"
"                 child and memory.reclaim\n"
"  --no-pageout   dry run: fill and verify without forcing anything out\n"
"  --shmem        verify shared memory instead: a memfd (shmem) file mapped\n"
"                 MAP_SHARED, whose pages swap through shmem, not as anonymous\n"
"                 pages\n"
"  --hold SEC     after the first swap-out, keep the memory swapped out for\n"
"                 SEC seconds before reading it back (stderr says\n"
"                 'swapverify: swapped out, holding' when the hold starts)\n"
"  --json FILE    also write the JSON report to FILE\n"
"  --help         show this help\n"
"\n"
"Exit status: 0 every page good, 1 some page wrong, 2 usage, 3 environment\n"
"(not enough swap, no memory, pages could not be forced out).\n";

enum {
	OPT_SIZE = 256, OPT_SEED, OPT_PASSES, OPT_NO_CGROUP, OPT_NO_PAGEOUT,
	OPT_HOLD, OPT_JSON, OPT_HELP, OPT_SHMEM,
};

static const struct option long_options[] = {
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "passes", required_argument, NULL, OPT_PASSES },
	{ "no-cgroup", no_argument, NULL, OPT_NO_CGROUP },
	{ "no-pageout", no_argument, NULL, OPT_NO_PAGEOUT },
	{ "shmem", no_argument, NULL, OPT_SHMEM },
	{ "hold", required_argument, NULL, OPT_HOLD },
	{ "json", required_argument, NULL, OPT_JSON },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

/* A whole decimal number in [min, max]; "12k", "-1", "" and "0x" are not. */
static int parse_number(const char *s, uint64_t min, uint64_t max,
			uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int parse_uint(const char *opt, const char *s, unsigned int min,
		      unsigned int max, unsigned int *out,
		      char *err, size_t err_len)
{
	uint64_t v;

	if (parse_number(s, min, max, &v)) {
		snprintf(err, err_len, "--%s '%s': expected a whole number from %u to %u",
			 opt, s, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

static int parse_one(int c, struct sv_options *o, char *err, size_t err_len)
{
	switch (c) {
	case OPT_SIZE:
		return parse_uint("size", optarg, 1, SV_MAX_SIZE_MIB,
				  &o->size_mib, err, err_len);
	case OPT_SEED:
		if (parse_number(optarg, 0, UINT64_MAX, &o->seed)) {
			snprintf(err, err_len, "--seed '%s': expected a whole number from 0 to %llu",
				 optarg, (unsigned long long)UINT64_MAX);
			return -1;
		}
		o->seed_given = true;
		return 0;
	case OPT_PASSES:
		return parse_uint("passes", optarg, 1, SV_MAX_PASSES,
				  &o->passes, err, err_len);
	case OPT_NO_CGROUP:
		o->use_cgroup = false;
		return 0;
	case OPT_NO_PAGEOUT:
		o->pageout = false;
		return 0;
	case OPT_SHMEM:
		o->shmem = true;
		return 0;
	case OPT_HOLD:
		return parse_uint("hold", optarg, 0, SV_MAX_HOLD_S,
				  &o->hold_s, err, err_len);
	case OPT_JSON:
		o->json_path = optarg;
		return 0;
	case OPT_HELP:
		o->help = true;
		return 0;
	}
	return -1;
}

static void set_defaults(struct sv_options *o)
{
	*o = (struct sv_options){
		.size_mib = 64,
		.passes = 1,
		.use_cgroup = true,
		.pageout = true,
	};
}

/* What getopt refused ('?' unknown, ':' missing argument), in our words. */
static void refused_option(int c, int argc, char **argv,
			   char *err, size_t err_len)
{
	const char *arg = optind - 1 < argc ? argv[optind - 1] : "?";

	if (c == ':')
		snprintf(err, err_len, "%s needs an argument; see --help", arg);
	else
		snprintf(err, err_len, "unknown option '%s'; see --help", arg);
}

enum sv_parse_result sv_parse_options(int argc, char **argv,
				      struct sv_options *opts,
				      char *err, size_t err_len)
{
	int c;

	set_defaults(opts);
	optind = 0;	/* glibc: start over, also in unit tests */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", long_options, NULL)) != -1) {
		if (c == '?' || c == ':') {
			refused_option(c, argc, argv, err, err_len);
			return SV_PARSE_ERROR;
		}
		if (parse_one(c, opts, err, err_len))
			return SV_PARSE_ERROR;
	}
	if (opts->help)
		return SV_PARSE_HELP;
	if (optind < argc) {
		snprintf(err, err_len, "unexpected argument '%s'", argv[optind]);
		return SV_PARSE_ERROR;
	}
	if (!opts->pageout && opts->hold_s) {
		snprintf(err, err_len, "--hold needs pages swapped out: drop --no-pageout");
		return SV_PARSE_ERROR;
	}
	return SV_PARSE_OK;
}
