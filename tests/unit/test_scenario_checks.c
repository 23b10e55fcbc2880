// SPDX-License-Identifier: GPL-2.0
/* Checks and metrics judge a run from its logs: each can pass and fail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../scenarios/run.h"
#include "scenario_fixtures.h"

static const char scenario_text[] =
	"[scenario]\n"
	"client_mem = 256M\n"
	"min_swapout = 100M\n"
	"min_swapin = 1x\n"
	"min_nfs_write = 100M\n"
	"min_nfs_read = 10M\n"
	"oom_allowed = stress-ng\n"
	"[swapverify]\n"
	"[stress-ng]\n"
	"vm_methods = flip\n"
	"stressors = brk\n"
	"[fio]\n"
	"[swapguard]\n"
	"[selftests]\n";

struct fixture {
	struct scenario *scn;
	struct evidence ev;
};

static void put_workloads(struct evidence *ev)
{
	static const char *const names[] = {
		"swapverify", "stress-ng", "fio", "swapguard", "selftests", NULL
	};
	struct workload_status *w;
	int i;

	for (i = 0; names[i]; i++) {
		w = evidence_add_workload(ev, names[i]);
		w->started = w->finished = true;
		w->elapsed_s = 10;
	}
}

/* A run where everything went right: 300 MiB out and in over NFS. */
static int setup(void **state)
{
	static struct fixture f;
	char err[512], cow[2048];

	f.scn = scenario_parse_text("c.scn", scenario_text, err, sizeof(err));
	if (!f.scn)
		fail_msg("%s", err);
	evidence_init(&f.ev, f.scn, "nfs4.2", NULL);
	put_workloads(&f.ev);
	f.ev.elapsed_s = 50;
	evidence_put(&f.ev, "vmstat-before.txt", VMSTAT(1000, 1000));
	evidence_put(&f.ev, "vmstat-after.txt", VMSTAT(77800, 77800));
	evidence_put(&f.ev, "mountstats-before.txt", MOUNTSTATS(10, 10, 10240, 10, 0));
	/* 2400 WRITEs of 128 KiB = 300 MiB; fio adds 100 of 1 MiB below. */
	evidence_put(&f.ev, "mountstats-after.txt",
		     MOUNTSTATS(2510, 2513, 419440640, 4010, 419430400));
	evidence_put(&f.ev, "fio-mountstats-before.txt", MOUNTSTATS(10, 10, 10240, 10, 0));
	evidence_put(&f.ev, "fio-mountstats-after.txt",
		     MOUNTSTATS(110, 110, 104867840, 110, 104857600));
	evidence_put(&f.ev, "dmesg-client.txt", "[1] Adding swap\n"
		     "[9] Out of memory: Killed process 7 (stress-ng-bighe)\n");
	evidence_put(&f.ev, "dmesg-server.txt", "[1] nfsd: starting\n");
	evidence_put(&f.ev, "swapverify.json", swapverify_good);
	evidence_put(&f.ev, "stress-ng.log", stress_ng_clean_log);
	evidence_put(&f.ev, "stress-ng.yaml", stress_ng_yaml);
	evidence_put(&f.ev, "stress-ng-vm_flip.yaml", stress_ng_yaml);
	evidence_put(&f.ev, "stress-ng-stressors.yaml", stress_ng_yaml);
	evidence_put(&f.ev, "fio.json", fio_json);
	evidence_put(&f.ev, "swapguard.tap", "1..2\nok 1 write(2): ETXTBSY\nok 2 mmap: ETXTBSY\n");
	snprintf(cow, sizeof(cow), cow_ktap, "ok");
	evidence_put(&f.ev, "selftest-cow.ktap", cow);
	evidence_put(&f.ev, "selftest-memcontrol.ktap", memcontrol_ktap);
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	evidence_free(&f->ev);
	scenario_free(f->scn);
	return 0;
}

static enum verdict judge(struct fixture *f, const char *name, char *reason)
{
	struct check_result res = { 0 };

