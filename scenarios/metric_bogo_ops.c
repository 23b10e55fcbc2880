// SPDX-License-Identifier: GPL-2.0
/*
 * stress-ng bogo-ops per second (real time), one metric per stressor and,
 * for --vm, per method: stressng_vm_flip_bogo_ops_s, stressng_brk_bogo_ops_s.
 * The stress-ng workload keeps one YAML per invocation (stress-ng-TAG.yaml).
 */
#include <stdio.h>

#include "logparse.h"
#include "registry.h"

static void measure_file(struct evidence *ev, const char *tag, bool per_tag,
			 struct metric_set *out)
{
	struct stress_ng_rate rates[16];
	char log[96], name[48];
	int n, i;

	snprintf(log, sizeof(log), "stress-ng-%s.yaml", tag);
	n = stress_ng_rates(evidence_text(ev, log), rates, 16);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "stressng_%.24s_bogo_ops_s",
			 per_tag ? tag : rates[i].stressor);
		metric_add(out, name, rates[i].bogo_ops_per_s, "bogo-ops/s", true);
	}
}

static void measure(struct evidence *ev, struct metric_set *out)
{
	const struct scn_section *sec = scenario_section(ev->scn, "stress-ng");
	const struct scn_value *methods;
	char tag[48];
	size_t i;

	if (!sec || !evidence_ran(ev, "stress-ng"))
		return;
	methods = scn_get(&sec->params, "vm_methods");
	for (i = 0; i < methods->nwords; i++) {
		snprintf(tag, sizeof(tag), "vm_%s", methods->words[i]);
		measure_file(ev, tag, true, out);
	}
	measure_file(ev, "stressors", false, out);
}

const struct metric metric_bogo_ops = {
	.name = "bogo-ops",
	.help = "stressng_<stressor>_bogo_ops_s (stress-ng --yaml, real time)",
	.measure = measure,
};
