// SPDX-License-Identifier: GPL-2.0
/* How numbers of a comparison read, the same in the terminal and the dashboard. */
#include <math.h>
#include <stdio.h>

#include <json-c/json.h>

#include "format.h"

const char *fmt_value(double v, char buf[FMT_LEN])
{
	double a = fabs(v);

	if (a >= 1000 || a == 0)
		snprintf(buf, FMT_LEN, "%.0f", v);
	else if (a >= 10)
		snprintf(buf, FMT_LEN, "%.1f", v);
	else
		snprintf(buf, FMT_LEN, "%.3g", v);
	return buf;
}

const char *fmt_stddev(const struct sample_stats *s, char buf[FMT_LEN])
{
	char sd[FMT_LEN];

	if (s->n < 2)
		snprintf(buf, FMT_LEN, "-");
	else if (s->mean == 0)
		snprintf(buf, FMT_LEN, "±%s", fmt_value(s->stddev, sd));
	else
		snprintf(buf, FMT_LEN, "±%.1f%%", 100.0 * s->stddev / fabs(s->mean));
	return buf;
}

const char *fmt_change(double pct, char buf[FMT_LEN])
{
	if (isinf(pct))
		snprintf(buf, FMT_LEN, "%s from 0", pct > 0 ? "up" : "down");
	else
		snprintf(buf, FMT_LEN, "%+.1f%%", pct);
	return buf;
}

const char *fmt_p(const struct metric_judgement *j, double alpha, char buf[FMT_LEN])
{
	if (!j->tested)
		snprintf(buf, FMT_LEN, "-");
	else if (j->welch.p < 0.001)
		snprintf(buf, FMT_LEN, "<0.001%s", j->welch.p < alpha ? "*" : "");
	else
		snprintf(buf, FMT_LEN, "%.3f%s", j->welch.p, j->welch.p < alpha ? "*" : "");
	return buf;
}

const char *fmt_thresholds(const struct compare_thresholds *th, char *buf, size_t len)
{
	snprintf(buf, len, "A metric improved or regressed when B's mean moved by more "
		 "than %g%% from A's and, where both sides have n >= 2, Welch's t-test "
		 "gives p < %g (marked *); with n = 1 on a side there is no t-test "
		 "(\"n too small\") and the %g%% threshold alone decides. CI is the "
		 "%g%% confidence interval of the change (Welch), and detectable the "
		 "smallest change these runs could have shown (alpha %g, power 0.8): "
		 "\"not significant\" rules out no change smaller than that. A check "
		 "that did not fail in A and fails in B is a regression whatever the "
		 "numbers say, unless listed in known-failures. (--threshold PCT, "
		 "--alpha P)",
		 th->pct, th->alpha, th->pct, 100.0 * (1.0 - th->alpha), th->alpha);
	return buf;
}

void json_numbers_short(void)
{
	json_c_set_serialization_double_format("%.10g", JSON_C_OPTION_GLOBAL);
}
