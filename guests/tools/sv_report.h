/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What swapverify measured and found, and its JSON form.  The lab keeps it as
 * logs/swapverify.json of a run; scenarios read swapout_mibps, swapin_mibps,
 * fault_us and bad_pages from it.
 */
#ifndef SWAPLAB_SV_REPORT_H
#define SWAPLAB_SV_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "latency.h"
#include "pattern.h"

#define SV_BAD_LISTED 8		/* bad pages described one by one */
#define SV_MAX_NOTES 4
#define SV_NOTE_LEN 256

struct sv_swapout {
	bool done;		/* false in a dry run (--no-pageout) */
	double seconds;		/* pageout requests until writeback drained */
	uint64_t pswpout;	/* pages written to swap meanwhile */
	uint64_t resident_after; /* pages still in memory (e.g. swap cache) */
	unsigned int rounds;	/* pageout requests it took */
};

struct sv_cycle {
	unsigned int pass;
	const char *order;	/* "sequential" or "random" */
	uint64_t generation;
	struct sv_swapout out;
	double readback_s;	/* wall time of the read-back */
	double verify_s;	/* the part of it spent checking patterns */
	uint64_t pswpin;	/* pages read from swap meanwhile */
	uint64_t major_faults;
	struct latency_summary faults;	/* first touch of each page */
	uint64_t bad_pages;
};

struct sv_bad_page {
	unsigned int pass;
	const char *order;
	uint64_t page;
	struct pattern_fault fault;
};

struct sv_report {
	uint64_t seed;
	unsigned int size_mib;
	size_t page_size;
	size_t pages;
	unsigned int passes;
	unsigned int hold_s;
	const char *pageout;	/* "madvise+memory.reclaim", "madvise", "none" */
	const char *memory;	/* "anonymous" or "shmem" (memfd, MAP_SHARED) */
	const char *cgroup;	/* the child cgroup used, or NULL */
	char notes[SV_MAX_NOTES][SV_NOTE_LEN];	/* fallbacks, said plainly */
	size_t n_notes;
	struct sv_cycle *cycles;
	size_t n_cycles;
	struct latency_summary faults;	/* over every cycle */
	uint64_t bad_pages;
	struct sv_bad_page bad[SV_BAD_LISTED];
	size_t n_bad;
	const char *error;	/* set when the environment stopped the run */
};

/* Add a note (printf-style); notes past SV_MAX_NOTES are dropped. */
void sv_report_note(struct sv_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Count a bad page, and describe it if fewer than SV_BAD_LISTED are. */
void sv_report_bad_page(struct sv_report *r, struct sv_cycle *c,
			uint64_t page, const struct pattern_fault *fault);

/* pages of page_size bytes in seconds, as MiB/s (0 if nothing was timed). */
double sv_mibps(uint64_t pages, size_t page_size, double seconds);

/* The whole report; the caller puts it. */
json_object *sv_report_json(const struct sv_report *r);

#endif
