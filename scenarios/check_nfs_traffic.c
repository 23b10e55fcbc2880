// SPDX-License-Identifier: GPL-2.0
/*
 * Swap really went over NFS: the client's WRITE and READ RPCs to the swap
 * mount grew by the scenario's thresholds (fio's own traffic left out).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "lab_swap.h"
#include "logparse.h"
#include "registry.h"

static void evaluate(struct evidence *ev, struct check_result *res)
{
	const struct scn_params *g = &ev->scn->global;
	uint64_t mem = scenario_client_mem_mib(ev->scn);
	uint64_t min_w = scn_size_mib(g, "min_nfs_write", mem);
	uint64_t min_r = scn_size_mib(g, "min_nfs_read", mem);
	struct nfs_op_stats w, r;
	uint64_t wmib, rmib;

	const struct lab_swap_target *t = lab_swap_target_find(ev->swap_target);

	if (t && !lab_swap_target_uses_nfs(t)) {
		check_set(res, VERDICT_SKIP, t->kind == LAB_SWAP_LOCAL ?
			  "swap target is the local disk" : "swap target does not use NFS");
		return;
	}
	if (!evidence_nfs_delta(ev, "WRITE", &w) || !evidence_nfs_delta(ev, "READ", &r)) {
		check_set(res, VERDICT_FAIL, "mountstats-before/after.txt missing or without an NFS mount");
		return;
	}
	wmib = w.bytes_sent >> 20;
	rmib = r.bytes_recv >> 20;
	check_set(res, wmib >= min_w && rmib >= min_r ? VERDICT_PASS : VERDICT_FAIL,
		  "NFS WRITE %" PRIu64 " ops %" PRIu64 " MiB (min %" PRIu64 "), READ %"
		  PRIu64 " ops %" PRIu64 " MiB (min %" PRIu64 ")", w.ops, wmib, min_w,
		  r.ops, rmib, min_r);
}

const struct check check_nfs_traffic = {
	.name = "nfs-traffic",
	.help = "NFS WRITE/READ bytes grew by at least min_nfs_write/min_nfs_read",
	.evaluate = evaluate,
};
