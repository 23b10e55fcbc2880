// SPDX-License-Identifier: GPL-2.0
/* Swap plans per target, and the /proc parsing that confirms them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

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
	assert_string_equal(p.nfs_vers, "4.2");
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
	assert_null(p.nfs_vers);
	assert_null(p.file);
	swap_plan_free(&p);
	assert_true(swap_plan_make(&p, "loop-nfs", 64, "h"));
	assert_true(has_arg(step_named(&p, "loop device"), "--direct-io=on"));
	assert_string_equal(p.swap_device, "/dev/loop0");
	assert_string_equal(p.nfs_vers, "4.2");
	swap_plan_free(&p);
	assert_true(swap_plan_make(&p, "none", 64, "h"));
	assert_int_equal(p.nsteps, 0);
	swap_plan_free(&p);
	assert_false(swap_plan_make(&p, "nfs4", 64, "h"));
	swap_plan_free(&p);
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
	assert_true(nfs_version_is(opts, "4.2"));
	assert_false(nfs_version_is(opts, "4"));
	assert_false(nfs_version_is(opts, "3"));
	assert_true(nfs_version_is("rw,vers=3,hard", "3"));
	assert_false(mount_entry(proc_mounts, "/mnt", type, sizeof(type), opts, sizeof(opts)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nfs42),
		cmocka_unit_test(test_other_targets),
		cmocka_unit_test(test_allocated),
		cmocka_unit_test(test_swap_listed),
		cmocka_unit_test(test_mounts),
	};

	return cmocka_run_group_tests_name("lab_swap_plan", tests, NULL, NULL);
}