	check_find(name)->evaluate(&f->ev, &res);
	if (reason)
		strcpy(reason, res.reason);
	return res.verdict;
}

static void test_all_pass(void **state)
{
	struct fixture *f = *state;
	struct run_result res = { .scn = f->scn };
	size_t i;

	run_evaluate(&f->ev, &res);
	assert_int_equal(res.nchecks, 13);
	for (i = 0; i < res.nchecks; i++)
		if (res.checks[i].verdict != VERDICT_PASS &&
		    /* no fault here to recover from or to verify itself, no SMB */
		    !((!strcmp(res.checks[i].name, "recovery") ||
		       !strcmp(res.checks[i].name, "faults") ||
		       !strcmp(res.checks[i].name, "smb-traffic")) &&
		      res.checks[i].verdict == VERDICT_SKIP))
			fail_msg("%s: %s: %s", res.checks[i].name,
				 verdict_name(res.checks[i].verdict), res.checks[i].reason);
	assert_int_equal(res.verdict, VERDICT_PASS);
	run_result_free(&res);
}

static void test_metrics(void **state)
{
	struct fixture *f = *state;
	struct run_result res = { .scn = f->scn };

	run_evaluate(&f->ev, &res);
	assert_true(metric_get(&res.metrics, "swapout_mibps")->value == 21.5);
	assert_true(metric_get(&res.metrics, "swapout_mibps")->higher_is_better);
	assert_true(metric_get(&res.metrics, "fault_p99_us")->value == 2900.5);
	assert_false(metric_get(&res.metrics, "fault_p99_us")->higher_is_better);
	assert_non_null(metric_get(&res.metrics, "stressng_vm_flip_bogo_ops_s"));
	assert_non_null(metric_get(&res.metrics, "stressng_brk_bogo_ops_s"));
	/* fio's 100 x 1 MiB are left out: 2400 swap WRITEs of 128 KiB remain */
	assert_true(metric_get(&res.metrics, "nfs_write_avg_kib")->value == 128.0);
	assert_true(metric_get(&res.metrics, "rpc_retrans")->value == 3.0);
	assert_true(metric_get(&res.metrics, "ceiling_write_mibps")->value == 40.0);
	assert_true(metric_get(&res.metrics, "elapsed_s")->value == 50.0);
	run_result_free(&res);
}

static void test_content_fails(void **state)
{
	struct fixture *f = *state;
	char reason[512];

	evidence_put(&f->ev, "swapverify.json", swapverify_bad);
	assert_int_equal(judge(f, "content", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "4096 bad pages"));
	evidence_put(&f->ev, "swapverify.json", swapverify_good);
	evidence_put(&f->ev, "stress-ng.log", stress_ng_failed_log);
	assert_int_equal(judge(f, "content", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "1320 bit errors"));
	assert_int_equal(judge(f, "stress-ng", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "2 fail: line(s)"));
	evidence_put(&f->ev, "stress-ng.log", stress_ng_clean_log);
	assert_int_equal(judge(f, "stress-ng", reason), VERDICT_PASS);
	assert_string_equal(reason, "no fail: lines, exit status 0");
	/* A --vm run that finished no sweep verified nothing: said, not hidden. */
	evidence_put(&f->ev, "stress-ng.yaml",
		     "---\nmetrics:\n    - stressor: vm\n      bogo-ops: 0\n"
		     "      bogo-ops-per-second-real-time: 0.000000\n"
		     "    - stressor: brk\n      bogo-ops: 10\n"
		     "      bogo-ops-per-second-real-time: 5.0\n...\n");
	assert_int_equal(judge(f, "stress-ng", reason), VERDICT_PASS);
	assert_string_equal(reason, "no fail: lines, exit status 0; 1 of 2 stressor runs "
			    "finished no round (0 bogo ops) and verified nothing: vm");
	evidence_put(&f->ev, "stress-ng.yaml", stress_ng_yaml);
	evidence_put(&f->ev, "swapverify.json", "truncated {");
	assert_int_equal(judge(f, "content", reason), VERDICT_FAIL);
	/* A swapverify that could not force its pages out verified nothing. */
	evidence_put(&f->ev, "swapverify.json",
		     "{ \"verdict\":\"error\", \"error\":\"forcing pages out failed\","
		     " \"bad_pages\":0 }");
	assert_int_equal(judge(f, "content", reason), VERDICT_FAIL);
	assert_string_equal(reason, "swapverify could not verify: forcing pages out failed");
}

