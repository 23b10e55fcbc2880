/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The workloads a scenario can run, one line each: WORKLOAD(sym) names the
 * descriptor workload_<sym> in scenarios/workload_<sym>.c, which holds all
 * of that workload (options, command, checks, metrics).  The order is that
 * of `swaplab run --help` and of their checks and metrics.
 * No include guard: registry.c includes it once per use of WORKLOAD().
 */
WORKLOAD(swapverify)
WORKLOAD(stress_ng)
WORKLOAD(fio)
WORKLOAD(swapguard)
WORKLOAD(selftests)
WORKLOAD(shmem)
