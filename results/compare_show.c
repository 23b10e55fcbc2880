// SPDX-License-Identifier: GPL-2.0
/* A comparison as a plain table for people, or as JSON for scripts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_show.h"
#include "format.h"
#include "table.h"

static void print_side(FILE *f, const char *name, const struct run_side *s)
{
	size_t i;

	fprintf(f, "%s = '%s': %zu run%s:", name, s->selector, s->n, s->n == 1 ? "" : "s");
	for (i = 0; i < s->n; i++)
		fprintf(f, " %s", s->ids[i]);
	fputc('\n', f);
}

static const char *metric_verdict_cell(const struct metric_row *m)
{
	return m->j.verdict == METRIC_REGRESSED ? "REGRESSED" :
	       metric_verdict_name(m->j.verdict);
}

static void print_metrics(FILE *f, const struct comparison *cmp)
{
	static const char *const header[] = {
		"scenario", "metric", "unit", "better", "A mean", "%stddev", "n",
		"B mean", "%stddev", "n", "%change", "CI", "detectable", "p",
		"verdict (why)",
	};
	struct table t;
	size_t i;

	table_init(&t, 15, header);
	for (i = 0; i < cmp->n_metrics; i++) {
		const struct metric_row *m = &cmp->metrics[i];
		char am[FMT_LEN], asd[FMT_LEN], an[FMT_LEN], bm[FMT_LEN], bsd[FMT_LEN];
		char bn[FMT_LEN], ch[FMT_LEN], p[FMT_LEN], verdict[96];
		char ci[2 * FMT_LEN + 4], lo[FMT_LEN], hi[FMT_LEN], mde[FMT_LEN + 2];
		const char *row[15] = { m->scenario, m->metric, m->unit,
					m->higher_is_better ? "higher" : "lower",
					am, asd, an, bm, bsd, bn, ch, ci, mde, p, verdict };

		fmt_value(m->a.mean, am);
		fmt_stddev(&m->a, asd);
		snprintf(an, sizeof(an), "%zu", m->a.n);
		fmt_value(m->b.mean, bm);
		fmt_stddev(&m->b, bsd);
		snprintf(bn, sizeof(bn), "%zu", m->b.n);
		fmt_change(m->j.pct_change, ch);
		if (m->j.tested && m->a.mean) {
			snprintf(ci, sizeof(ci), "[%s, %s]", fmt_change(m->j.ci_lo_pct, lo),
				 fmt_change(m->j.ci_hi_pct, hi));
			snprintf(mde, sizeof(mde), "+-%.1f%%", m->j.mde_pct);
		} else {
			strcpy(ci, "-");
			strcpy(mde, "-");
		}
		fmt_p(&m->j, cmp->th.alpha, p);
		snprintf(verdict, sizeof(verdict), "%s (%s)", metric_verdict_cell(m),
			 m->j.note);
		table_add(&t, row);
	}
	fprintf(f, "\nMetrics\n");
	if (cmp->n_metrics)
		table_print(f, &t);
	else
		fprintf(f, "(none measured on both sides)\n");
	table_free(&t);
}

static const char *check_note(const struct check_row *c)
{
	if (c->verdict == CHECK_KNOWN)
		return c->known_reason;
	return c->reason && *c->reason ? c->reason : "";
}

static void print_checks(FILE *f, const struct comparison *cmp)
{
	static const char *const header[] = {
		"scenario", "check", "A", "B", "verdict", "reason (B run)",
	};
	struct table t;
	size_t i;

	table_init(&t, 6, header);
	for (i = 0; i < cmp->n_checks; i++) {
		const struct check_row *c = &cmp->checks[i];
		const char *row[6] = { c->scenario, c->check, check_status_name(c->a),
				       check_status_name(c->b), check_verdict_name(c->verdict),
				       check_note(c) };
		char *why = NULL;

		if (c->verdict == CHECK_REGRESSED)
			row[4] = "REGRESSED";
		if (c->b == STATUS_FAIL &&
		    asprintf(&why, "%s%s(%s)", row[5], *row[5] ? " " : "", c->run_id) > 0)
			row[5] = why;
		table_add(&t, row);
		free(why);
	}
	fprintf(f, "\nChecks\n");
	table_print(f, &t);
	table_free(&t);
}

/* The last lines name every regression, so a CI log shows them at the end. */
static void print_summary(FILE *f, const struct comparison *cmp)
{
	char ch[FMT_LEN];
	size_t i;

	fprintf(f, "\n%d regression%s, %d improvement%s, %d known failure%s (shown, "
		"not gating)\n", cmp->regressions, cmp->regressions == 1 ? "" : "s",
		cmp->improvements, cmp->improvements == 1 ? "" : "s", cmp->known,
		cmp->known == 1 ? "" : "s");
	for (i = 0; i < cmp->n_metrics; i++)
		if (cmp->metrics[i].j.verdict == METRIC_REGRESSED)
			fprintf(f, "REGRESSED metric %s/%s: %s\n", cmp->metrics[i].scenario,
				cmp->metrics[i].metric,
				fmt_change(cmp->metrics[i].j.pct_change, ch));
	for (i = 0; i < cmp->n_checks; i++)
		if (cmp->checks[i].verdict == CHECK_REGRESSED)
			fprintf(f, "REGRESSED check %s/%s: passed in A, fails in B (%s): %s\n",
				cmp->checks[i].scenario, cmp->checks[i].check,
				cmp->checks[i].run_id, cmp->checks[i].reason);
}

