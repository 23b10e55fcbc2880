// SPDX-License-Identifier: GPL-2.0
/*
 * The swap targets' descriptors (lab_swap.h): lookup, the names, each one's
 * plan and confirmation, the server's part; and the /proc parsing that
 * confirms them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "lab_private.h"
#include "swap_plan.h"

static const struct swap_step *step_named(const struct swap_plan *p, const char *what)
{
	unsigned int i;

	for (i = 0; i < p->nsteps; i++)
		if (!strcmp(p->steps[i].what, what))
			return &p->steps[i];
	fail_msg("no step '%s'", what);
	return NULL;
}

static bool has_arg(const struct swap_step *s, const char *arg)
{
	unsigned int i;

	for (i = 0; s->argv[i]; i++)
		if (!strcmp(s->argv[i], arg))
			return true;
	return false;
}

static void test_nfs42(void **state)
{
	struct swap_plan p;
	const struct swap_step *s;

	assert_true(swap_plan_make(&p, "nfs4.2", 1024, "swl-client"));
	s = step_named(&p, "NFS mounted");
	assert_true(has_arg(s, "vers=4.2,hard,proto=tcp"));
	assert_true(has_arg(s, "10.77.0.1:/export/swaplab"));
	s = step_named(&p, "file allocated");
	assert_string_equal(s->argv[0], "fallocate");
	assert_true(has_arg(s, "1024MiB"));
	assert_true(has_arg(s, "/mnt/swaplab/swl-client.swap"));
	assert_string_equal(p.file, "/mnt/swaplab/swl-client.swap");
	assert_int_equal(p.file_bytes, 1024ULL << 20);
	assert_true(has_arg(step_named(&p, "file mode 600"), "600"));
	assert_true(has_arg(step_named(&p, "swap on"), "/mnt/swaplab/swl-client.swap"));
	assert_string_equal(p.swap_device, "/mnt/swaplab/swl-client.swap");
	assert_string_equal(p.target->version, "4.2");
	assert_string_equal(p.target->fstype, "nfs");
	assert_string_equal(p.target->mount_point, "/mnt/swaplab");
	swap_plan_free(&p);
}

static void test_other_targets(void **state)
{
	struct swap_plan p;

	assert_true(swap_plan_make(&p, "nfs3", 64, "h"));
	assert_true(has_arg(step_named(&p, "NFS mounted"), "vers=3,hard,proto=tcp,nolock"));
	/* NFSv3 has no fallocate: every block is written. */
	assert_string_equal(step_named(&p, "file allocated")->argv[0], "dd");
	assert_true(has_arg(step_named(&p, "file allocated"), "count=64"));
	swap_plan_free(&p);
	assert_true(swap_plan_make(&p, "local", 64, "h"));
	assert_string_equal(p.swap_device, "/dev/vdc");
	assert_null(p.target->version);
	assert_null(p.target->mount_point);
	assert_null(p.file);
	swap_plan_free(&p);
	assert_true(swap_plan_make(&p, "loop-nfs", 64, "h"));
	assert_true(has_arg(step_named(&p, "loop device"), "--direct-io=on"));
	assert_string_equal(p.swap_device, "/dev/loop0");
	assert_string_equal(p.target->version, "4.2");
	swap_plan_free(&p);
	assert_true(swap_plan_make(&p, "none", 64, "h"));
	assert_int_equal(p.nsteps, 0);
	swap_plan_free(&p);
	assert_false(swap_plan_make(&p, "nfs4", 64, "h"));
	swap_plan_free(&p);
}

/* Steps in order, by what they say: the plan as the client runs it. */
static void assert_steps(const struct swap_plan *p, const char *const *whats)
{
	unsigned int i;

	for (i = 0; whats[i]; i++) {
		assert_true(i < p->nsteps);
		assert_string_equal(p->steps[i].what, whats[i]);
	}
	assert_int_equal(i, p->nsteps);
}

