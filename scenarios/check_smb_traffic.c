// SPDX-License-Identifier: GPL-2.0
/*
 * Swap really went over SMB: the swap share's bytes written and read
 * (/proc/fs/cifs/Stats) grew by the scenario's thresholds, fio's own
 * traffic left out.  Targets other than SMB ones skip it.
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
	uint64_t min_w = scn_size_mib(g, "min_smb_write", mem);
	uint64_t min_r = scn_size_mib(g, "min_smb_read", mem);
	const struct lab_swap_target *t = lab_swap_target_find(ev->swap_target);
	struct smb_share_stats d;
	uint64_t wmib, rmib;

	if (!t || t->traffic != LAB_TRAFFIC_SMB) {
		check_set(res, VERDICT_SKIP, t && t->kind == LAB_SWAP_LOCAL ?
			  "swap target is the local disk" : "swap target does not use SMB");
		return;
	}
	if (!evidence_smb_delta(ev, &d)) {
		check_set(res, VERDICT_FAIL,
			  "cifs-stats-before/after.txt missing or without an SMB share");
		return;
	}
	wmib = d.bytes_written >> 20;
	rmib = d.bytes_read >> 20;
	check_set(res, wmib >= min_w && rmib >= min_r && !d.writes_failed && !d.reads_failed ?
		  VERDICT_PASS : VERDICT_FAIL,
		  "SMB writes %" PRIu64 " (%" PRIu64 " failed) %" PRIu64 " MiB (min %" PRIu64
		  "), reads %" PRIu64 " (%" PRIu64 " failed) %" PRIu64 " MiB (min %" PRIu64 ")",
		  d.writes, d.writes_failed, wmib, min_w, d.reads, d.reads_failed, rmib, min_r);
}

const struct check check_smb_traffic = {
	.name = "smb-traffic",
	.help = "SMB bytes written/read grew by at least min_smb_write/min_smb_read",
	.evaluate = evaluate,
};