static void test_traffic_thresholds(void **state)
{
	struct fixture *f = *state;
	char reason[512];

	assert_int_equal(judge(f, "swap-traffic", reason), VERDICT_PASS);
	assert_string_equal(reason, "pswpout +300 MiB (min 100), pswpin +300 MiB (min 256)");
	evidence_put(&f->ev, "vmstat-after.txt", VMSTAT(20000, 77800));
	assert_int_equal(judge(f, "swap-traffic", reason), VERDICT_FAIL);
	/* Only fio wrote: swap did not go over NFS. */
	evidence_put(&f->ev, "mountstats-after.txt",
		     MOUNTSTATS(110, 110, 104867840, 4010, 419430400));
	assert_int_equal(judge(f, "nfs-traffic", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "NFS WRITE 0 ops 0 MiB (min 100)"));
	/* NFSv4.2 reads with READ_PLUS: they count as reads. */
	evidence_put(&f->ev, "mountstats-after.txt",
		     MOUNTSTATS_READ_PLUS(2510, 419440640, 4010, 419430400));
	assert_int_equal(judge(f, "nfs-traffic", reason), VERDICT_PASS);
	f->ev.swap_target = "local";
	assert_int_equal(judge(f, "nfs-traffic", reason), VERDICT_SKIP);
}

/*
 * Over SMB: the share's bytes, less fio's, against min_smb_write and
 * min_smb_read (their 64M defaults here); nfs-traffic skips.
 */
static void test_smb_traffic(void **state)
{
	struct fixture *f = *state;
	char reason[512];

	f->ev.swap_target = "smb3";
	assert_int_equal(judge(f, "nfs-traffic", reason), VERDICT_SKIP);
	assert_string_equal(reason, "swap target does not use NFS");
	assert_int_equal(judge(f, "smb-traffic", reason), VERDICT_FAIL);
	assert_string_equal(reason, "cifs-stats-before/after.txt missing or without an SMB share");
	evidence_put(&f->ev, "cifs-stats-before.txt", CIFS_STATS(0, 0, 0, 0));
	/* 300 MiB out and in, fio's 100 MiB each way on top. */
	evidence_put(&f->ev, "cifs-stats-after.txt",
		     CIFS_STATS(2500, 419430400, 2500, 419430400));
	evidence_put(&f->ev, "fio-cifs-stats-before.txt", CIFS_STATS(0, 0, 0, 0));
	evidence_put(&f->ev, "fio-cifs-stats-after.txt", CIFS_STATS(100, 104857600, 100, 104857600));
	assert_int_equal(judge(f, "smb-traffic", reason), VERDICT_PASS);
	assert_string_equal(reason, "SMB writes 2400 (0 failed) 300 MiB (min 64), "
			    "reads 2400 (0 failed) 300 MiB (min 64)");
	/* Only fio moved data: swap did not go over SMB. */
	evidence_put(&f->ev, "cifs-stats-after.txt", CIFS_STATS(100, 104857600, 100, 104857600));
	assert_int_equal(judge(f, "smb-traffic", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "SMB writes 0 (0 failed) 0 MiB (min 64)"));
	f->ev.swap_target = "nfs4.2";
	assert_int_equal(judge(f, "smb-traffic", reason), VERDICT_SKIP);
	assert_string_equal(reason, "swap target does not use SMB");
	f->ev.swap_target = "local";
	assert_int_equal(judge(f, "smb-traffic", reason), VERDICT_SKIP);
	assert_string_equal(reason, "swap target is the local disk");
}