static void test_plans_in_order(void **state)
{
	static const char *const nfs[] = {
		"mount point made", "NFS mounted", "file allocated", "file mode 600",
		"mkswap", "swap on", NULL
	};
	static const char *const loop[] = {
		"mount point made", "NFS mounted", "file allocated", "file mode 600",
		"loop device", "mkswap", "swap on", NULL
	};
	static const char *const local[] = { "mkswap", "swap on", NULL };
	struct swap_plan p;

	assert_true(swap_plan_make(&p, "nfs4.2", 64, "h"));
	assert_steps(&p, nfs);
	assert_string_equal(step_named(&p, "NFS mounted")->argv[2], "nfs");
	assert_string_equal(step_named(&p, "NFS mounted")->argv[6], "/mnt/swaplab");
	swap_plan_free(&p);
	assert_true(swap_plan_make(&p, "nfs3", 64, "h"));
	assert_steps(&p, nfs);
	assert_string_equal(p.swap_device, "/mnt/swaplab/h.swap");
	assert_string_equal(p.target->version, "3");
	swap_plan_free(&p);
	assert_true(swap_plan_make(&p, "loop-nfs", 64, "h"));
	assert_steps(&p, loop);
	assert_true(has_arg(step_named(&p, "loop device"), "/mnt/swaplab/h.swap"));
	assert_true(has_arg(step_named(&p, "mkswap"), "/dev/loop0"));
	assert_true(has_arg(step_named(&p, "NFS mounted"), "vers=4.2,hard,proto=tcp"));
	assert_string_equal(p.file, "/mnt/swaplab/h.swap");
	swap_plan_free(&p);
	assert_true(swap_plan_make(&p, "local", 64, "h"));
	assert_steps(&p, local);
	assert_true(has_arg(step_named(&p, "swap on"), "/dev/vdc"));
	swap_plan_free(&p);
}

/*
 * SMB 3.1.1: a hard cifs mount with the lab's credentials file, the file
 * written in full (cifs_swap_activate() refuses holes).
 */
static void test_smb3(void **state)
{
	static const char *const steps[] = {
		"mount point made", "SMB mounted", "file allocated", "file mode 600",
		"mkswap", "swap on", NULL
	};
	struct swap_plan p;
	const struct swap_step *s;

	assert_true(swap_plan_make(&p, "smb3", 64, "h"));
	s = step_named(&p, "SMB mounted");
	assert_string_equal(s->argv[2], "cifs");
	assert_string_equal(s->argv[4], "vers=3.1.1,hard,cache=none,"
			    "credentials=/etc/swaplab/smb-credentials,file_mode=0600,dir_mode=0700");
	assert_string_equal(s->argv[5], "//10.77.0.1/swaplab");
	assert_string_equal(s->argv[6], "/mnt/swaplab");
	assert_string_equal(step_named(&p, "file allocated")->argv[0], "dd");
	assert_true(has_arg(step_named(&p, "file allocated"), "count=64"));
	assert_true(has_arg(step_named(&p, "file allocated"), "of=/mnt/swaplab/h.swap"));
	assert_steps(&p, steps);
	assert_string_equal(p.swap_device, "/mnt/swaplab/h.swap");
	assert_string_equal(p.target->fstype, "cifs");
	assert_string_equal(p.target->version, "3.1.1");
	assert_string_equal(p.target->protocol, "SMB");
	assert_int_equal(p.target->traffic, LAB_TRAFFIC_SMB);
	assert_string_equal(p.target->traffic_file, "/proc/fs/cifs/Stats");
	assert_true(lab_swap_target_is_network(p.target));
	assert_false(lab_swap_target_uses_nfs(p.target));
	swap_plan_free(&p);
}

