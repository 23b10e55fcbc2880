// SPDX-License-Identifier: GPL-2.0
/*
 * JUnit XML, the format CI servers read: the run is a <testsuite>, each
 * check a <testcase>, metrics and the kernel are <property> lines.  A known
 * failure is reported as skipped with its reason, so it does not turn a CI
 * job red, exactly as it does not fail `swaplab compare`.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "export.h"
#include "format.h"
#include "markup.h"

static void property(FILE *f, const char *name, const char *value)
{
	fprintf_escaped(f, "      <property name=\"%s\" value=\"%s\"/>\n", name, value);
}

static void properties(FILE *f, const struct run_record *rec)
{
	char name[128], value[128], num[FMT_LEN];
	size_t i;

	fputs("    <properties>\n", f);
	property(f, "run", rec->id);
	property(f, "suite", rec->suite);
	property(f, "label", rec->label);
	property(f, "verdict", rec->verdict);
	property(f, "kernel.variant", rec->kernel.variant);
	property(f, "kernel.release", rec->kernel.release);
	property(f, "kernel.series_hash", rec->kernel.series_hash);
	property(f, "kernel.config_hash", rec->kernel.config_hash);
	property(f, "swap_target", rec->swap_target);
	for (i = 0; i < rec->n_metrics; i++) {
		const struct run_metric *m = &rec->metrics[i];

		snprintf(name, sizeof(name), "metric.%s", m->name);
		snprintf(value, sizeof(value), "%s %s (%s is better)",
			 fmt_value(m->value, num), m->unit, m->direction);
		property(f, name, value);
	}
	fputs("    </properties>\n", f);
}

static void testcase(FILE *f, const struct run_record *rec, const struct run_check *c,
		     const struct known_failures *kf)
{
	const struct known_failure *k = NULL;

	if (!strcmp(c->verdict, "fail"))
		k = known_failure_match(kf, rec->scenario, rec->label, c->name);
	fprintf_escaped(f, "    <testcase classname=\"swaplab.%s.%s\" name=\"%s\">\n",
			rec->scenario, rec->label, c->name);
	if (k)
		fprintf_escaped(f, "      <skipped message=\"known failure: %s\"/>\n",
				k->reason);
	else if (!strcmp(c->verdict, "fail"))
		fprintf_escaped(f, "      <failure type=\"check\" message=\"%s\"/>\n",
				c->reason);
	else if (!strcmp(c->verdict, "skip"))
		fprintf_escaped(f, "      <skipped message=\"%s\"/>\n", c->reason);
	if (*c->reason)
		fprintf_escaped(f, "      <system-out>%s</system-out>\n", c->reason);
	fputs("    </testcase>\n", f);
}

struct junit_counts {
	int failures, skipped;
};

static struct junit_counts count(const struct run_record *rec,
				 const struct known_failures *kf)
{
	struct junit_counts n = { 0 };
	size_t i;

	for (i = 0; i < rec->n_checks; i++) {
		const struct run_check *c = &rec->checks[i];
		bool failed = !strcmp(c->verdict, "fail");

		if (failed && !known_failure_match(kf, rec->scenario, rec->label, c->name))
			n.failures++;
		else if (failed || !strcmp(c->verdict, "skip"))
			n.skipped++;
	}
	return n;
}

void export_junit(FILE *f, const struct run_record *rec, const struct known_failures *kf)
{
	struct junit_counts n = count(rec, kf);
	bool lab_failed = !strcmp(rec->verdict, "error");
	double secs = run_duration(rec);
	size_t i;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf_escaped(f, "<testsuites name=\"swaplab\" tests=\"%zu\" failures=\"%d\" "
			"errors=\"%d\" skipped=\"%d\">\n", rec->n_checks + 1, n.failures,
			lab_failed, n.skipped);
	fprintf_escaped(f, "  <testsuite name=\"%s\" id=\"%s\" tests=\"%zu\" failures=\"%d\" "
			"errors=\"%d\" skipped=\"%d\" timestamp=\"%s\"", rec->scenario,
			rec->id, rec->n_checks + 1, n.failures, lab_failed, n.skipped,
			rec->started);
	if (secs >= 0)
		fprintf(f, " time=\"%.0f\"", secs);
	fputs(">\n", f);
	properties(f, rec);
	/* The lab itself (boot, timeout, panic) is the first test case. */
	fprintf_escaped(f, "    <testcase classname=\"swaplab.%s.%s\" name=\"run-completed\">\n",
			rec->scenario, rec->label);
	if (lab_failed)
		fprintf_escaped(f, "      <error type=\"lab\" message=\"%s\"/>\n",
				*rec->error ? rec->error :
				"the lab failed: boot, timeout, panic or hang");
	fputs("    </testcase>\n", f);
	for (i = 0; i < rec->n_checks; i++)
		testcase(f, rec, &rec->checks[i], kf);
	fputs("  </testsuite>\n</testsuites>\n", f);
}
