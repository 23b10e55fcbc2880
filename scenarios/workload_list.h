/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The workloads a scenario can run, one line each: WORKLOAD(sym) names the
 * descriptor workload_<sym> in scenarios/workload_<sym>.c.  The order is
 * that of `swaplab run --help`.
 * No include guard: registry.c includes it once per use of WORKLOAD().
 */
WORKLOAD(swapverify)
WORKLOAD(stress_ng)
WORKLOAD(fio)
WORKLOAD(swapguard)
WORKLOAD(selftests)
