// SPDX-License-Identifier: GPL-2.0
/* The lab's knobs: defaults, the environment, and every limit refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lab.h"

static void test_defaults(void **state)
{
	struct lab_config c;

	unsetenv("SWAPLAB_PREFIX");
	unsetenv("SWAPLAB_URI");
	unsetenv("SWAPLAB_CLIENT_URI");
	unsetenv("SWAPLAB_SERVER_URI");
	unsetenv("SWAPLAB_IMAGE");
	unsetenv("SWAPLAB_ROOT");
	unsetenv("SWAPLAB_ACCEL");
	lab_config_init(&c);
	assert_string_equal(c.prefix, "swaplab");
	assert_string_equal(c.client_uri, "qemu:///system");
	assert_string_equal(c.server_uri, "qemu:///system");
	assert_string_equal(c.client_kernel, "patched");
	assert_string_equal(c.server_kernel, "stock");
	assert_string_equal(c.swap_target, "nfs4.2");
	assert_string_equal(c.root_dev, "/dev/vda");
	assert_string_equal(c.accel, "auto");
	assert_null(c.image);
	assert_int_equal(c.tunnel_port, 0);
	/* The default scenarios push ~2x RAM: RAM must stay well under swap. */
	assert_true(c.client_mem_mib * 2 <= c.swap_size_mib);
	assert_int_equal(lab_config_check(&c), 0);
}

static void test_environment(void **state)
{
	struct lab_config c;

	setenv("SWAPLAB_PREFIX", "lab2", 1);
	setenv("SWAPLAB_URI", "qemu+ssh://a/system", 1);
	setenv("SWAPLAB_SERVER_URI", "qemu+ssh://b/system", 1);
	setenv("SWAPLAB_IMAGE", "/images/other.qcow2", 1);
	setenv("SWAPLAB_ROOT", "/dev/vda1", 1);
	lab_config_init(&c);
	assert_string_equal(c.prefix, "lab2");
	assert_string_equal(c.client_uri, "qemu+ssh://a/system");
	assert_string_equal(c.server_uri, "qemu+ssh://b/system");
	assert_string_equal(c.image, "/images/other.qcow2");
	assert_string_equal(c.root_dev, "/dev/vda1");
	unsetenv("SWAPLAB_PREFIX");
	unsetenv("SWAPLAB_URI");
	unsetenv("SWAPLAB_SERVER_URI");
	unsetenv("SWAPLAB_IMAGE");
	unsetenv("SWAPLAB_ROOT");
}

/* Each bad value alone is refused with a reason that names it. */
static void expect_refused(struct lab_config *c, const char *words)
{
	assert_int_equal(lab_config_check(c), LAB_EUSAGE);
	assert_non_null(strstr(lab_strerror(), words));
}

static void test_refused(void **state)
{
	static const char *const targets[] = { "nfs4.2", "nfs3", "smb3", "local", "loop-nfs",
						 "none" };
	struct lab_config c;
	unsigned int i;

	lab_config_init(&c);
	c.client_kernel = "patchd";
	expect_refused(&c, "unknown client kernel variant 'patchd'");
	lab_config_init(&c);
	c.swap_target = "nfs4";
	expect_refused(&c, "unknown swap target 'nfs4'");
	/* The names come from the targets' table; the message stays as it was. */
	assert_string_equal(lab_strerror(),
			    "unknown swap target 'nfs4' (known: nfs4.2, nfs3, smb3, local, loop-nfs, none)");
	lab_config_init(&c);
	for (i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		c.swap_target = targets[i];
		assert_int_equal(lab_config_check(&c), 0);
	}
	lab_config_init(&c);
	c.prefix = "bad/name";
	expect_refused(&c, "bad prefix 'bad/name'");
	lab_config_init(&c);
	c.prefix = "";
	expect_refused(&c, "bad prefix");
	lab_config_init(&c);
	c.client_mem_mib = 16;
	expect_refused(&c, "client memory (MiB) 16 is out of range");
	lab_config_init(&c);
	c.swap_size_mib = 0;
	expect_refused(&c, "swap size (MiB) 0");
	lab_config_init(&c);
	c.client_cpus = 0;
	expect_refused(&c, "client vCPUs 0");
	lab_config_init(&c);
	c.tunnel_port = 80;
	expect_refused(&c, "tunnel port 80");
	lab_config_init(&c);
	c.tunnel_port = 65535;	/* P+1 must be a port too */
	expect_refused(&c, "tunnel port 65535");
	lab_config_init(&c);
	c.accel = "hvf";
	expect_refused(&c, "unknown accelerator 'hvf'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_environment),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests_name("lab_config", tests, NULL, NULL);
}
