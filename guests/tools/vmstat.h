/* SPDX-License-Identifier: GPL-2.0 */
/* The /proc/vmstat counters swapverify measures with. */
#ifndef SWAPLAB_VMSTAT_H
#define SWAPLAB_VMSTAT_H

#include <stdint.h>

struct vmstat {
	uint64_t pswpin;	/* pages read from swap */
	uint64_t pswpout;	/* pages written to swap */
	uint64_t nr_writeback;	/* pages under writeback right now */
};

/* Parse the text of /proc/vmstat; -1 if a counter is missing. */
int vmstat_parse(const char *text, struct vmstat *out);

/* Read /proc/vmstat; -1 with errno set, or -1 with errno 0 if unparsable. */
int vmstat_read(struct vmstat *out);

#endif
