/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks that judge the whole run, one line each: CHECK(sym) names the
 * descriptor check_<sym> (in scenarios/check_*.c, recovery.c).  A workload's
 * own checks are in its descriptor and come after these.
 * No include guard: registry.c includes it once per use of CHECK().
 */
CHECK(workloads)
CHECK(content)
CHECK(swap_traffic)
CHECK(nfs_traffic)
CHECK(smb_traffic)
CHECK(client_log)
CHECK(server_log)
CHECK(recovery)
CHECK(faults)
