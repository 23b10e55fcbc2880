// SPDX-License-Identifier: GPL-2.0
/*
 * The suite's closing tables.  Ratios are taken per repetition, between runs
 * of the same scenario and repetition (which ran side by side, interleaved),
 * then summarised as mean, standard deviation and range (results/stats.h):
 * the spread says how far one suite's ratio can be trusted.
 */
#include <stdio.h>
#include <string.h>

#include "../common/exit_codes.h"
#include "run.h"
#include "../results/known.h"
#include "../results/stats.h"

static const char *label_of(const struct run_result *r)
{
	return r->label->name;
}

static bool same_scenario(const struct run_result *a, const struct run_result *b)
{
	return !strcmp(a->scn->name, b->scn->name);
}

/* Labels seen in the runs of @scn_run's scenario, in first-seen order. */
static size_t scenario_labels(const struct run_result *runs, size_t n,
			      const struct run_result *scn_run,
			      const char **out, size_t max)
{
	size_t i, j, k = 0;

	for (i = 0; i < n; i++) {
		if (!same_scenario(&runs[i], scn_run))
			continue;
		for (j = 0; j < k && strcmp(out[j], label_of(&runs[i])); j++)
			;
		if (j == k && k < max)
			out[k++] = label_of(&runs[i]);
	}
	return k;
}

static bool first_of_scenario(const struct run_result *runs, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (same_scenario(&runs[j], &runs[i]))
			return false;
	return true;
}

static void print_runs(FILE *f, const struct run_result *runs, size_t n)
{
	size_t i, c;

	fprintf(f, "\nRUNS\n%-52s %-7s %s\n", "id", "verdict", "failed checks / error");
	for (i = 0; i < n; i++) {
		fprintf(f, "%-52s %-7s ", runs[i].id, verdict_name(runs[i].verdict));
		if (runs[i].verdict == VERDICT_ERROR)	/* its first line */
			fprintf(f, "%.*s  ", (int)strcspn(runs[i].error, "\n"),
				runs[i].error);
		for (c = 0; c < runs[i].nchecks; c++)
			if (runs[i].checks[c].verdict == VERDICT_FAIL)
				fprintf(f, "%s: %s  ", runs[i].checks[c].name,
					runs[i].checks[c].reason);
		fprintf(f, "\n");
	}
}

static void count_check(const struct run_result *runs, size_t n,
			const struct run_result *s, const char *label,
			const char *check, unsigned int count[4])
{
	size_t i, c;

	memset(count, 0, 4 * sizeof(*count));
	for (i = 0; i < n; i++) {
		if (!same_scenario(&runs[i], s) || strcmp(label_of(&runs[i]), label))
			continue;
		for (c = 0; c < runs[i].nchecks; c++)
			if (!strcmp(runs[i].checks[c].name, check))
				count[runs[i].checks[c].verdict]++;
	}
}

static void print_checks(FILE *f, const struct run_result *runs, size_t n,
			 const struct run_result *s)
{
	const char *lbl[8];
	size_t nl = scenario_labels(runs, n, s, lbl, 8), l, c;
	unsigned int count[4];
	char cell[32];

	fprintf(f, "\nCHECKS %s (pass/fail/skip)\n%-14s", s->scn->name, "check");
	for (l = 0; l < nl; l++)
		fprintf(f, " %12s", lbl[l]);
	fprintf(f, "\n");
	for (c = 0; c < s->nchecks; c++) {
		fprintf(f, "%-14s", s->checks[c].name);
		for (l = 0; l < nl; l++) {
			count_check(runs, n, s, lbl[l], s->checks[c].name, count);
			snprintf(cell, sizeof(cell), "%u/%u/%u", count[VERDICT_PASS],
				 count[VERDICT_FAIL], count[VERDICT_SKIP]);
			fprintf(f, " %12s", cell);
		}
		fprintf(f, "\n");
	}
}

static const struct metric_value *run_metric(const struct run_result *r,
					     const char *name)
{
	return metric_get(&r->metrics, name);
}

static void metric_spread(const struct run_result *runs, size_t n,
			  const struct run_result *s, const char *label,
			  const char *metric, struct running_stats *sp)
{
	const struct metric_value *m;
	size_t i;

	memset(sp, 0, sizeof(*sp));
	for (i = 0; i < n; i++) {
		if (!same_scenario(&runs[i], s) || strcmp(label_of(&runs[i]), label))
			continue;
		m = run_metric(&runs[i], metric);
		if (m)
			running_stats_add(sp, m->value);
	}
}

