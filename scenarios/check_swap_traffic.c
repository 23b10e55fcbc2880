// SPDX-License-Identifier: GPL-2.0
/* Pages really went to swap and came back: pswpout/pswpin deltas. */
#include <inttypes.h>
#include <stdio.h>

#include "logparse.h"
#include "registry.h"

#define PAGES_PER_MIB 256

static void evaluate(struct evidence *ev, struct check_result *res)
{
	const struct scn_params *g = &ev->scn->global;
	uint64_t mem = scenario_client_mem_mib(ev->scn);
	uint64_t min_out = scn_size_mib(g, "min_swapout", mem);
	uint64_t min_in = scn_size_mib(g, "min_swapin", mem);
	const char *before = evidence_text(ev, "vmstat-before.txt");
	const char *after = evidence_text(ev, "vmstat-after.txt");
	uint64_t out, in;

	if (!vmstat_delta(before, after, "pswpout", &out) ||
	    !vmstat_delta(before, after, "pswpin", &in)) {
		check_set(res, VERDICT_FAIL, "vmstat-before/after.txt missing or without pswpout/pswpin");
		return;
	}
	out /= PAGES_PER_MIB;
	in /= PAGES_PER_MIB;
	check_set(res, out >= min_out && in >= min_in ? VERDICT_PASS : VERDICT_FAIL,
		  "pswpout +%" PRIu64 " MiB (min %" PRIu64 "), pswpin +%" PRIu64
		  " MiB (min %" PRIu64 ")", out, min_out, in, min_in);
}

const struct check check_swap_traffic = {
	.name = "swap-traffic",
	.help = "pswpout and pswpin grew by at least min_swapout and min_swapin",
	.evaluate = evaluate,
};
