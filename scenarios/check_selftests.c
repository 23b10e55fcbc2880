// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own selftests, run against the swap under test: mm/cow's
 * swapped-out cases and the named cgroup/test_memcontrol cases.  Each must
 * have passed at least once and failed never.
 */
#include <stdio.h>
#include <string.h>

#include "logparse.h"
#include "registry.h"

/* cow announces each case with "# [RUN] ... with swapped-out ..." first. */
static bool swapped_case(const char *desc, const char *context, void *arg)
{
	return strstr(context, "swapped") != NULL;
}

static bool named_case(const char *desc, const char *context, void *arg)
{
	const struct scn_value *names = arg;
	size_t i, len;

	for (i = 0; i < names->nwords; i++) {
		len = strlen(names->words[i]);
		if (!strncmp(desc, names->words[i], len) &&
		    (!desc[len] || desc[len] == ' '))
			return true;
	}
	return false;
}

static bool judge(struct evidence *ev, const char *log, ktap_filter keep,
		  void *arg, char *summary, size_t len)
{
	const char *text = evidence_text(ev, log);
	struct ktap_counts c;

	if (!text) {
		snprintf(summary, len, "%s missing", log);
		return false;
	}
	ktap_count(text, keep, arg, &c);
	snprintf(summary, len, "%s %u pass %u fail %u skip%s%s", log, c.pass, c.fail,
		 c.skip, c.fail ? ": " : "", c.failed);
	return c.pass && !c.fail;
}

static void evaluate(struct evidence *ev, struct check_result *res)
{
	const struct scn_section *sec = scenario_section(ev->scn, "selftests");
	char cow[200] = "", memcg[300] = "";
	bool ok = true;

	if (!sec || !evidence_ran(ev, "selftests")) {
		check_set(res, VERDICT_SKIP, "no selftests in this scenario");
		return;
	}
	if (scn_has_word(&sec->params, "tests", "cow"))
		ok &= judge(ev, "selftest-cow.ktap", swapped_case, NULL, cow, sizeof(cow));
	if (scn_has_word(&sec->params, "tests", "memcontrol"))
		ok &= judge(ev, "selftest-memcontrol.ktap", named_case,
			    (void *)scn_get(&sec->params, "memcontrol_cases"),
			    memcg, sizeof(memcg));
	check_set(res, ok ? VERDICT_PASS : VERDICT_FAIL, "%s%s%s", cow,
		  cow[0] && memcg[0] ? "; " : "", memcg);
}

const struct check check_selftests = {
	.name = "selftests",
	.help = "mm/cow swapped-out cases and test_memcontrol swap cases pass",
	.evaluate = evaluate,
};