static void test_kernel_logs(void **state)
{
	struct fixture *f = *state;
	char reason[512];

	evidence_put(&f->ev, "dmesg-server.txt",
		     "[5] BUG: KASAN: slab-use-after-free in nfsd_write\n");
	assert_int_equal(judge(f, "server-log", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "KASAN"));
	evidence_put(&f->ev, "dmesg-client.txt",
		     "[9] Out of memory: Killed process 70 (qemu-ga)\n");
	assert_int_equal(judge(f, "client-log", reason), VERDICT_FAIL);
}

/* A crashed client: no dmesg, the console's last words name the cause. */
static void test_kernel_log_from_console(void **state)
{
	struct fixture *f = *state;
	struct check_result res = { 0 };
	struct evidence ev;

	evidence_init(&ev, f->scn, "smb3", NULL);
	check_find("client-log")->evaluate(&ev, &res);
	assert_int_equal(res.verdict, VERDICT_FAIL);
	assert_string_equal(res.reason, "dmesg-client.txt was not kept");
	evidence_put(&ev, "console-client.log", "[  OK  ] Started ssh.service\n"
		     "[  590.1] Read-error on swap-device (0:33:2043)\n"
		     "[  594.2] Kernel panic - not syncing: Attempted to kill init!\n");
	check_find("client-log")->evaluate(&ev, &res);
	assert_int_equal(res.verdict, VERDICT_FAIL);
	assert_string_equal(res.reason, "dmesg-client.txt was not kept; 2 bad line(s) in "
			    "console-client.log; first: [  590.1] Read-error on swap-device "
			    "(0:33:2043)");
	evidence_free(&ev);
}

static void test_workloads_selftests_swapguard(void **state)
{
	struct fixture *f = *state;
	char reason[512], cow[2048];

	evidence_workload(&f->ev, "fio")->finished = false;
	assert_int_equal(judge(f, "workloads", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "fio did not finish"));
	snprintf(cow, sizeof(cow), cow_ktap, "not ok");
	evidence_put(&f->ev, "selftest-cow.ktap", cow);
	assert_int_equal(judge(f, "selftests", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "No leak from child into parent"));
	evidence_put(&f->ev, "selftest-memcontrol.ktap",
		     "ok 8 test_memcg_reclaim\nnot ok 10 test_memcg_swap_max_peak\nnot ok 7 test_memcg_max\n");
	assert_int_equal(judge(f, "memcg-selftests", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "test_memcg_swap_max_peak"));
	assert_null(strstr(reason, "test_memcg_max"));
	evidence_put(&f->ev, "selftest-memcontrol.ktap",
		     "ok 8 test_memcg_reclaim\nok 10 test_memcg_swap_max_peak\nnot ok 7 test_memcg_max\n");
	assert_int_equal(judge(f, "memcg-selftests", reason), VERDICT_PASS);
	evidence_put(&f->ev, "swapguard.tap", "1..2\nok 1 write(2)\nnot ok 2 fallocate: succeeded\n");
	assert_int_equal(judge(f, "swapguard", reason), VERDICT_FAIL);
	evidence_put(&f->ev, "swapguard.tap", "1..0 # SKIP active swap '/dev/vdc' is not a file\n");
	assert_int_equal(judge(f, "swapguard", reason), VERDICT_SKIP);
}

