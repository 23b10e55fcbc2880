// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own selftests, run against the swap under test: mm/cow's
 * swapped-out cases (check "selftests") and the named cgroup/test_memcontrol
 * cases (check "memcg-selftests", apart so that a known failure of one does
 * not hide the other).  Each must have passed at least once and failed never.
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

/* The ktap of @test judged if the scenario's [selftests] ran it. */
static void evaluate_one(struct evidence *ev, struct check_result *res, const char *test,
			 const char *log, ktap_filter keep, const char *cases_key)
{
	const struct scn_section *sec = scenario_section(ev->scn, "selftests");
	char summary[400] = "";
	bool ok;

	if (!sec || !evidence_ran(ev, "selftests") ||
	    !scn_has_word(&sec->params, "tests", test)) {
		check_set(res, VERDICT_SKIP, "no %s selftest in this scenario", test);
		return;
	}
	ok = judge(ev, log, keep,
		   cases_key ? (void *)scn_get(&sec->params, cases_key) : NULL,
		   summary, sizeof(summary));
	check_set(res, ok ? VERDICT_PASS : VERDICT_FAIL, "%s", summary);
}

static void evaluate_cow(struct evidence *ev, struct check_result *res)
{
	evaluate_one(ev, res, "cow", "selftest-cow.ktap", swapped_case, NULL);
}

static void evaluate_memcg(struct evidence *ev, struct check_result *res)
{
	evaluate_one(ev, res, "memcontrol", "selftest-memcontrol.ktap", named_case,
		     "memcontrol_cases");
}

const struct check check_selftests = {
	.name = "selftests",
	.help = "mm/cow's swapped-out cases pass",
	.evaluate = evaluate_cow,
};

const struct check check_memcg_selftests = {
	.name = "memcg-selftests",
	.help = "the named test_memcontrol swap cases pass",
	.evaluate = evaluate_memcg,
};
