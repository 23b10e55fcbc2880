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

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The variables lab_config_init reads that the tests set or assert on. */
static const char *const variables[] = {
	"SWAPLAB_PREFIX", "SWAPLAB_URI", "SWAPLAB_CLIENT_URI", "SWAPLAB_SERVER_URI",
	"SWAPLAB_IMAGE", "SWAPLAB_ROOT", "SWAPLAB_ACCEL",
};

static void unset_variables(void)
{
	size_t i;

	for (i = 0; i < N_OF(variables); i++)
		unsetenv(variables[i]);
}

/* The const char * member at offsetof(struct lab_config, ...) field. */
static const char **name_member(struct lab_config *c, size_t field)
{
	return (const char **)((char *)c + field);
}

/* The unsigned int member at offsetof(struct lab_config, ...) field. */
static unsigned int *number_member(struct lab_config *c, size_t field)
{
	return (unsigned int *)((char *)c + field);
}

static void test_defaults(void **state)
{
	struct lab_config c;

	unset_variables();
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
	/* SWAPLAB_URI is the client's too while SWAPLAB_CLIENT_URI is unset. */
	static const struct {
		const char *variable;
		size_t field;
		const char *value;
	} set[] = {
		{ "SWAPLAB_PREFIX", offsetof(struct lab_config, prefix), "lab2" },
		{ "SWAPLAB_URI", offsetof(struct lab_config, client_uri), "qemu+ssh://a/system" },
		{ "SWAPLAB_SERVER_URI", offsetof(struct lab_config, server_uri),
		  "qemu+ssh://b/system" },
		{ "SWAPLAB_IMAGE", offsetof(struct lab_config, image), "/images/other.qcow2" },
		{ "SWAPLAB_ROOT", offsetof(struct lab_config, root_dev), "/dev/vda1" },
	};
	struct lab_config c;
	size_t i;

	unset_variables();
	for (i = 0; i < N_OF(set); i++)
		setenv(set[i].variable, set[i].value, 1);
	lab_config_init(&c);
	for (i = 0; i < N_OF(set); i++)
		assert_string_equal(*name_member(&c, set[i].field), set[i].value);
	unset_variables();
}

/* Each bad value alone is refused with a reason that names it. */
static void expect_refused(struct lab_config *c, const char *words)
{
	assert_int_equal(lab_config_check(c), LAB_EUSAGE);
	assert_non_null(strstr(lab_strerror(), words));
}

/* One member of the defaults set to a bad value: offsetof that member. */
static const struct {
	size_t field;			/* a const char * */
	const char *value;
	const char *words;
} bad_names[] = {
	{ offsetof(struct lab_config, client_kernel), "patchd",
	  "unknown client kernel variant 'patchd'" },
	{ offsetof(struct lab_config, prefix), "bad/name", "bad prefix 'bad/name'" },
	{ offsetof(struct lab_config, prefix), "", "bad prefix" },
	{ offsetof(struct lab_config, accel), "hvf", "unknown accelerator 'hvf'" },
};

static const struct {
	size_t field;			/* an unsigned int */
	unsigned int value;
	const char *words;
} bad_numbers[] = {
	{ offsetof(struct lab_config, client_mem_mib), 16,
	  "client memory (MiB) 16 is out of range" },
	{ offsetof(struct lab_config, swap_size_mib), 0, "swap size (MiB) 0" },
	{ offsetof(struct lab_config, client_cpus), 0, "client vCPUs 0" },
	{ offsetof(struct lab_config, tunnel_port), 80, "tunnel port 80" },
	/* P+1 must be a port too */
	{ offsetof(struct lab_config, tunnel_port), 65535, "tunnel port 65535" },
};

static void test_refused(void **state)
{
	static const char *const targets[] = { "nfs4.2", "nfs3", "smb3", "local", "loop-nfs",
						 "none" };
	struct lab_config c;
	unsigned int i;

	for (i = 0; i < N_OF(bad_names); i++) {
		lab_config_init(&c);
		*name_member(&c, bad_names[i].field) = bad_names[i].value;
		expect_refused(&c, bad_names[i].words);
	}
	for (i = 0; i < N_OF(bad_numbers); i++) {
		lab_config_init(&c);
		*number_member(&c, bad_numbers[i].field) = bad_numbers[i].value;
		expect_refused(&c, bad_numbers[i].words);
	}
	lab_config_init(&c);
	for (i = 0; i < N_OF(targets); i++) {
		c.swap_target = targets[i];
		assert_int_equal(lab_config_check(&c), 0);
	}
	/* The names come from the targets' table; the message stays as it was. */
	c.swap_target = "nfs4";
	expect_refused(&c, "unknown swap target 'nfs4'");
	assert_string_equal(lab_strerror(),
			    "unknown swap target 'nfs4' (known: nfs4.2, nfs3, smb3, local, loop-nfs, none)");
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
