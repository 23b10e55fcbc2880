// SPDX-License-Identifier: GPL-2.0
/*
 * No page came back with wrong content: swapverify's bad pages and the bit
 * errors stress-ng's verifying stressors reported, both zero.
 */
#include <inttypes.h>
#include <stdio.h>

#include "logparse.h"
#include "registry.h"

static void evaluate(struct evidence *ev, struct check_result *res)
{
	struct swapverify_report sv;
	uint64_t bits = 0;
	char first[256];
	bool have_sv = evidence_ran(ev, "swapverify");
	bool have_sng = evidence_ran(ev, "stress-ng");

	if (!have_sv && !have_sng) {
		check_set(res, VERDICT_SKIP, "neither swapverify nor stress-ng in this scenario");
		return;
	}
	if (have_sv && swapverify_read(evidence_text(ev, "swapverify.json"), &sv)) {
		check_set(res, VERDICT_FAIL, "swapverify.json is missing or not a swapverify report");
		return;
	}
	if (have_sv && sv.error[0]) {
		check_set(res, VERDICT_FAIL, "swapverify could not verify: %s", sv.error);
		return;
	}
	if (have_sng)
		stress_ng_failures(evidence_text(ev, "stress-ng.log"), &bits, first,
				   sizeof(first));
	if ((have_sv && sv.bad_pages) || bits)
		check_set(res, VERDICT_FAIL, "%" PRIu64 " bad pages (swapverify, first: %s), %"
			  PRIu64 " bit errors (stress-ng)", have_sv ? sv.bad_pages : 0,
			  have_sv && sv.first_bad[0] ? sv.first_bad : "-", bits);
	else
		check_set(res, VERDICT_PASS, "0 bad pages%s%s",
			  have_sv ? " (swapverify)" : "", have_sng ? ", 0 bit errors (stress-ng)" : "");
}

const struct check check_content = {
	.name = "content",
	.help = "every page came back with the content it had (swapverify, stress-ng --verify)",
	.evaluate = evaluate,
};