/* Metrics of the scenario: one row each, named by the first run having it. */
static bool first_with_metric(const struct run_result *runs, size_t i,
			      const struct run_result *s, const char *metric)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (same_scenario(&runs[j], s) && run_metric(&runs[j], metric))
			return false;
	return true;
}

static void print_metric_row(FILE *f, const struct run_result *runs, size_t n,
			     const struct run_result *s, const struct metric_value *m,
			     const char **lbl, size_t nl)
{
	struct running_stats sp;
	struct sample_stats st;
	char cell[48];
	size_t l;

	fprintf(f, "%-34s %-10s", m->name, m->unit);
	for (l = 0; l < nl; l++) {
		metric_spread(runs, n, s, lbl[l], m->name, &sp);
		running_stats_summary(&sp, &st);
		if (st.n)
			snprintf(cell, sizeof(cell), "%.4g±%.2g (%zu)", st.mean,
				 st.stddev, st.n);
		else
			snprintf(cell, sizeof(cell), "-");
		fprintf(f, " %20s", cell);
	}
	fprintf(f, "\n");
}

static void print_metrics(FILE *f, const struct run_result *runs, size_t n,
			  const struct run_result *s)
{
	const char *lbl[8];
	size_t nl = scenario_labels(runs, n, s, lbl, 8), l, i, m;

	fprintf(f, "\nMETRICS %s (mean±sd (n))\n%-34s %-10s", s->scn->name, "metric",
		"unit");
	for (l = 0; l < nl; l++)
		fprintf(f, " %20s", lbl[l]);
	fprintf(f, "\n");
	for (i = 0; i < n; i++) {
		if (!same_scenario(&runs[i], s))
			continue;
		for (m = 0; m < runs[i].metrics.n; m++)
			if (first_with_metric(runs, i, s, runs[i].metrics.v[m].name))
				print_metric_row(f, runs, n, s, &runs[i].metrics.v[m],
						 lbl, nl);
	}
}

static const struct run_result *partner(const struct run_result *runs, size_t n,
					const struct run_result *r,
					const char *label)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (same_scenario(&runs[i], r) && runs[i].rep == r->rep &&
		    !strcmp(label_of(&runs[i]), label))
			return &runs[i];
	return NULL;
}

/* Ratio num_metric(num_label) / den_metric(den_label) per repetition. */
static void ratio_spread(const struct run_result *runs, size_t n,
			 const struct run_result *s, const char *num_label,
			 const char *num_metric, const char *den_label,
			 const char *den_metric, struct running_stats *sp)
{
	const struct metric_value *a, *b;
	const struct run_result *other;
	size_t i;

	memset(sp, 0, sizeof(*sp));
	for (i = 0; i < n; i++) {
		if (!same_scenario(&runs[i], s) || strcmp(label_of(&runs[i]), num_label))
			continue;
		other = partner(runs, n, &runs[i], den_label);
		a = run_metric(&runs[i], num_metric);
		b = other ? run_metric(other, den_metric) : NULL;
		if (a && b && b->value > 0)
			running_stats_add(sp, a->value / b->value);
	}
}

static void print_spread(FILE *f, const char *what, const struct running_stats *sp)
{
	struct sample_stats st;

	running_stats_summary(sp, &st);
	if (!st.n)
		return;
	fprintf(f, "  %-44s %7.3f  sd %.3f  range %.3f..%.3f  (n=%zu)\n", what,
		st.mean, st.stddev, sp->min, sp->max, st.n);
}

static void print_ratio_pair(FILE *f, const struct run_result *runs, size_t n,
			     const struct run_result *s, const char *metric,
			     const char *base)
{
	struct running_stats sp;
	char what[96];

	ratio_spread(runs, n, s, "patched", metric, base, metric, &sp);
	snprintf(what, sizeof(what), "%s patched/%s", metric, base);
	print_spread(f, what, &sp);
}

static void print_ratios(FILE *f, const struct run_result *runs, size_t n,
			 const struct run_result *s)
{
	static const char *const compared[] = {
		"swapout_mibps", "swapin_mibps", "fault_p99_us", "elapsed_s", NULL
	};
	const char *lbl[8];
	size_t nl = scenario_labels(runs, n, s, lbl, 8), l;
	struct running_stats sp;
	char what[96];
	int i;

	fprintf(f, "\nRATIOS %s (per repetition: mean, sd, range)\n", s->scn->name);
	for (i = 0; compared[i]; i++) {
		print_ratio_pair(f, runs, n, s, compared[i], "stock");
		print_ratio_pair(f, runs, n, s, compared[i], "local");
	}
	for (l = 0; l < nl; l++) {
		ratio_spread(runs, n, s, lbl[l], "swapout_mibps", lbl[l],
			     "ceiling_write_mibps", &sp);
		snprintf(what, sizeof(what), "swap-out / fio ceiling (%s)", lbl[l]);
		print_spread(f, what, &sp);
	}
}

