/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks that decide a run's verdict, one line each: CHECK(sym) names
 * the descriptor check_<sym> (in scenarios/check_*.c, recovery.c), in the
 * order checks.json lists them.
 * No include guard: registry.c includes it once per use of CHECK().
 */
CHECK(workloads)
CHECK(content)
CHECK(stress_ng)
CHECK(swap_traffic)
CHECK(nfs_traffic)
CHECK(client_log)
CHECK(server_log)
CHECK(selftests)
CHECK(memcg_selftests)
CHECK(swapguard)
CHECK(recovery)
CHECK(faults)
