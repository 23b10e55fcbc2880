// SPDX-License-Identifier: GPL-2.0
/* Latency of a swap-in fault: p50, p99 and max as swapverify timed them. */
#include "logparse.h"
#include "registry.h"

static void measure(struct evidence *ev, struct metric_set *out)
{
	struct swapverify_report sv;

	if (!evidence_ran(ev, "swapverify") ||
	    swapverify_read(evidence_text(ev, "swapverify.json"), &sv) || sv.error[0])
		return;
	metric_add(out, "fault_p50_us", sv.fault_p50_us, "us", false);
	metric_add(out, "fault_p99_us", sv.fault_p99_us, "us", false);
	metric_add(out, "fault_max_us", sv.fault_max_us, "us", false);
}

const struct metric metric_fault_latency = {
	.name = "fault-latency",
	.help = "fault_p50_us, fault_p99_us, fault_max_us (swapverify)",
	.measure = measure,
};
