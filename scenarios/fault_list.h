/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The faults a scenario can inject, one line each: FAULT(sym) names the
 * descriptor fault_<sym> in scenarios/fault_<sym>.c.
 * No include guard: registry.c includes it once per use of FAULT().
 */
FAULT(corrupt_swap)
FAULT(nfsd_restart)
FAULT(server_pause)
FAULT(server_reset)
FAULT(net_impair)
FAULT(swapoff_under_load)
FAULT(kill_mid_swapin)
