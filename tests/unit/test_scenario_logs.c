// SPDX-License-Identifier: GPL-2.0
/* Readers of the logs a run keeps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "../../scenarios/logparse.h"
#include "scenario_fixtures.h"

static void test_vmstat(void **state)
{
	uint64_t v;

	assert_true(vmstat_get(VMSTAT(500, 300), "pswpout", &v));
	assert_int_equal(v, 500);
	assert_false(vmstat_get(VMSTAT(500, 300), "pswp", &v));
	assert_true(vmstat_delta(VMSTAT(100, 50), VMSTAT(612, 80), "pswpin", &v));
	assert_int_equal(v, 30);
	assert_false(vmstat_delta(NULL, VMSTAT(1, 1), "pswpin", &v));
	assert_false(vmstat_delta("", VMSTAT(1, 1), "pswpin", &v));
}

static void test_mountstats(void **state)
{
	struct nfs_op_stats w, r, all, b, d;

	assert_true(mountstats_op(MOUNTSTATS(40, 42, 5242880, 10, 1048576), "WRITE", &w));
	assert_int_equal(w.ops, 40);
	assert_int_equal(w.trans, 42);
	assert_int_equal(w.bytes_sent, 5242880);
	assert_true(mountstats_op(MOUNTSTATS(40, 42, 5242880, 10, 1048576), "READ", &r));
	assert_int_equal(r.bytes_recv, 1048576);
	assert_true(mountstats_total(MOUNTSTATS(40, 42, 5242880, 10, 1048576), &all));
	assert_int_equal(all.ops, 51);
	assert_int_equal(all.trans, 53);
	assert_true(mountstats_op(MOUNTSTATS(10, 10, 1000, 0, 0), "WRITE", &b));
	nfs_op_delta(&b, &w, &d);
	assert_int_equal(d.ops, 30);
	assert_int_equal(d.trans - d.ops, 2);
	assert_false(mountstats_op("device /dev/vda mounted on / with fstype ext4\n",
				   "WRITE", &w));
	assert_false(mountstats_op(NULL, "WRITE", &w));
}

static void test_kernel_log(void **state)
{
	static const char clean[] =
		"[    0.000000] Linux version 6.12.118\n"
		"[   12.1] Adding 1048572k swap on /mnt/swaplab/client.swap.\n";
	static const char splat[] =
		"[    1.0] ok\n"
		"[   50.2] ======================================================\n"
		"[   50.2] WARNING: possible circular locking dependency detected\n"
		"[   80.0] INFO: task kworker/0:1:33 blocked for more than 120 seconds.\n";
	static const char oom[] =
		"[  9.0] Out of memory: Killed process 812 (stress-ng-bighe) total-vm:1kB\n"
		"[  9.5] Out of memory: Killed process 90 (systemd-journal) total-vm:1kB\n";
	char *allowed[] = { "stress-ng" };
	char first[256];

	assert_int_equal(kernel_log_scan(clean, NULL, 0, first, sizeof(first)), 0);
	assert_string_equal(first, "");
	assert_int_equal(kernel_log_scan(splat, NULL, 0, first, sizeof(first)), 2);
	assert_non_null(strstr(first, "circular locking"));
	assert_int_equal(kernel_log_scan(oom, NULL, 0, first, sizeof(first)), 2);
	assert_int_equal(kernel_log_scan(oom, allowed, 1, first, sizeof(first)), 1);
	assert_non_null(strstr(first, "systemd-journal"));
	assert_int_equal(kernel_log_scan("[1] Write error -5 on dio swapfile (42)\n",
					 NULL, 0, first, sizeof(first)), 1);
	/* A vCPU starved by the host under TCG: not the guest kernel's fault. */
	assert_int_equal(kernel_log_scan("[634.6] rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:\n",
					 NULL, 0, first, sizeof(first)), 0);
}

static bool swapped(const char *desc, const char *context, void *arg)
{
	return strstr(context, "swapped") != NULL;
}

static void test_ktap(void **state)
{
	struct ktap_counts c;
	char text[2048];

	snprintf(text, sizeof(text), cow_ktap, "ok");
	ktap_count(text, NULL, NULL, &c);
	assert_int_equal(c.pass, 3);
	assert_int_equal(c.fail, 1);
	assert_int_equal(c.skip, 1);
	assert_string_equal(c.failed, "Leak from parent into child");
	ktap_count(text, swapped, NULL, &c);
	assert_int_equal(c.pass, 2);
	assert_int_equal(c.fail, 0);
	assert_int_equal(c.skip, 1);
	snprintf(text, sizeof(text), cow_ktap, "not ok");
	ktap_count(text, swapped, NULL, &c);
	assert_int_equal(c.fail, 1);
	assert_string_equal(c.failed, "No leak from child into parent");
}

