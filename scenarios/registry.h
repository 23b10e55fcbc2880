/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a scenario can name: workloads, faults, checks, metrics and labels.
 * Like stress-ng's stressors, each is one descriptor in its own file, listed
 * on one line of an X-macro list (workload_list.h, fault_list.h,
 * check_list.h, metric_list.h; labels.c holds its few small ones), so adding
 * one touches one new file and one line.
 *
 * A workload's descriptor is all of it: its options (a typed struct filled
 * through an offsetof table), its command, and the checks and metrics that
 * read its output.  check_list.h and metric_list.h hold those that judge the
 * whole run (swap and NFS traffic, kernel logs, faults).
 *
 * Checks and metrics work on text only (the evidence: the logs a run kept),
 * so they are unit-tested on captured logs without a lab.
 */
#ifndef SWAPLAB_REGISTRY_H
#define SWAPLAB_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "scenario.h"

/* ---- labels: what a run of a scenario is compared by ---- */

struct label {
	const char *name;
	const char *client_kernel;	/* stock | patched | debug */
	const char *swap_target;	/* NULL: the scenario's */
	const char *help;
};

extern const struct label *const labels[];
bool label_valid(const char *name);

/* ---- the lists: one generic lookup by name ---- */

/* The entry of a NULL-ended table of descriptors whose name (a const char *
 * at @name_offset in each) is @name, or NULL. */
const void *registry_find(const void *const *table, size_t name_offset,
			  const char *name);
#define REGISTRY_FIND(table, key) \
	((__typeof__(&**(table)))registry_find((const void *const *)(table), \
		offsetof(__typeof__(**(table)), name), (key)))


/* ---- workloads: programs run in the client ---- */

struct workload_ctx {
	const struct scn_params *params;	/* the section; ->opts: typed */
	const char *dir;			/* guest directory for outputs */
	const char *swap_target;		/* of this run */
	unsigned int client_mem_mib;
};

struct evidence;
struct check;
struct metric;

struct workload {
	const char *name;
	const char *help;
	/* Its keys, each with the offset of its field in a struct of
	 * opts_size bytes: params.opts of its section. */
	const struct scn_option *options;
	size_t opts_size;
	/* Options that do not fit together: the key to blame and why (both
	 * for a parse error naming file:line:key), or NULL.  Optional. */
	const char *(*validate)(const void *opts, uint64_t client_mem_mib,
				char *why, size_t len);
	/* The shell command, run by /bin/sh in the client (malloc'ed). */
	char *(*command)(const struct workload_ctx *ctx);
	/* Names of its stdout and stderr under logs/; every other file it
	 * writes in ctx->dir is kept there too. */
	const char *stdout_log;
	const char *stderr_log;
	/* Printed on stderr once its pages are swapped out (for faults). */
	const char *ready_text;
	unsigned int default_timeout_s;
	/*
	 * A verifier (stress-ng's "verify" flag): what it found wrong, for the
	 * content check.  0 with *wrong and a summary such as "0 bad pages
	 * (swapverify)", or -1 with why it cannot tell in @summary.
	 */
	int (*verify)(struct evidence *ev, uint64_t *wrong, char *summary, size_t len);
	/* Checks and metrics of its own output; an entry without a name ends
	 * each.  Both optional. */
	const struct check *checks;
	const struct metric *metrics;
};

extern const struct workload *const workloads[];

/*
 * For the workloads that run swapverify (swapverify, shmem): its report in
 * @wl's stdout log, if @wl ran and the report verified (swapverify_output.c);
 * and the content check's part, "N bad pages (NAME, first: ...)".
 */
struct swapverify_report;
bool swapverify_report_of(struct evidence *ev, const struct workload *wl,
			  struct swapverify_report *sv);
int swapverify_judge(struct evidence *ev, const struct workload *wl,
		     uint64_t *wrong, char *summary, size_t len);

/* ---- faults: injected while the workloads run ---- */

enum guest_role { GUEST_CLIENT, GUEST_SERVER };
/* What a fault can do to a guest's domain, through libvirt. */
enum fault_power { FAULT_RESET, FAULT_SUSPEND, FAULT_RESUME };

struct fault_ctx {
	const struct scn_params *params;
	const void *opts;		/* its options, typed: params->opts */
	FILE *log;			/* what was done, kept in logs/ */
	/* Runs a shell script in a guest: 0 with its stdout, or -1 and why. */
	int (*sh)(void *runner, enum guest_role role, const char *script,
		  char *out, size_t outlen, char *why, size_t len);
	/* Resets, suspends or resumes a guest's domain: 0, or -1 and why. */
	int (*power)(void *runner, enum guest_role role, enum fault_power op,
		     char *why, size_t len);
	/* Until the guest's agent answers again (after a reset), or timeout_s. */
	int (*wait_agent)(void *runner, enum guest_role role, unsigned timeout_s,
			  char *why, size_t len);
	void *runner;
	char armed[64];			/* what arm() noted when the trigger came */
	unsigned round;			/* 1, then 2... with rounds > 1 */
};

struct fault {
	const char *name;
	const char *help;
	/* Its keys, each with the offset of its field in a struct of
	 * opts_size bytes; the common ones ("after"...) are in scn_common. */
	const struct scn_option *options;
	size_t opts_size;
	/* When the workload says it is ready (before any delay): optional. */
	int (*arm)(struct fault_ctx *ctx, char *why, size_t len);
	/* 0, or -1 with a reason in @why. */
	int (*inject)(const struct fault_ctx *ctx, char *why, size_t len);
};

