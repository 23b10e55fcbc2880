// SPDX-License-Identifier: GPL-2.0
/* Swap-out and swap-in speed as swapverify measured them. */
#include "logparse.h"
#include "registry.h"

static void measure(struct evidence *ev, struct metric_set *out)
{
	struct swapverify_report sv;

	if (!evidence_ran(ev, "swapverify") ||
	    swapverify_read(evidence_text(ev, "swapverify.json"), &sv) || sv.error[0])
		return;
	metric_add(out, "swapout_mibps", sv.swapout_mibps, "MiB/s", true);
	metric_add(out, "swapin_mibps", sv.swapin_mibps, "MiB/s", true);
}

const struct metric metric_swap_speed = {
	.name = "swap-speed",
	.help = "swapout_mibps, swapin_mibps (swapverify)",
	.measure = measure,
};
