/* SPDX-License-Identifier: GPL-2.0 */
/* swapguard's command line. */
#ifndef SWAPLAB_SG_OPTIONS_H
#define SWAPLAB_SG_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

struct sg_options {
	const char *path;
	bool ordinary;		/* --on-ordinary-file: path is a directory */
	bool help;
};

enum sg_parse_result {
	SG_PARSE_OK,
	SG_PARSE_HELP,
	SG_PARSE_ERROR,		/* err holds the reason and the fix */
};

enum sg_parse_result sg_parse_options(int argc, char **argv,
				      struct sg_options *opts,
				      char *err, size_t err_len);

extern const char sg_usage[];

#endif
