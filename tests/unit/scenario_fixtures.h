/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Logs as the guests print them, for the scenario unit tests: the stress-ng
 * YAML is from stress-ng 0.15.06, the rest follows the kernel's formats
 * (fs/nfs/iostat, lib/kselftest) and swapverify's JSON.
 */
#ifndef SCENARIO_FIXTURES_H
#define SCENARIO_FIXTURES_H

#define MOUNTSTATS(wops, wtrans, wbytes, rops, rbytes) \
	"device proc mounted on /proc with fstype proc\n" \
	"device 10.77.0.1:/export/swaplab mounted on /mnt/swaplab with fstype nfs4 statvers=1.1\n" \
	"\topts:\trw,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp\n" \
	"\tage:\t120\n" \
	"\tbytes:\t0 0 0 0 0 0 0 0\n" \
	"\tRPC iostats version: 1.1  p/v: 100003/4 (nfs)\n" \
	"\txprt:\ttcp 0 1 1 0 0 2 2 0 2 0 2 0 0\n" \
	"\tper-op statistics\n" \
	"\t        NULL: 1 1 0 44 24 0 0 0 0\n" \
	"\t        READ: " #rops " " #rops " 0 1000 " #rbytes " 0 12 13 0\n" \
	"\t       WRITE: " #wops " " #wtrans " 0 " #wbytes " 2000 0 40 45 0\n" \
	"\t      COMMIT: 0 0 0 0 0 0 0 0 0\n" \
	"\n" \
	"device /dev/vda mounted on / with fstype ext4\n"

/* NFSv4.2 with a server that has READ_PLUS: reads are counted there. */
#define MOUNTSTATS_READ_PLUS(wops, wbytes, pops, pbytes) \
	"device 10.77.0.1:/export/swaplab mounted on /mnt/swaplab with fstype nfs4 statvers=1.1\n" \
	"\tper-op statistics\n" \
	"\t        READ: 0 0 0 0 0 0 0 0 0\n" \
	"\t       WRITE: " #wops " " #wops " 0 " #wbytes " 2000 0 40 45 0\n" \
	"\t   READ_PLUS: " #pops " " #pops " 0 1000 " #pbytes " 0 12 13 0\n"

/*
 * /proc/fs/cifs/Stats of a 6.12 client with one SMB 3.1.1 share mounted
 * (CONFIG_CIFS_STATS2=y, the default), line for line as
 * cifs_stats_proc_show() (fs/smb/client/cifs_debug.c) and
 * smb2_print_stats() (smb2ops.c) print it: the share's request counts and
 * payload bytes.
 */
#define CIFS_STATS(reads, rbytes, writes, wbytes) \
	"Resources in use\n" \
	"CIFS Session: 1\n" \
	"Share (unique mount targets): 2\n" \
	"SMB Request/Response Buffer: 1 Pool size: 5\n" \
	"SMB Small Req/Resp Buffer: 1 Pool size: 30\n" \
	"Total Large 1290 Small 5121 Allocations\n" \
	"Operations (MIDs): 0\n" \
	"\n" \
	"0 session 0 share reconnects\n" \
	"Total vfs operations: 97 maximum at one time: 2\n" \
	"\n" \
	"Max requests in flight: 17\n" \
	"Total time spent processing by command. Time units are jiffies (250 per second)\n" \
	"  SMB3 CMD\tNumber\tTotal Time\tFastest\tSlowest\n" \
	"  --------\t------\t----------\t-------\t-------\n" \
	"  0\t\t1\t3\t\t1\t9\n" \
	"  1\t\t1\t3\t\t1\t9\n" \
	"  2\t\t0\t0\t\t0\t0\n" \
	"  3\t\t2\t6\t\t1\t9\n" \
	"  4\t\t4\t12\t\t1\t9\n" \
	"  5\t\t0\t0\t\t0\t0\n" \
	"  6\t\t0\t0\t\t0\t0\n" \
	"  7\t\t0\t0\t\t0\t0\n" \
	"  8\t\t6\t18\t\t1\t9\n" \
	"  9\t\t40\t120\t\t1\t9\n" \
	"  10\t\t0\t0\t\t0\t0\n" \
	"  11\t\t0\t0\t\t0\t0\n" \
	"  12\t\t0\t0\t\t0\t0\n" \
	"  13\t\t0\t0\t\t0\t0\n" \
	"  14\t\t0\t0\t\t0\t0\n" \
	"  15\t\t0\t0\t\t0\t0\n" \
	"  16\t\t3\t9\t\t1\t9\n" \
	"  17\t\t0\t0\t\t0\t0\n" \
	"  18\t\t0\t0\t\t0\t0\n" \
	"\n" \
	"1) \\\\10.77.0.1\\swaplab\n" \
	"SMBs: 58 since 2026-12-07 16:45:01 UTC\n" \
	"Bytes read: " #rbytes "  Bytes written: " #wbytes "\n" \
	"Open files: 1 total (local), 1 open on server\n" \
	"TreeConnects: 1 total 0 failed\n" \
	"TreeDisconnects: 0 total 0 failed\n" \
	"Creates: 6 total 0 failed\n" \
	"Closes: 5 total 0 failed\n" \
	"Flushes: 1 total 0 failed\n" \
	"Reads: " #reads " total 0 failed\n" \
	"Writes: " #writes " total 0 failed\n" \
	"Locks: 0 total 0 failed\n" \
	"IOCTLs: 1 total 1 failed\n" \
	"QueryDirectories: 0 total 0 failed\n" \
	"ChangeNotifies: 0 total 0 failed\n" \
	"QueryInfos: 12 total 0 failed\n" \
	"SetInfos: 2 total 0 failed\n" \
	"OplockBreaks: 0 sent 0 failed\n"