extern const struct fault *const faults[];
extern const struct scn_option fault_common_options[];

/*
 * For faults that take the server (or its nfsd) away: completed READ and
 * WRITE RPCs on the client's NFS mount, and, from @t_end (when the fault's
 * action ended, lab-free monotonic seconds of fault_now()), the seconds
 * until one more completes: swap I/O flowing again.  Writes "recovery_s = S"
 * (or "recovery_s = none") and "recovery_bound_s = B" to the fault's log,
 * for the recovery check and metric.  0, or -1 and why if the client failed.
 */
double fault_now(void);
int fault_swap_rpcs(const struct fault_ctx *ctx, unsigned long long *n,
		    char *why, size_t len);
int fault_recovery(const struct fault_ctx *ctx, double t_end, uint64_t bound_s,
		   char *why, size_t len);
/* The option every such fault has: recovery (its bound, seconds), into
 * the uint64_t recovery_s of its options' struct @opts_type. */
#define FAULT_RECOVERY_OPTION(opts_type) \
	{ .key = "recovery", .type = SCN_DURATION, .def = "300s", \
	  .help = "bound on the time from the fault's end to swap RPCs completing again", \
	  SCN_FIELD(opts_type, recovery_s) }

/* ---- evidence: what checks and metrics read ---- */

struct workload_status {
	char name[32];
	bool started;
	bool finished;		/* false: timed out or the lab failed */
	int status;		/* exit status in the guest */
	double elapsed_s;
};

struct evidence_file {
	char *name;
	char *text;		/* NULL: not there */
};

struct evidence {
	const struct scenario *scn;
	const char *swap_target;	/* of this run */
	const char *logs_dir;		/* NULL: only what was put */
	struct evidence_file *files;
	size_t nfiles;
	struct workload_status *workloads;
	size_t nworkloads;
	double elapsed_s;		/* wall time of all the workloads */
};

void evidence_init(struct evidence *ev, const struct scenario *scn,
		   const char *swap_target, const char *logs_dir);
/* Contents of logs/NAME, NULL if the run did not keep it. */
const char *evidence_text(struct evidence *ev, const char *name);
/*
 * The logs the run's faults kept (logs/fault-<section>.txt), one a call:
 * from section *@i on, the next fault's log that is there, with its
 * section's name in *@fault and *@i past it; NULL after the last.
 */
const char *evidence_next_fault_log(struct evidence *ev, size_t *i,
				    const char **fault);
void evidence_put(struct evidence *ev, const char *name, const char *text);
struct workload_status *evidence_workload(struct evidence *ev,
					  const char *name);
struct workload_status *evidence_add_workload(struct evidence *ev,
					      const char *name);
bool evidence_ran(struct evidence *ev, const char *workload);
void evidence_free(struct evidence *ev);

struct nfs_op_stats;
/*
 * The NFS traffic of one op (WRITE, READ with READ_PLUS; NULL: all ops) during the run, less
 * what the fio ceiling sent itself: what swap put on the wire.
 */
bool evidence_nfs_delta(struct evidence *ev, const char *op,
			struct nfs_op_stats *d);

struct smb_share_stats;
/*
 * The SMB share's traffic during the run (cifs-stats-before/after.txt), less
 * what the fio ceiling moved itself (fio-cifs-stats-before/after.txt).
 */
bool evidence_smb_delta(struct evidence *ev, struct smb_share_stats *d);

/* ---- checks ---- */

enum verdict { VERDICT_PASS, VERDICT_FAIL, VERDICT_SKIP, VERDICT_ERROR };
const char *verdict_name(enum verdict v);

struct check_result {
	char name[32];
	enum verdict verdict;
	char reason[512];
};

struct check {
	const char *name;
	const char *help;
	void (*evaluate)(struct evidence *ev, struct check_result *res);
};

/* Every check: check_list.h's, then each workload's own; NULL ends it. */
const struct check *const *check_table(void);
bool check_valid(const char *name);
void check_set(struct check_result *res, enum verdict v, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- metrics ---- */

struct metric_value {
	char name[48];
	double value;
	const char *unit;
	bool higher_is_better;
};

struct metric_set {
	struct metric_value *v;
	size_t n;
};

struct metric {
	const char *name;
	const char *help;
	void (*measure)(struct evidence *ev, struct metric_set *out);
};

/* Every metric: metric_list.h's, then each workload's own; NULL ends it. */
const struct metric *const *metric_table(void);
bool metric_valid(const char *name);
void metric_add(struct metric_set *set, const char *name, double value,
		const char *unit, bool higher_is_better);
const struct metric_value *metric_get(const struct metric_set *set,
				      const char *name);
void metric_set_free(struct metric_set *set);

/* The lookups by name, all through registry_find(). */
static inline const struct label *label_find(const char *name)
{
	return REGISTRY_FIND(labels, name);
}

static inline const struct workload *workload_find(const char *name)
{
	return REGISTRY_FIND(workloads, name);
}

static inline const struct fault *fault_find(const char *name)
{
	return REGISTRY_FIND(faults, name);
}

static inline const struct check *check_find(const char *name)
{
	return REGISTRY_FIND(check_table(), name);
}

static inline const struct metric *metric_find(const char *name)
{
	return REGISTRY_FIND(metric_table(), name);
}

#endif
