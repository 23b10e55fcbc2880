// SPDX-License-Identifier: GPL-2.0
/* Summary statistics and Welch's t-test; the t distribution is GSL's. */
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

#include "stats.h"

void sample_stats_of(const double *values, size_t n, struct sample_stats *s)
{
	s->n = n;
	s->mean = n ? gsl_stats_mean(values, 1, n) : 0.0;
	s->stddev = n > 1 ? gsl_stats_sd_m(values, 1, n, s->mean) : 0.0;
}

void running_stats_add(struct running_stats *r, double v)
{
	if (!r->n || v < r->min)
		r->min = v;
	if (!r->n || v > r->max)
		r->max = v;
	r->n++;
	r->sum += v;
	r->sumsq += v * v;
}

void running_stats_summary(const struct running_stats *r, struct sample_stats *s)
{
	double var;

	s->n = r->n;
	s->mean = r->n ? r->sum / r->n : 0.0;
	s->stddev = 0.0;
	if (r->n < 2)
		return;
	var = (r->sumsq - r->n * s->mean * s->mean) / (r->n - 1);
	s->stddev = var > 0 ? sqrt(var) : 0.0;
}

bool welch_test(const struct sample_stats *a, const struct sample_stats *b,
		struct welch_result *r)
{
	double va, vb, se2;

	if (a->n < 2 || b->n < 2)
		return false;
	va = a->stddev * a->stddev / a->n;
	vb = b->stddev * b->stddev / b->n;
	se2 = va + vb;
	r->se = sqrt(se2);
	if (se2 == 0.0) {
		/* No spread on either side: any difference at all is certain. */
		r->t = a->mean == b->mean ? 0.0 : INFINITY;
		r->df = a->n + b->n - 2;
		r->p = a->mean == b->mean ? 1.0 : 0.0;
		return true;
	}
	r->t = (b->mean - a->mean) / sqrt(se2);
	r->df = se2 * se2 / (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	r->p = 2.0 * gsl_cdf_tdist_Q(fabs(r->t), r->df);
	return true;
}

void welch_interval_of(const struct sample_stats *a, const struct sample_stats *b,
		       const struct welch_result *r, double alpha, double power,
		       struct welch_interval *ci)
{
	double diff = b->mean - a->mean;
	double half = r->se ? gsl_cdf_tdist_Pinv(1.0 - alpha / 2.0, r->df) * r->se : 0.0;

	ci->lo = diff - half;
	ci->hi = diff + half;
	ci->mde = r->se ? half + gsl_cdf_tdist_Pinv(power, r->df) * r->se : 0.0;
}