void summary_print(FILE *f, const struct run_result *runs, size_t n)
{
	size_t i;

	print_runs(f, runs, n);
	for (i = 0; i < n; i++) {
		if (!first_of_scenario(runs, i))
			continue;
		print_checks(f, runs, n, &runs[i]);
		print_metrics(f, runs, n, &runs[i]);
		print_ratios(f, runs, n, &runs[i]);
	}
}

/* An expect_fail word, CHECK@LABEL, names @check on @label. */
static bool expect_fail_names(const char *word, const char *check, const char *label)
{
	const char *at = strchr(word, '@');

	return at && (size_t)(at - word) == strlen(check) &&
	       !strncmp(word, check, at - word) && !strcmp(at + 1, label);
}

/* The scenario's expect_fail lists @check on the run's label. */
static bool expected_to_fail(const struct run_result *r, const char *check)
{
	const struct scn_value *v = scn_get(&r->scn->global, "expect_fail");
	size_t i;

	for (i = 0; v && i < v->nwords; i++)
		if (expect_fail_names(v->words[i], check, r->label->name))
			return true;
	return false;
}

/*
 * Each check that the scenario expects to fail on this run's label
 * (expect_fail: a test fixture's bug that the lab must catch) is named on
 * @f.  If one passed, or was not evaluated, the lab missed the bug: returns
 * true, and the suite fails.
 */
static bool expected_failure_missed(FILE *f, const struct run_result *r)
{
	const struct scn_value *v = scn_get(&r->scn->global, "expect_fail");
	const struct check_result *res;
	bool missed = false;
	size_t i, c;

	for (i = 0; v && i < v->nwords; i++) {
		/* parsing made sure every word has its '@' */
		if (strcmp(strchr(v->words[i], '@') + 1, r->label->name))
			continue;
		res = NULL;
		for (c = 0; c < r->nchecks && !res; c++)
			if (expect_fail_names(v->words[i], r->checks[c].name, r->label->name))
				res = &r->checks[c];
		if (res && res->verdict == VERDICT_FAIL) {
			fprintf(f, "expected failure: %s %s: %s\n", r->id, res->name,
				res->reason);
			continue;
		}
		missed = true;
		if (res)
			fprintf(f, "expected failure missed: %s %s %s: %s\n", r->id,
				res->name, verdict_name(res->verdict), res->reason);
		else
			fprintf(f, "expected failure missed: %s: %s was not evaluated\n",
				r->id, v->words[i]);
	}
	return missed;
}

/*
 * 0 when every run passed, EXIT_LAB if any ended in error, else EXIT_CHECK;
 * but a run whose every failed check is listed in the known failures
 * (results/known-failures) or expected to fail by its scenario (expect_fail)
 * does not fail the suite; each such check is named on @f with the reason,
 * so it stays in sight.  A check expected to fail that did not fails it.
 */
int summary_exit_code_known(FILE *f, const struct run_result *runs, size_t n,
			    const struct known_failures *kf)
{
	const struct known_failure *k;
	bool failed = false, all_known;
	size_t i, c, nfailed;

	for (i = 0; i < n; i++) {
		if (runs[i].verdict == VERDICT_ERROR)
			return EXIT_LAB;
		failed |= expected_failure_missed(f, &runs[i]);
		if (runs[i].verdict != VERDICT_FAIL)
			continue;
		all_known = true;
		nfailed = 0;
		for (c = 0; c < runs[i].nchecks; c++) {
			if (runs[i].checks[c].verdict != VERDICT_FAIL)
				continue;
			nfailed++;
			if (expected_to_fail(&runs[i], runs[i].checks[c].name))
				continue;
			k = known_failure_match(kf, runs[i].scn->name, runs[i].label->name,
						runs[i].checks[c].name);
			if (k)
				fprintf(f, "known failure: %s %s: %s (%s line %u)\n", runs[i].id,
					runs[i].checks[c].name, k->reason, KNOWN_DEFAULT_PATH,
					k->line);
			else
				all_known = false;
		}
		/* a run failed by no check in particular stays failed */
		failed |= !all_known || !nfailed;
	}
	return failed ? EXIT_CHECK : 0;
}

int summary_exit_code(const struct run_result *runs, size_t n)
{
	struct known_failures none = { 0 };

	return summary_exit_code_known(stderr, runs, n, &none);
}