static void test_stress_ng(void **state)
{
	struct stress_ng_rate rates[4];
	uint64_t bits;
	char first[256];

	assert_int_equal(stress_ng_rates(stress_ng_yaml, rates, 4), 2);
	assert_string_equal(rates[0].stressor, "vm");
	assert_true(rates[0].bogo_ops_per_s > 16849.6 && rates[0].bogo_ops_per_s < 16849.7);
	assert_string_equal(rates[1].stressor, "brk");
	assert_int_equal(stress_ng_rates(stress_ng_yaml, rates, 1), 1);
	assert_int_equal(stress_ng_rates("metrics: [ unclosed", rates, 4), -1);
	assert_int_equal(stress_ng_rates(NULL, rates, 4), -1);
	assert_int_equal(stress_ng_failures(stress_ng_clean_log, &bits, first, sizeof(first)), 0);
	assert_int_equal(bits, 0);
	assert_int_equal(stress_ng_failures(stress_ng_failed_log, &bits, first, sizeof(first)), 2);
	assert_int_equal(bits, 1320);
	assert_non_null(strstr(first, "detected 1312 bit errors"));
	/* rand-set's own line repeats the vm stressor's count: counted once */
	assert_int_equal(stress_ng_failures(
		"stress-ng: fail:  [555] rand-set: detected 640 memory errors\n"
		"stress-ng: fail:  [554] vm: detected 640 bit errors while stressing memory\n",
		&bits, first, sizeof(first)), 2);
	assert_int_equal(bits, 640);
}

static void test_swapverify_and_fio(void **state)
{
	struct swapverify_report sv;
	double bw;

	assert_int_equal(swapverify_read(swapverify_good, &sv), 0);
	assert_int_equal(sv.bad_pages, 0);
	assert_true(sv.swapin_mibps == 14.25);
	assert_true(sv.fault_p99_us == 2900.5);
	assert_int_equal(swapverify_read(swapverify_bad, &sv), 0);
	assert_int_equal(sv.bad_pages, 4096);
	assert_string_equal(sv.first_bad, "page 70000: garbage, page 70001: garbage");
	assert_int_equal(swapverify_read("{\"tool\":\"other\"}", &sv), -1);
	assert_int_equal(swapverify_read("not json", &sv), -1);
	assert_true(fio_bandwidth_mibps(fio_json, "write", &bw));
	assert_true(bw == 40.0);
	assert_true(fio_bandwidth_mibps(fio_json, "read", &bw));
	assert_true(bw == 80.0);
	assert_false(fio_bandwidth_mibps("{}", "read", &bw));
}

/* /proc/fs/cifs/Stats: the first share's SMB2 READ/WRITE counts and bytes. */
static void test_cifs_stats(void **state)
{
	struct smb_share_stats b, a, d;

	assert_true(cifs_stats_share(CIFS_STATS(40, 1048576, 2400, 314572800), &a));
	assert_string_equal(a.share, "\\\\10.77.0.1\\swaplab");
	assert_int_equal(a.reads, 40);
	assert_int_equal(a.bytes_read, 1048576);
	assert_int_equal(a.writes, 2400);
	assert_int_equal(a.bytes_written, 314572800);
	assert_int_equal(a.reads_failed, 0);
	assert_int_equal(a.writes_failed, 0);
	assert_true(cifs_stats_share(CIFS_STATS(10, 4096, 100, 10485760), &b));
	smb_share_delta(&b, &a, &d);
	assert_int_equal(d.reads, 30);
	assert_int_equal(d.bytes_read, 1048576 - 4096);
	assert_int_equal(d.writes, 2300);
	assert_int_equal(d.bytes_written, 314572800 - 10485760);
	/* Counters that went back (a remount): no wrap to 2^64. */
	smb_share_delta(&a, &b, &d);
	assert_int_equal(d.writes, 0);
	/* A share that went away from the server is still parsed. */
	assert_true(cifs_stats_share("1) \\\\10.77.0.1\\swaplab\tDISCONNECTED \n"
				     "SMBs: 3 since 2026-12-07 16:45:01 UTC\n"
				     "Bytes read: 0  Bytes written: 8192\n"
				     "Reads: 0 total 0 failed\nWrites: 2 total 1 failed\n", &a));
	assert_string_equal(a.share, "\\\\10.77.0.1\\swaplab");
	assert_int_equal(a.writes_failed, 1);
	/* No share mounted (an NFS target): the header alone. */
	assert_false(cifs_stats_share("Resources in use\nCIFS Session: 0\n"
				      "Share (unique mount targets): 0\n"
				      "Total vfs operations: 0 maximum at one time: 0\n", &a));
	/* A share without its counters is not taken for an idle one. */
	assert_false(cifs_stats_share("1) \\\\h\\s\nSMBs: 0 since x\n", &a));
	assert_false(cifs_stats_share("", &a));
	assert_false(cifs_stats_share(NULL, &a));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vmstat),
		cmocka_unit_test(test_mountstats),
		cmocka_unit_test(test_cifs_stats),
		cmocka_unit_test(test_kernel_log),
		cmocka_unit_test(test_ktap),
		cmocka_unit_test(test_stress_ng),
		cmocka_unit_test(test_swapverify_and_fio),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