/* fault_recovery()'s lines in a fault's log decide the recovery check. */
static void test_recovery(void **state)
{
	static const char text[] =
		"[scenario]\n[swapverify]\n[nfsd-restart]\nrounds = 2\n";
	char err[512], reason[512];
	struct scenario *scn = scenario_parse_text("r.scn", text, err, sizeof(err));
	struct fixture f = { .scn = scn };
	struct metric_set m = { 0 };

	if (!scn)
		fail_msg("%s", err);
	evidence_init(&f.ev, scn, "nfs4.2", NULL);
	assert_int_equal(judge(&f, "recovery", reason), VERDICT_SKIP);

	evidence_put(&f.ev, "fault-nfsd-restart.txt",
		     "nfs-server restarted in 2.0 s: active\nrecovery_bound_s = 60\n"
		     "swap RPCs completed: 10, then 12\nrecovery_s = 4.5\n"
		     "recovery_bound_s = 60\nrecovery_s = 12.0\n");
	assert_int_equal(judge(&f, "recovery", reason), VERDICT_PASS);
	assert_non_null(strstr(reason, "2 rounds recovered, slowest in 12.0 s"));
	metric_find("recovery")->measure(&f.ev, &m);
	assert_true(metric_get(&m, "recovery_s")->value == 12.0);
	metric_set_free(&m);

	/* one round over its bound, then one that never recovered */
	evidence_put(&f.ev, "fault-nfsd-restart.txt",
		     "recovery_bound_s = 10\nrecovery_s = 10.5\n"
		     "recovery_bound_s = 10\nrecovery_s = none\n");
	assert_int_equal(judge(&f, "recovery", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "2 of 2 rounds"));
	assert_non_null(strstr(reason, "nfsd-restart: round 1: 10.5 s, bound 10 s"));
	evidence_free(&f.ev);
	scenario_free(scn);
}

/*
 * A fault's own "verified:" lines decide the faults check; net-impair's TCP
 * counts become metrics.
 */
static void test_fault_verdicts(void **state)
{
	static const char text[] =
		"[scenario]\n[swapverify]\n[swapoff-under-load]\n[net-impair]\n";
	char err[512], reason[512];
	struct scenario *scn = scenario_parse_text("f.scn", text, err, sizeof(err));
	struct fixture f = { .scn = scn };
	struct metric_set m = { 0 };

	if (!scn)
		fail_msg("%s", err);
	evidence_init(&f.ev, scn, "nfs4.2", NULL);
	assert_int_equal(judge(&f, "faults", reason), VERDICT_SKIP);

	evidence_put(&f.ev, "fault-swapoff-under-load.txt",
		     "swapoff_s = 41.0\nverified: pass: swapoff succeeded in 41.0 s\n");
	evidence_put(&f.ev, "fault-net-impair.txt",
		     "rpcs_during = 17\nretrans_server = 30\nretrans_client = 4\n");
	assert_int_equal(judge(&f, "faults", reason), VERDICT_PASS);
	assert_non_null(strstr(reason, "1 fault rounds verified"));
	metric_find("rpc-retrans")->measure(&f.ev, &m);
	assert_true(metric_get(&m, "tcp_retrans_server")->value == 30);
	assert_true(metric_get(&m, "tcp_retrans_client")->value == 4);
	metric_set_free(&m);

	evidence_put(&f.ev, "fault-swapoff-under-load.txt",
		     "verified: pass: swapoff failed cleanly\n"
		     "verified: fail: swapoff of /mnt/swaplab/swapfile did not return in 900 s\n");
	assert_int_equal(judge(&f, "faults", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "1 of 2 fault rounds failed (swapoff-under-load: "
				       "swapoff of /mnt/swaplab/swapfile did not return"));
	evidence_free(&f.ev);
	scenario_free(scn);
}

/*
 * The shmem workload: swapverify --shmem, its report judged by the content
 * check like swapverify's and measured into shmem_* metrics.
 */
