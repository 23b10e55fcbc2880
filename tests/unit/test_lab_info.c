// SPDX-License-Identifier: GPL-2.0
/* What lab_info() reads of the kernel build cache, and the kernel check. */
#include <glib.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lab_info.h"
#include "lab_private.h"

static char *cache;

static void put(const char *variant, const char *name, const char *text)
{
	char *dir = g_build_filename(cache, "kernel", "out", variant, NULL);
	char *path = g_build_filename(dir, name, NULL);

	g_mkdir_with_parents(dir, 0755);
	assert_true(g_file_set_contents(path, text, -1, NULL));
	g_free(path);
	g_free(dir);
}

static int setup(void **state)
{
	cache = g_dir_make_tmp("swaplab-info-XXXXXX", NULL);
	setenv("SWAPLAB_CACHE", cache, 1);
	put("patched", "bzImage", "");
	put("patched", "config", "abc");
	put("patched", "release", "6.12.118-swaplab-patched\n");
	put("patched", "commit", "c0ffee\n");
	put("patched", "key", "k\nmore\n");
	put("patched", "series_hash", "");
	return 0;
}

static int teardown(void **state)
{
	char *cmd = g_strdup_printf("rm -rf '%s'", cache);

	assert_int_equal(system(cmd), 0);
	g_free(cmd);
	g_free(cache);
	return 0;
}

static void test_build_read(void **state)
{
	struct lab_kernel_build kb;

	lab_kernel_build_read("patched", &kb);
	assert_string_equal(kb.variant, "patched");
	assert_true(kb.built);
	/* FIPS 180-2's "abc" */
	assert_string_equal(kb.config_hash,
			    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	assert_string_equal(kb.release, "6.12.118-swaplab-patched");
	assert_string_equal(kb.commit, "c0ffee");
	assert_string_equal(kb.key, "k");
	assert_string_equal(kb.series_hash, "");
	lab_kernel_build_free(&kb);
}

static void test_build_missing(void **state)
{
	struct lab_kernel_build kb;

	lab_kernel_build_read("debug", &kb);
	assert_false(kb.built);
	assert_string_equal(kb.config_hash, "");
	assert_string_equal(kb.release, "");
	assert_string_equal(kb.commit, "");
	lab_kernel_build_free(&kb);
}

static void test_kernel_check(void **state)
{
	char *want = g_strdup_printf("the debug kernel is not built (no %s/kernel/out/debug/bzImage): run 'make kernel-debug'",
				     cache);

	assert_int_equal(lab_kernel_check("patched"), 0);
	assert_int_equal(lab_kernel_check("debug"), LAB_EENV);
	assert_string_equal(lab_strerror(), want);
	g_free(want);
}

static void test_info_of_config(void **state)
{
	struct lab_config cfg;
	struct lab_info info;
	char *console = g_strdup_printf("%s/labs/swl/console-server.log", cache);

	lab_config_init(&cfg);
	cfg.prefix = "swl";
	lab_info_of_config(&cfg, &info);
	assert_string_equal(info.accel, "");
	assert_string_equal(info.qemu, "");
	assert_non_null(strchr(info.libvirt, '.'));
	assert_string_equal(info.console[LAB_SERVER], console);
	assert_string_equal(info.kernel[LAB_CLIENT].variant, "patched");
	assert_string_equal(info.kernel[LAB_SERVER].variant, "stock");
	lab_info_free(&info);
	g_free(console);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_build_read),
		cmocka_unit_test(test_build_missing),
		cmocka_unit_test(test_kernel_check),
		cmocka_unit_test(test_info_of_config),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