static void test_lookup_and_names(void **state)
{
	static const char *const names[] = { "nfs4.2", "nfs3", "smb3", "local", "loop-nfs",
					     "none" };
	const struct lab_swap_target *t;
	unsigned int i;
	char *list;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		t = lab_swap_target_at(i);
		assert_non_null(t);
		assert_string_equal(t->name, names[i]);
		assert_ptr_equal(lab_swap_target_find(names[i]), t);
	}
	assert_null(lab_swap_target_at(i));
	assert_null(lab_swap_target_find("nfs4"));
	assert_null(lab_swap_target_find("NFS4.2"));
	assert_null(lab_swap_target_find(""));
	assert_null(lab_swap_target_find(NULL));
	list = lab_swap_target_names(", ", " or ");
	assert_string_equal(list, "nfs4.2, nfs3, smb3, local, loop-nfs or none");
	free(list);
	list = lab_swap_target_names(" | ", " | ");
	assert_string_equal(list, "nfs4.2 | nfs3 | smb3 | local | loop-nfs | none");
	free(list);
}

/* What scenarios/ will ask instead of comparing names. */
static void test_kinds(void **state)
{
	const struct lab_swap_target *nfs42 = lab_swap_target_find("nfs4.2");
	const struct lab_swap_target *nfs3 = lab_swap_target_find("nfs3");
	const struct lab_swap_target *local = lab_swap_target_find("local");
	const struct lab_swap_target *loop = lab_swap_target_find("loop-nfs");
	const struct lab_swap_target *none = lab_swap_target_find("none");

	assert_int_equal(nfs42->kind, LAB_SWAP_FILE);
	assert_int_equal(nfs3->kind, LAB_SWAP_FILE);
	assert_int_equal(local->kind, LAB_SWAP_LOCAL);
	assert_int_equal(loop->kind, LAB_SWAP_LOOP);
	assert_int_equal(none->kind, LAB_SWAP_NONE);
	assert_true(lab_swap_target_is_network(nfs42));
	assert_true(lab_swap_target_is_network(nfs3));
	assert_true(lab_swap_target_is_network(loop));
	assert_false(lab_swap_target_is_network(local));
	assert_false(lab_swap_target_is_network(none));
	assert_true(lab_swap_target_uses_nfs(nfs42));
	assert_true(lab_swap_target_uses_nfs(loop));
	assert_false(lab_swap_target_uses_nfs(local));
	assert_false(lab_swap_target_uses_nfs(none));
	assert_int_equal(nfs3->traffic, LAB_TRAFFIC_NFS);
	assert_string_equal(nfs3->traffic_file, "/proc/self/mountstats");
	assert_int_equal(local->traffic, LAB_TRAFFIC_NONE);
	assert_null(local->traffic_file);
	assert_null(local->server);
	assert_null(none->server);
	assert_ptr_equal(nfs42->server, loop->server);
	assert_ptr_equal(nfs42->server, nfs3->server);
}

/* Every descriptor: its plan fits, and says what confirms it. */
static void test_every_descriptor(void **state)
{
	const struct lab_swap_target *t;
	struct swap_plan p;
	unsigned int i, j;

	for (i = 0; (t = lab_swap_target_at(i)); i++) {
		swap_plan_of(&p, t, 16, "h");
		assert_ptr_equal(p.target, t);
		assert_true(p.nsteps <= SWAP_PLAN_MAX_STEPS);
		for (j = 0; j < p.nsteps; j++) {
			assert_non_null(p.steps[j].argv[0]);
			assert_true(p.steps[j].timeout_s > 0);
		}
		assert_non_null(p.swap_device);
		assert_int_equal(*p.swap_device == '\0', t->kind == LAB_SWAP_NONE);
		if (lab_swap_target_is_network(t)) {
			assert_non_null(t->server);
			assert_non_null(t->mount_point);
			assert_non_null(t->fstype);
			assert_non_null(t->version);
			assert_non_null(t->protocol);
			assert_non_null(t->traffic_file);
			assert_string_equal(p.file, "/mnt/swaplab/h.swap");
			assert_int_equal(p.file_bytes, 16ULL << 20);
		} else {
			assert_null(t->mount_point);
			assert_null(p.file);
			assert_int_equal(t->traffic, LAB_TRAFFIC_NONE);
		}
		swap_plan_free(&p);
	}
	assert_int_equal(i, 6);
}