#define VMSTAT(out, in) \
	"nr_free_pages 1234\npswpin " #in "\npswpout " #out "\npgfault 99\n"

static const char stress_ng_yaml[] =
	"---\n"
	"system-info:\n"
	"      stress-ng-version: 0.15.06\n"
	"      run-by: root\n"
	"      pagesize: 4096\n"
	"\n"
	"metrics:\n"
	"    - stressor: vm\n"
	"      bogo-ops: 50688\n"
	"      bogo-ops-per-second-usr-sys-time: 64814.850334\n"
	"      bogo-ops-per-second-real-time: 16849.612691\n"
	"      wall-clock-time: 3.008259\n"
	"      max-rss: 10132\n"
	"\n"
	"    - stressor: brk\n"
	"      bogo-ops: 190100\n"
	"      bogo-ops-per-second-usr-sys-time: 247048.029464\n"
	"      bogo-ops-per-second-real-time: 61908.897026\n"
	"      nanosecs-per-sbrk-page-expand: 5319.803234\n"
	"...\n";

static const char stress_ng_clean_log[] =
	"stress-ng: info:  [8746] setting to a 3 second run per stressor\n"
	"stress-ng: info:  [8746] dispatching hogs: 1 vm\n"
	"stress-ng: info:  [8746] successful run completed in 3.61s\n";

static const char stress_ng_failed_log[] =
	"stress-ng: info:  [511] dispatching hogs: 1 vm\n"
	"stress-ng: fail:  [512] stress-ng-vm: detected 1312 bit errors while stressing memory\n"
	"stress-ng: fail:  [512] stress-ng-vm: detected 8 bit errors while stressing memory\n"
	"stress-ng: error: [511] process [512] (stress-ng-vm) terminated with an error, exit status=2 (stressor failed)\n";

static const char swapverify_good[] =
	"{ \"tool\":\"swapverify\", \"schema\":1, \"verdict\":\"pass\", \"seed\":7,\n"
	"  \"swapout_mibps\":21.5, \"swapin_mibps\":14.25, \"pswpout\":122880,\n"
	"  \"fault_us\":{ \"samples\":2048, \"p50\":410.0, \"p99\":2900.5, \"max\":41000.0 },\n"
	"  \"bad_pages\":0, \"first_bad_pages\":[ ], \"cycles\":[ ] }\n";

static const char swapverify_bad[] =
	"{ \"tool\":\"swapverify\", \"verdict\":\"fail\", \"swapout_mibps\":20.0,\n"
	"  \"swapin_mibps\":10.0, \"fault_us\":{ \"p50\":1, \"p99\":2, \"max\":3 },\n"
	"  \"bad_pages\":4096, \"first_bad_pages\":[\n"
	"    { \"pass\":1, \"order\":\"sequential\", \"page\":70000, \"found\":\"garbage\" },\n"
	"    { \"pass\":1, \"order\":\"sequential\", \"page\":70001, \"found\":\"garbage\" } ] }\n";

static const char fio_json[] =
	"{ \"fio version\" : \"fio-3.33\", \"jobs\" : [\n"
	"  { \"jobname\" : \"write\", \"read\" : { \"bw\" : 0 }, \"write\" : { \"bw\" : 40960 } },\n"
	"  { \"jobname\" : \"read\", \"read\" : { \"bw\" : 81920 }, \"write\" : { \"bw\" : 0 } } ] }\n";

static const char cow_ktap[] =
	"TAP version 13\n"
	"# [INFO] detected PMD size: 2048 KiB\n"
	"1..6\n"
	"# [RUN] Basic COW after fork() ... with base page\n"
	"ok 1 No leak from parent into child\n"
	"# [RUN] Basic COW after fork() ... with swapped out base page\n"
	"ok 2 No leak from parent into child\n"
	"# [RUN] Basic COW after fork() ... with swapped-out THP (2048 kB)\n"
	"ok 3 # SKIP MADV_PAGEOUT did not work, is swap enabled?\n"
	"# [RUN] vmsplice() + unmap in child ... with swapped out base page\n"
	"%s 4 No leak from child into parent\n"
	"# [RUN] R/O GUP pin ... with base page\n"
	"not ok 5 Leak from parent into child\n"
	"# Totals: pass:3 fail:1 xfail:0 xpass:0 skip:1 error:0\n";

static const char memcontrol_ktap[] =
	"ok 1 test_memcg_subtree_control\n"
	"not ok 2 test_memcg_low\n"
	"ok 8 test_memcg_reclaim\n"
	"ok 10 test_memcg_swap_max_peak\n"
	"ok 11 test_memcg_sock # SKIP\n";

#endif
