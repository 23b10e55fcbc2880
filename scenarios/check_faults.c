// SPDX-License-Identifier: GPL-2.0
/*
 * The faults check: what a fault verified itself, beyond the checks every
 * run has.  A fault that can judge its own outcome (swapoff returned or
 * failed cleanly; a killed verifier's swap was freed and the next one was
 * clean) writes "verified: pass: WHY" or "verified: fail: WHY" into
 * logs/fault-<section>.txt, once per round.  Any fail fails the check; a
 * scenario whose faults verify nothing themselves skips it.
 */
#include <stdio.h>
#include <string.h>

#include "registry.h"

struct verdicts {
	unsigned pass, fail;
	char first_fail[200];
};

static void verdicts_parse(const char *fault, const char *text, struct verdicts *v)
{
	const char *p;
	int n;

	for (p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, "verified: pass", 14)) {
			v->pass++;
		} else if (!strncmp(p, "verified: fail", 14)) {
			if (!v->fail++) {
				n = (int)strcspn(p + 16, "\n");
				snprintf(v->first_fail, sizeof(v->first_fail), "%s: %.*s",
					 fault, n, p + 16);
			}
		}
	}
}

static void evaluate(struct evidence *ev, struct check_result *res)
{
	struct verdicts v = { 0 };
	const char *fault, *text;
	size_t i = 0;

	while ((text = evidence_next_fault_log(ev, &i, &fault)))
		verdicts_parse(fault, text, &v);
	if (v.fail)
		check_set(res, VERDICT_FAIL, "%u of %u fault rounds failed (%s)", v.fail,
			  v.pass + v.fail, v.first_fail);
	else if (v.pass)
		check_set(res, VERDICT_PASS, "%u fault rounds verified", v.pass);
	else
		check_set(res, VERDICT_SKIP, "no fault of this run verified its own outcome");
}

const struct check check_faults = {
	.name = "faults",
	.help = "what each fault verified itself (swapoff clean, killed verifier's swap freed)",
	.evaluate = evaluate,
};
