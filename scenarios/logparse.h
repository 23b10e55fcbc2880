/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Readers of the text a run keeps: /proc/vmstat, /proc/self/mountstats,
 * /proc/fs/cifs/Stats, kernel logs, KTAP, and the workloads' outputs (each
 * defined in its workload's file, swapverify's report in
 * swapverify_output.c).  Pure
 * functions on strings, so the unit tests feed them captured logs.
 */
#ifndef SWAPLAB_LOGPARSE_H
#define SWAPLAB_LOGPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A /proc/vmstat counter; false if absent. */
bool vmstat_get(const char *text, const char *key, uint64_t *value);
/* after - before of a counter; false if either is absent. */
bool vmstat_delta(const char *before, const char *after, const char *key,
		  uint64_t *delta);

/* One per-op line of the first NFS mount in /proc/self/mountstats. */
struct nfs_op_stats {
	uint64_t ops, trans, timeouts, bytes_sent, bytes_recv;
};
bool mountstats_op(const char *text, const char *op, struct nfs_op_stats *st);
/* Sum over every op of the first NFS mount (for retransmissions). */
bool mountstats_total(const char *text, struct nfs_op_stats *st);
void nfs_op_delta(const struct nfs_op_stats *before,
		  const struct nfs_op_stats *after, struct nfs_op_stats *d);

/* One share's counters in /proc/fs/cifs/Stats (SMB 2 and 3, cifs_stats.c). */
struct smb_share_stats {
	char share[256];		/* "\\10.77.0.1\swaplab" */
	uint64_t reads, reads_failed, writes, writes_failed;	/* requests */
	uint64_t bytes_read, bytes_written;			/* payload */
};
/* The first share's; false if there is none or its counters are missing. */
bool cifs_stats_share(const char *text, struct smb_share_stats *st);
void smb_share_delta(const struct smb_share_stats *before,
		     const struct smb_share_stats *after, struct smb_share_stats *d);

/*
 * Lines of a kernel log that mean trouble: BUG, WARNING, Oops, lockdep,
 * hung tasks, swap I/O errors, OOM kills of processes not in @oom_allowed
 * (name prefixes).  Returns how many; the first is copied to @first.
 */
unsigned int kernel_log_scan(const char *text, char *const *oom_allowed,
			     size_t nallowed, char *first, size_t len);

/* KTAP / TAP results, optionally only those a filter keeps. */
struct ktap_counts {
	unsigned int pass, fail, skip;
	char failed[256];	/* descriptions of the first failures */
};
/* @context is the last "# [RUN] ..." line before the result, or "". */
typedef bool (*ktap_filter)(const char *desc, const char *context, void *arg);
void ktap_count(const char *text, ktap_filter keep, void *arg,
		struct ktap_counts *c);

/* stress-ng --yaml (workload_stress_ng.c): bogo-ops/s (real time) per
 * stressor, in order. */
struct stress_ng_rate {
	char stressor[32];
	double bogo_ops_per_s;
};
/* Returns the number found (at most @max), or -1 if the YAML is broken. */
int stress_ng_rates(const char *yaml, struct stress_ng_rate *rates, int max);
/* "fail:" lines of a stress-ng log and the bit errors they report. */
unsigned int stress_ng_failures(const char *log, uint64_t *bit_errors,
				char *first, size_t len);

/* swapverify's JSON report (swapverify_output.c). */
struct swapverify_report {
	double swapout_mibps, swapin_mibps;
	double fault_p50_us, fault_p99_us, fault_max_us;
	uint64_t bad_pages;
	char first_bad[160];	/* where the first bad pages were */
	char error[160];	/* why it could not verify; "" if it could */
};
/* 0, or -1 when the text is not a swapverify report. */
int swapverify_read(const char *json, struct swapverify_report *r);

/* fio --output-format=json (workload_fio.c): bandwidth of the first job
 * doing @dir. */
bool fio_bandwidth_mibps(const char *json, const char *dir, double *mibps);

#endif