/*
 * What the server provides: each protocol's files are in the tree (make
 * runs the tests from its top), one of them is the set-up script, and the
 * checks say what serving means.
 */
static void test_server_protos(void **state)
{
	const struct lab_server_proto *nfs = lab_server_proto_at(0);
	const struct lab_server_file *f;
	unsigned int i, runs = 0;

	assert_non_null(nfs);
	assert_non_null(lab_server_proto_at(1));
	assert_null(lab_server_proto_at(2));
	assert_string_equal(nfs->name, "nfs");
	assert_ptr_equal(lab_swap_target_find("nfs4.2")->server, nfs);
	for (i = 0; i < LAB_SERVER_MAX_FILES && (f = &nfs->files[i])->source; i++) {
		assert_int_equal(strncmp(f->source, "server/nfs/", 11), 0);
		assert_int_equal(access(f->source, R_OK), 0);
		runs += f->run;
	}
	assert_int_equal(i, 4);
	assert_int_equal(runs, 1);
	assert_string_equal(nfs->files[0].guest_path, "/etc/exports");
	assert_string_equal(nfs->files[3].guest_path, "/usr/local/sbin/swaplab-export");
	assert_string_equal(nfs->files[3].permissions, "0755");
	assert_string_equal(nfs->checks[0].argv[0], "exportfs");
	assert_string_equal(nfs->checks[0].expect, "/export/swaplab");
	assert_false(nfs->checks[0].at_start);
	assert_string_equal(nfs->checks[1].expect, "/dev/vdb");
	assert_true(nfs->checks[1].at_start);
	assert_string_equal(nfs->checks[2].argv[1], "/proc/sys/fs/leases-enable");
	assert_string_equal(nfs->checks[2].expect, "0");
	assert_null(nfs->checks[3].argv[0]);
	/* A reason is a printf format of the output alone: one %s (or %.Ns). */
	for (i = 0; i < LAB_SERVER_MAX_CHECKS && nfs->checks[i].argv[0]; i++) {
		const char *pct = strchr(nfs->checks[i].fail, '%');

		assert_non_null(pct);
		assert_null(strchr(pct + 1, '%'));
		assert_int_equal(pct[strspn(pct + 1, ".0123456789") + 1], 's');
	}
}

/*
 * Samba's share: its files in server/smb/ (setup.sh run after the NFS one,
 * which mounts the data disk), and checks that it is defined, on the data
 * disk, has its user and is served on 445; the reasons are formats of the
 * output alone, as NFS's are.
 */
static void test_server_smb(void **state)
{
	const struct lab_server_proto *smb = lab_server_proto_at(1);
	const struct lab_server_file *f;
	unsigned int i, runs = 0;

	assert_string_equal(smb->name, "smb");
	assert_ptr_equal(lab_swap_target_find("smb3")->server, smb);
	for (i = 0; i < LAB_SERVER_MAX_FILES && (f = &smb->files[i])->source; i++) {
		assert_int_equal(strncmp(f->source, "server/smb/", 11), 0);
		assert_int_equal(access(f->source, R_OK), 0);
		runs += f->run;
	}
	assert_int_equal(i, 3);
	assert_int_equal(runs, 1);
	assert_string_equal(smb->files[0].guest_path, "/etc/samba/smb.conf");
	assert_string_equal(smb->files[2].guest_path, "/usr/local/sbin/swaplab-smb-share");
	assert_string_equal(smb->files[2].permissions, "0755");
	assert_string_equal(smb->checks[0].argv[0], "testparm");
	assert_string_equal(smb->checks[0].expect, "[swaplab]");
	assert_false(smb->checks[0].at_start);
	assert_string_equal(smb->checks[1].argv[4], "/export/swaplab/smb");
	assert_string_equal(smb->checks[1].expect, "/dev/vdb");
	assert_string_equal(smb->checks[2].expect, "swaplab:");
	assert_string_equal(smb->checks[3].argv[0], "ss");
	assert_string_equal(smb->checks[3].argv[4], ":445");
	assert_string_equal(smb->checks[3].expect, "LISTEN");
	for (i = 0; i < LAB_SERVER_MAX_CHECKS && smb->checks[i].argv[0]; i++) {
		const char *pct = strchr(smb->checks[i].fail, '%');

		assert_non_null(pct);
		assert_null(strchr(pct + 1, '%'));
		assert_int_equal(pct[strspn(pct + 1, ".0123456789") + 1], 's');
	}
	assert_int_equal(i, 4);
}

