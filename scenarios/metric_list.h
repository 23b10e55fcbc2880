/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The metrics of the whole run, one line each: METRIC(sym) names the
 * descriptor metric_<sym> (in scenarios/metric_*.c, recovery.c).  A
 * workload's own metrics are in its descriptor and come after these.
 * No include guard: registry.c includes it once per use of METRIC().
 */
METRIC(nfs_io_size)
METRIC(rpc_retrans)
METRIC(elapsed)
METRIC(recovery)