static void test_shmem(void **state)
{
	static const char text[] = "[scenario]\nclient_mem = 256M\n[shmem]\nsize = 0.5x\n";
	char err[512], reason[512], *cmd;
	struct scenario *scn = scenario_parse_text("s.scn", text, err, sizeof(err));
	struct fixture f = { .scn = scn };
	struct workload_ctx ctx = { .dir = "/tmp", .swap_target = "nfs4.2", .client_mem_mib = 256 };
	struct metric_set m = { 0 };

	if (!scn)
		fail_msg("%s", err);
	ctx.params = &scn->sections[0].params;
	cmd = scn->sections[0].workload->command(&ctx);
	assert_string_equal(cmd, "exec swapverify --shmem --size 128 --passes 1");
	free(cmd);
	evidence_init(&f.ev, scn, "nfs4.2", NULL);
	evidence_add_workload(&f.ev, "shmem")->finished = true;
	evidence_put(&f.ev, "shmem.json", swapverify_good);
	assert_int_equal(judge(&f, "content", reason), VERDICT_PASS);
	assert_string_equal(reason, "0 bad pages (shmem)");
	metric_find("shmem-swap")->measure(&f.ev, &m);
	assert_true(metric_get(&m, "shmem_swapout_mibps")->value == 21.5);
	assert_true(metric_get(&m, "shmem_fault_p99_us")->value == 2900.5);
	assert_null(metric_get(&m, "swapout_mibps"));
	metric_set_free(&m);
	evidence_put(&f.ev, "shmem.json", swapverify_bad);
	assert_int_equal(judge(&f, "content", reason), VERDICT_FAIL);
	assert_non_null(strstr(reason, "4096 bad pages (shmem, first: page 70000: garbage"));
	evidence_put(&f.ev, "shmem.json", "not json");
	assert_int_equal(judge(&f, "content", reason), VERDICT_FAIL);
	assert_string_equal(reason, "shmem.json is missing or not a swapverify report");
	evidence_free(&f.ev);
	scenario_free(scn);
}

/* A fault's guest commands, as a lab would get them; the client's NFS RPCs grow. */
static char fault_scripts[2048];

static int fake_sh(void *runner, enum guest_role role, const char *script,
		   char *out, size_t outlen, char *why, size_t len)
{
	static unsigned calls;
	size_t used = strlen(fault_scripts);

	snprintf(fault_scripts + used, sizeof(fault_scripts) - used, "%s: %s\n",
		 role == GUEST_SERVER ? "server" : "client", script);
	if (++calls % 2)
		snprintf(out, outlen, MOUNTSTATS(10, 10, 10240, 10, 0));
	else
		snprintf(out, outlen, MOUNTSTATS(20, 20, 20480, 20, 0));
	return 0;
}

/* A fault's own options reach what it does, typed: corrupt-swap, nfsd-restart. */
static void test_fault_options(void **state)
{
	static const char text[] = "[scenario]\n[swapverify]\n[corrupt-swap]\nfrom = 10\n"
		"to = 20\nclasses = swapverify\n[nfsd-restart]\nrecovery = 45s\n";
	char err[512], why[256], *log = NULL;
	struct scenario *scn = scenario_parse_text("f.scn", text, err, sizeof(err));
	struct fault_ctx ctx = { .sh = fake_sh, .armed = "client.swap", .round = 1 };
	size_t loglen = 0;

	if (!scn)
		fail_msg("%s", err);
	ctx.log = open_memstream(&log, &loglen);
	ctx.params = &scn->sections[1].params;
	ctx.opts = ctx.params->opts;
	assert_int_equal(scn->sections[1].fault->inject(&ctx, why, sizeof(why)), 0);
	assert_non_null(strstr(fault_scripts, "server: swapcorrupt --from 10 --to 20 "
			       "--class swapverify /export/swaplab/client.swap\n"));
	ctx.params = &scn->sections[2].params;
	ctx.opts = ctx.params->opts;
	assert_int_equal(scn->sections[2].fault->inject(&ctx, why, sizeof(why)), 0);
	fflush(ctx.log);
	assert_non_null(strstr(log, "recovery_bound_s = 45\n"));
	assert_non_null(strstr(log, "recovery_s = "));
	fclose(ctx.log);
	free(log);
	scenario_free(scn);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_all_pass, setup, teardown),
		cmocka_unit_test(test_recovery),
		cmocka_unit_test(test_fault_verdicts),
		cmocka_unit_test(test_shmem),
		cmocka_unit_test(test_fault_options),
		cmocka_unit_test_setup_teardown(test_metrics, setup, teardown),
		cmocka_unit_test_setup_teardown(test_content_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(test_traffic_thresholds, setup, teardown),
		cmocka_unit_test_setup_teardown(test_smb_traffic, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kernel_logs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kernel_log_from_console, setup, teardown),
		cmocka_unit_test_setup_teardown(test_workloads_selftests_swapguard, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
