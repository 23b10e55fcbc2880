/* SPDX-License-Identifier: GPL-2.0 */
/* How numbers of a comparison read, the same in the terminal and the dashboard. */
#ifndef SWAPLAB_RESULTS_FORMAT_H
#define SWAPLAB_RESULTS_FORMAT_H

#include <stddef.h>

#include "compare.h"

#define FMT_LEN 32

/* A value with as many digits as it deserves: 41.2, 3.142, 12346. */
const char *fmt_value(double v, char buf[FMT_LEN]);
/* LKP's %stddev: the sample standard deviation as a percentage of the mean. */
const char *fmt_stddev(const struct sample_stats *s, char buf[FMT_LEN]);
/* +12.3%, -4.0%, or "from 0" when the baseline was zero. */
const char *fmt_change(double pct, char buf[FMT_LEN]);
/* The p-value, "*" when significant, "-" when no test was possible. */
const char *fmt_p(const struct metric_judgement *j, double alpha, char buf[FMT_LEN]);
/* JSON numbers as people write them (41.2, not 41.200000000000003). */
void json_numbers_short(void);
/* The sentence that states the thresholds, printed with every comparison. */
const char *fmt_thresholds(const struct compare_thresholds *th, char *buf, size_t len);

#endif
