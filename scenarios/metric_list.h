/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The metrics a run records, one line each: METRIC(sym) names the
 * descriptor metric_<sym> (in scenarios/metric_*.c, recovery.c), in the
 * order metrics.json lists them.
 * No include guard: registry.c includes it once per use of METRIC().
 */
METRIC(swap_speed)
METRIC(fault_latency)
METRIC(bogo_ops)
METRIC(nfs_io_size)
METRIC(rpc_retrans)
METRIC(elapsed)
METRIC(ceiling)
METRIC(recovery)
