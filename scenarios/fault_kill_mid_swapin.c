// SPDX-License-Identifier: GPL-2.0
/*
 * SIGKILL a verifier while it faults its pages back in from NFS swap, then
 * start another.  The fault runs its own swapverify (not the scenario's) in a
 * cgroup of its own, so the swap it holds is counted exactly: the cgroup's
 * memory.swap.current when the kill lands and once the process is gone.
 * Swap reads in flight when the task dies must complete into the swap cache
 * and be freed with the rest; a leak shows as swap still charged, a freed
 * swap_iocb touched after completion as a KASAN report on the debug kernel.
 *
 * MADV_PAGEOUT leaves the written pages in the swap cache (NFS writes are
 * asynchronous, and nothing reclaims them after): read back from there they
 * are minor faults and no read is in flight.  So once the verifier holds,
 * the fault reclaims its cgroup (memory.reclaim) and the read-back goes to
 * the server; the victim's major faults at the kill are logged as proof.
 *
 * The kill comes when the verifier's VmSwap has fallen to kill_at percent
 * of what it held (it is reading back, and reads are in flight).  What
 * stays charged after the exit is sampled for 30 s (swap, memory, swap
 * cache, writeback), then the cgroup is reclaimed once more: a slot still
 * held by a clean swap-cache folio is freed by reclaim and is not a leak
 * (a read that completes after its task died leaves such a folio), one
 * that reclaim cannot free is.  Then a second verifier of the same size
 * must find every page good.  The log has swap_at_kill_kib, swap_left_kib
 * (2 s after the exit), swap_unreclaimed_kib (after the reclaim), the
 * second verifier's verdict and one line "verified: pass|fail: WHY" for the
 * faults check.  Recovery: from the kill to the next swap RPC completing.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "registry.h"

struct kill_mid_swapin_opts {
	uint64_t size_mib;
	uint64_t hold_s;
	uint64_t kill_at;
	uint64_t verify_timeout_s;
	uint64_t recovery_s;
};

#define OPT(member) SCN_FIELD(struct kill_mid_swapin_opts, member)

static const struct scn_option options[] = {
	{ .key = "size_mib", .type = SCN_UINT, .def = "32",
	  .help = "each verifier's memory, MiB", .min = 1, .max = 4096, OPT(size_mib) },
	{ .key = "hold", .type = SCN_DURATION, .def = "10s",
	  .help = "how long the first verifier keeps its pages out", .max = 30, OPT(hold_s) },
	{ .key = "kill_at", .type = SCN_UINT, .def = "75",
	  .help = "kill once its VmSwap is down to this percent of what it held",
	  .min = 1, .max = 99, OPT(kill_at) },
	{ .key = "verify_timeout", .type = SCN_DURATION, .def = "10m",
	  .help = "bound on the second verifier's run", .min = 10, .max = 7200,
	  OPT(verify_timeout_s) },
	FAULT_RECOVERY_OPTION(struct kill_mid_swapin_opts),
	{ }
};

#define K "/run/swaplab-kill"
#define CG "/sys/fs/cgroup/swaplab-kill"

/* Polls @test (a shell test) every 2 s for up to @bound s: 1 true, 0 not, -1. */
static int poll_until(const struct fault_ctx *ctx, const char *test, unsigned bound,
		      char *why, size_t len)
{
	char cmd[512], out[32];
	double t0 = fault_now();

	snprintf(cmd, sizeof(cmd), "if %s; then echo yes; else echo no; fi", test);
	for (;;) {
		if (ctx->sh(ctx->runner, GUEST_CLIENT, cmd, out, sizeof(out), why, len))
			return -1;
		if (!strncmp(out, "yes", 3))
			return 1;
		if (fault_now() - t0 > bound)
			return 0;
		sleep(2);
	}
}

/* The value after "@key " in @out, or 0 (with *found false). */
static unsigned long long field(const char *out, const char *key, bool *found)
{
	char pat[32];
	const char *p;

	snprintf(pat, sizeof(pat), "%s ", key);
	p = strstr(out, pat);
	*found = p != NULL;
	return p ? strtoull(p + strlen(pat), NULL, 10) : 0;
}

