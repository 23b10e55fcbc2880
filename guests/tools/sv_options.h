/* SPDX-License-Identifier: GPL-2.0 */
/* swapverify's command line. */
#ifndef SWAPLAB_SV_OPTIONS_H
#define SWAPLAB_SV_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SV_MAX_SIZE_MIB (1U << 20)	/* 1 TiB: beyond it, a typo */
#define SV_MAX_PASSES 1000U
#define SV_MAX_HOLD_S 86400U

struct sv_options {
	unsigned int size_mib;
	uint64_t seed;
	bool seed_given;	/* else the caller picks one per run */
	unsigned int passes;
	bool use_cgroup;
	bool pageout;		/* false: dry run, verify without swapping */
	bool shmem;		/* a memfd mapped shared, not anonymous memory */
	unsigned int hold_s;
	const char *json_path;
	bool help;
};

enum sv_parse_result {
	SV_PARSE_OK,
	SV_PARSE_HELP,
	SV_PARSE_ERROR,		/* err holds the reason and the fix */
};

enum sv_parse_result sv_parse_options(int argc, char **argv,
				      struct sv_options *opts,
				      char *err, size_t err_len);

/* The --help text. */
extern const char sv_usage[];

#endif