void comparison_print(FILE *f, const struct comparison *cmp)
{
	char th[1024];

	print_side(f, "A", &cmp->a);
	print_side(f, "B", &cmp->b);
	fprintf(f, "%s\n", fmt_thresholds(&cmp->th, th, sizeof(th)));
	print_metrics(f, cmp);
	print_checks(f, cmp);
	print_summary(f, cmp);
}

static struct json_object *side_json(const struct run_side *s)
{
	struct json_object *o = json_object_new_object(), *ids = json_object_new_array();
	size_t i;

	for (i = 0; i < s->n; i++)
		json_object_array_add(ids, json_object_new_string(s->ids[i]));
	json_object_object_add(o, "selector", json_object_new_string(s->selector));
	json_object_object_add(o, "runs", ids);
	return o;
}

static struct json_object *stats_json(const struct sample_stats *s)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "n", json_object_new_int(s->n));
	json_object_object_add(o, "mean", json_object_new_double(s->mean));
	json_object_object_add(o, "stddev", s->n > 1 ?
			       json_object_new_double(s->stddev) : NULL);
	return o;
}

/* JSON has no infinity: a change from a zero baseline has no percentage. */
static struct json_object *finite_or_null(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static struct json_object *metric_json(const struct metric_row *m)
{
	struct json_object *o = json_object_new_object();
	const struct metric_judgement *j = &m->j;

	json_object_object_add(o, "scenario", json_object_new_string(m->scenario));
	json_object_object_add(o, "metric", json_object_new_string(m->metric));
	json_object_object_add(o, "unit", json_object_new_string(m->unit));
	json_object_object_add(o, "direction", json_object_new_string(
		m->higher_is_better ? "higher" : "lower"));
	json_object_object_add(o, "a", stats_json(&m->a));
	json_object_object_add(o, "b", stats_json(&m->b));
	json_object_object_add(o, "pct_change", finite_or_null(j->pct_change));
	json_object_object_add(o, "t", j->tested ? finite_or_null(j->welch.t) : NULL);
	json_object_object_add(o, "df", j->tested ? json_object_new_double(j->welch.df) : NULL);
	json_object_object_add(o, "p", j->tested ? json_object_new_double(j->welch.p) : NULL);
	json_object_object_add(o, "ci_pct", NULL);
	json_object_object_add(o, "min_detectable_pct", NULL);
	if (j->tested && m->a.mean) {
		struct json_object *ci = json_object_new_array();

		json_object_array_add(ci, finite_or_null(j->ci_lo_pct));
		json_object_array_add(ci, finite_or_null(j->ci_hi_pct));
		json_object_object_add(o, "ci_pct", ci);
		json_object_object_add(o, "min_detectable_pct", finite_or_null(j->mde_pct));
	}
	json_object_object_add(o, "verdict", json_object_new_string(
		metric_verdict_name(j->verdict)));
	json_object_object_add(o, "note", json_object_new_string(j->note));
	return o;
}

static struct json_object *check_json(const struct check_row *c)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "scenario", json_object_new_string(c->scenario));
	json_object_object_add(o, "check", json_object_new_string(c->check));
	json_object_object_add(o, "a", json_object_new_string(check_status_name(c->a)));
	json_object_object_add(o, "b", json_object_new_string(check_status_name(c->b)));
	json_object_object_add(o, "verdict", json_object_new_string(
		check_verdict_name(c->verdict)));
	json_object_object_add(o, "reason", json_object_new_string(c->reason ? c->reason : ""));
	json_object_object_add(o, "b_run", c->run_id ? json_object_new_string(c->run_id) : NULL);
	json_object_object_add(o, "known_reason", c->known_reason ?
			       json_object_new_string(c->known_reason) : NULL);
	return o;
}

struct json_object *comparison_to_json(const struct comparison *cmp)
{
	struct json_object *o = json_object_new_object(), *th = json_object_new_object();
	struct json_object *metrics = json_object_new_array();
	struct json_object *checks = json_object_new_array();
	size_t i;

	json_object_object_add(th, "pct", json_object_new_double(cmp->th.pct));
	json_object_object_add(th, "alpha", json_object_new_double(cmp->th.alpha));
	json_object_object_add(o, "a", side_json(&cmp->a));
	json_object_object_add(o, "b", side_json(&cmp->b));
	json_object_object_add(o, "thresholds", th);
	for (i = 0; i < cmp->n_metrics; i++)
		json_object_array_add(metrics, metric_json(&cmp->metrics[i]));
	for (i = 0; i < cmp->n_checks; i++)
		json_object_array_add(checks, check_json(&cmp->checks[i]));
	json_object_object_add(o, "metrics", metrics);
	json_object_object_add(o, "checks", checks);
	json_object_object_add(o, "regressions", json_object_new_int(cmp->regressions));
	json_object_object_add(o, "improvements", json_object_new_int(cmp->improvements));
	json_object_object_add(o, "known_failures", json_object_new_int(cmp->known));
	return o;
}