static int inject(const struct fault_ctx *ctx, char *why, size_t len)
{
	const struct kill_mid_swapin_opts *o = ctx->opts;
	unsigned size = (unsigned)o->size_mib;
	unsigned hold = (unsigned)o->hold_s;
	unsigned kill_at = (unsigned)o->kill_at;
	unsigned vbound = (unsigned)o->verify_timeout_s;
	unsigned long long held = 0, at_kill = 0, cg_kill = 0, cg_left = 0, cg_unrecl = 0;
	unsigned long long majflt = 0;
	char cmd[2048], out[4096] = "", res[256], *line;
	bool found;
	const char *verdict;
	double t_kill;
	bool ok;
	int ret;

	snprintf(cmd, sizeof(cmd),
		 "rm -rf " K " && mkdir " K " && rmdir " CG " 2>/dev/null; "
		 "echo +memory >/sys/fs/cgroup/cgroup.subtree_control; mkdir " CG " && "
		 "setsid sh -c 'echo $$ >" K "/pid && echo $$ >" CG "/cgroup.procs && "
		 "exec swapverify --size %u --hold %u --no-cgroup --json " K "/1.json' "
		 "</dev/null >" K "/1.out 2>" K "/1.err &", size, hold);
	if (ctx->sh(ctx->runner, GUEST_CLIENT, cmd, NULL, 0, why, len))
		return -1;
	fprintf(ctx->log, "first verifier: swapverify --size %u --hold %u in " CG "\n",
		size, hold);
	ret = poll_until(ctx, "grep -q 'holding for' " K "/1.err || ! kill -0 $(cat " K
			 "/pid)", 300, why, len);
	if (ret <= 0) {
		if (!ret)
			snprintf(why, len, "the first verifier did not swap its pages out in 300 s");
		return -1;
	}
	/*
	 * One agent call, hold + 60 s at most: its VmSwap while it holds, the
	 * reclaim that takes its pages out of the swap cache, then, once it
	 * reads back, the kill as soon as VmSwap is down to kill_at %.  The
	 * charge is read before the kill: on another vCPU the victim may exit
	 * before a command after kill runs.
	 */
	snprintf(cmd, sizeof(cmd),
		 "pid=$(cat " K "/pid); vs() { awk '/^VmSwap:/ { print $2 }' /proc/$pid/status "
		 "2>/dev/null; }; held=$(vs); echo held ${held:-0}; "
		 "[ \"${held:-0}\" -gt 0 ] || { echo gone; exit 0; }; "
		 "echo resident_before_kib $(($(cat " CG "/memory.current) >> 10)); "
		 "cat " CG "/memory.current >" CG "/memory.reclaim 2>/dev/null; "
		 "echo resident_after_kib $(($(cat " CG "/memory.current) >> 10)); "
		 "mj0=$(awk '{ print $12 }' /proc/$pid/stat); i=0; "
		 "until grep -q 'hold over' " K "/1.err; do sleep 0.05; i=$((i + 1)); "
		 "[ $i -lt %u ] || { echo nohold; exit 0; }; done; i=0; "
		 "while now=$(vs); [ -n \"$now\" ] && [ $((now * 100)) -gt $((held * %u)) ]; do "
		 "sleep 0.02; i=$((i + 1)); [ $i -lt 3000 ] || break; done; "
		 "[ -n \"$now\" ] || { echo gone; exit 0; }; mj=$(awk '{ print $12 }' /proc/$pid/stat); "
		 "sw=$(cat " CG "/memory.swap.current); kill -9 $pid; echo at_kill $now; "
		 "echo cg_kill $sw; "
		 "echo majflt_before_kill $((mj - mj0))",
		 (hold + 10) * 20, kill_at);
	if (ctx->sh(ctx->runner, GUEST_CLIENT, cmd, out, sizeof(out), why, len))
		return -1;
	t_kill = fault_now();
	fputs(out, ctx->log);
	held = field(out, "held", &ok);
	at_kill = field(out, "at_kill", &ok);
	if (!ok) {
		ctx->sh(ctx->runner, GUEST_CLIENT, "tail -5 " K "/1.err", res, sizeof(res),
			why, len);
		snprintf(why, len, "no kill mid swap-in: the first verifier was not caught "
			 "reading back (%s)", res);
		return -1;
	}
	cg_kill = field(out, "cg_kill", &ok);
	fprintf(ctx->log, "killed with VmSwap %llu of %llu kB held\nswap_at_kill_kib = %llu\n",
		at_kill, held, cg_kill >> 10);
	majflt = field(out, "majflt_before_kill", &found);
	if (found)
		fprintf(ctx->log, "victim_majflt = %llu\n", majflt);
	ret = poll_until(ctx, "! kill -0 $(cat " K "/pid) 2>/dev/null", 60, why, len);
	if (ret <= 0) {
		if (!ret)
			snprintf(why, len, "the killed verifier did not exit in 60 s");
		return -1;
	}
	/* Before the 30 s of sampling below, or they would be counted in. */
	if (fault_recovery(ctx, t_kill, o->recovery_s, why, len))
		return -1;
	/*
	 * What the dead task left charged, over 30 s, then after a reclaim of
	 * its cgroup: swap cache that reclaim frees is not a leak.
	 */
	snprintf(cmd, sizeof(cmd),
		 "s() { echo \"after_exit_s $1 swap_kib $(($(cat " CG "/memory.swap.current) >> 10)) "
		 "mem_kib $(($(cat " CG "/memory.current) >> 10)) "
		 "$(awk '/^swapcached / { printf \"swapcached_kib %%d\", $2 / 1024 }' " CG "/memory.stat) "
		 "$(grep -E '^nr_(writeback|swapcached) ' /proc/vmstat | tr '\\n' ' ')\"; }; "
		 "sleep 2; echo left $(cat " CG "/memory.swap.current); s 2; "
		 "for t in 5 10 20 30; do sleep $((t - ${last:-2})); last=$t; s $t; done; "
		 "cat " CG "/memory.current >" CG "/memory.reclaim 2>/dev/null; sleep 1; "
		 "echo unreclaimed $(cat " CG "/memory.swap.current); s reclaimed; rmdir " CG);
	if (ctx->sh(ctx->runner, GUEST_CLIENT, cmd, out, sizeof(out), why, len))
		return -1;
	cg_left = field(out, "left", &ok);
	cg_unrecl = field(out, "unreclaimed", &found);
	if (!ok || !found) {
		snprintf(why, len, "no swap charge read from " CG " after the exit: %.200s", out);
		return -1;
	}
	for (line = strtok(out, "\n"); line; line = strtok(NULL, "\n"))
		if (!strncmp(line, "after_exit_s", 12))
			fprintf(ctx->log, "%s\n", line);
	fprintf(ctx->log, "swap_left_kib = %llu\nswap_freed_kib = %llu\n"
		"swap_unreclaimed_kib = %llu\n", cg_left >> 10,
		cg_kill > cg_left ? (cg_kill - cg_left) >> 10 : 0, cg_unrecl >> 10);

	snprintf(cmd, sizeof(cmd),
		 "setsid sh -c 'swapverify --size %u --no-cgroup --json " K "/2.json "
		 ">" K "/2.out 2>" K "/2.err; echo $? >" K "/2.rc' </dev/null >/dev/null 2>&1 &",
		 size);
	if (ctx->sh(ctx->runner, GUEST_CLIENT, cmd, NULL, 0, why, len))
		return -1;
	fprintf(ctx->log, "second verifier: swapverify --size %u\n", size);
	fflush(ctx->log);
	ret = poll_until(ctx, "[ -s " K "/2.rc ]", vbound, why, len);
	if (ret < 0)
		return -1;
	if (!ret) {
		fprintf(ctx->log, "verified: fail: the second verifier did not finish in %u s\n",
			vbound);
		return 0;
	}
	if (ctx->sh(ctx->runner, GUEST_CLIENT,
		    "echo rc $(cat " K "/2.rc); grep -o '\"verdict\": *\"[a-z]*\"' " K
		    "/2.json | tail -1; grep -o '\"bad_pages\": *[0-9]*' " K "/2.json | tail -1",
		    out, sizeof(out), why, len))
		return -1;
	fprintf(ctx->log, "second verifier: %s", out);
	if (!strstr(out, "rc 0") || !strstr(out, "\"pass\""))
		verdict = "fail: the second verifier was not clean";
	else if (cg_unrecl * 4 > cg_kill)
		verdict = "fail: over a quarter of the killed verifier's swap is still charged "
			  "after reclaim (a leak)";
	else if (!majflt)
		verdict = "fail: no major fault before the kill: the read-back came from "
			  "the swap cache, no read was in flight";
	else
		verdict = "pass: the killed verifier's swap was freed, the second verifier clean";
	fprintf(ctx->log, "verified: %s\n", verdict);
	return 0;
}

const struct fault fault_kill_mid_swapin = {
	.name = "kill-mid-swapin",
	.help = "SIGKILL a verifier while it faults its pages back in, then run another",
	.options = options,
	.opts_size = sizeof(struct kill_mid_swapin_opts),
	.inject = inject,
};