static void test_allocated(void **state)
{
	assert_true(file_fully_allocated("67108864 131072 512\n", 64ULL << 20));
	/* A sparse file: blocks short of the size. */
	assert_false(file_fully_allocated("67108864 8 512\n", 64ULL << 20));
	assert_false(file_fully_allocated("1024 2 512\n", 64ULL << 20));
	assert_false(file_fully_allocated("stat: cannot stat\n", 64ULL << 20));
}

static const char proc_swaps[] =
	"Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
	"/mnt/swaplab/swl-client.swap            file\t\t1048572\t\t0\t\t-2\n";

static void test_swap_listed(void **state)
{
	assert_true(swap_listed(proc_swaps, "/mnt/swaplab/swl-client.swap"));
	assert_false(swap_listed(proc_swaps, "/mnt/swaplab/swl-client"));
	assert_false(swap_listed(proc_swaps, "/dev/vdc"));
	assert_false(swap_listed("Filename Type Size Used Priority\n", "/dev/vdc"));
}

static const char proc_mounts[] =
	"/dev/root / ext4 rw,relatime 0 0\n"
	"10.77.0.1:/export/swaplab /mnt/swaplab nfs4 rw,relatime,vers=4.2,rsize=1048576,"
	"hard,proto=tcp,timeo=600 0 0\n";

static void test_mounts(void **state)
{
	char type[64], opts[1024];

	assert_true(mount_entry(proc_mounts, "/mnt/swaplab", type, sizeof(type),
				opts, sizeof(opts)));
	assert_string_equal(type, "nfs4");
	assert_true(mount_version_is(opts, "4.2"));
	assert_false(mount_version_is(opts, "4"));
	assert_false(mount_version_is(opts, "3"));
	assert_true(mount_version_is("rw,vers=3,hard", "3"));
	/* cifs says its dialect the same way */
	assert_true(mount_version_is("rw,relatime,vers=3.1.1,cache=none", "3.1.1"));
	assert_false(mount_version_is("rw,relatime,vers=3.1.1,cache=none", "3.1"));
	assert_false(mount_entry(proc_mounts, "/mnt", type, sizeof(type), opts, sizeof(opts)));
	/* A cifs mount's line (6.12): type cifs, its dialect as vers=. */
	assert_true(mount_entry("//10.77.0.1/swaplab /mnt/swaplab cifs rw,relatime,vers=3.1.1,"
				"cache=none,username=swaplab,uid=0,noforceuid,gid=0,noforcegid,"
				"addr=10.77.0.1,file_mode=0600,dir_mode=0700,hard,nounix,"
				"serverino,mapposix,rsize=4194304,wsize=4194304,bsize=1048576,"
				"retrans=1,echo_interval=60,actimeo=1,closetimeo=1 0 0\n",
				"/mnt/swaplab", type, sizeof(type), opts, sizeof(opts)));
	assert_string_equal(type, "cifs");
	assert_true(mount_version_is(opts, "3.1.1"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nfs42),
		cmocka_unit_test(test_other_targets),
		cmocka_unit_test(test_plans_in_order),
		cmocka_unit_test(test_smb3),
		cmocka_unit_test(test_lookup_and_names),
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_every_descriptor),
		cmocka_unit_test(test_server_protos),
		cmocka_unit_test(test_server_smb),
		cmocka_unit_test(test_allocated),
		cmocka_unit_test(test_swap_listed),
		cmocka_unit_test(test_mounts),
	};

	return cmocka_run_group_tests_name("lab_swap_plan", tests, NULL, NULL);
}
