// SPDX-License-Identifier: GPL-2.0
/*
 * The built swapverify on this host: a dry run verifies every page, a host
 * without enough swap is an environment error (exit 3) that names the fix,
 * and bad input is exit 2.  Runs guests/tools/bin/swapverify from the top of
 * the tree, as `make test-unit` does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <unistd.h>
#include <cmocka.h>

#include <json-c/json.h>

#include "run_cmd.h"

#define SWAPVERIFY "guests/tools/bin/swapverify"

static json_object *field(json_object *o, const char *key)
{
	json_object *v = NULL;

	assert_true(json_object_object_get_ex(o, key, &v));
	return v;
}

static const char *str(json_object *o, const char *key)
{
	return json_object_get_string(field(o, key));
}

static int num(json_object *o, const char *key)
{
	return json_object_get_int(field(o, key));
}

/* The JSON report swapverify printed to out, with its verdict. */
static json_object *report(const char *verdict)
{
	json_object *j = json_tokener_parse(out);

	assert_non_null(j);
	assert_string_equal(str(j, "verdict"), verdict);
	return j;
}

static void test_dry_run_verifies_every_page(void **state)
{
	char path[] = "/tmp/swapverify-test.XXXXXX";
	json_object *j, *from_file;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(run(SWAPVERIFY " --no-pageout --size 8 --seed 9 --passes 2 --json %s",
			     path), 0);
	j = report("pass");
	assert_string_equal(str(j, "pageout"), "none");
	assert_int_equal(num(j, "seed"), 9);
	assert_int_equal(num(j, "pages"), 2048);
	assert_int_equal(num(j, "bad_pages"), 0);
	/* Two passes of (sequential, random), every page touched in each. */
	assert_int_equal(json_object_array_length(field(j, "cycles")), 4);
	assert_int_equal(num(field(j, "fault_us"), "samples"), 4 * 2048);
	from_file = json_object_from_file(path);
	assert_non_null(from_file);
	assert_true(json_object_equal(j, from_file));
	json_object_put(from_file);
	json_object_put(j);
	unlink(path);
}

/* --shmem verifies a memfd mapped shared the same way, and says so. */
static void test_dry_run_shmem(void **state)
{
	json_object *j;

	assert_int_equal(run(SWAPVERIFY " --shmem --no-pageout --size 4 --seed 3"), 0);
	j = report("pass");
	assert_string_equal(str(j, "memory"), "shmem");
	assert_int_equal(num(j, "pages"), 1024);
	assert_int_equal(num(j, "bad_pages"), 0);
	json_object_put(j);
	assert_int_equal(run(SWAPVERIFY " --no-pageout --size 4"), 0);
	j = report("pass");
	assert_string_equal(str(j, "memory"), "anonymous");
	json_object_put(j);
}

static void test_not_enough_swap(void **state)
{
	struct sysinfo si;
	json_object *j;

	assert_int_equal(sysinfo(&si), 0);
	if ((uint64_t)si.freeswap * si.mem_unit >= (8ULL << 20))
		skip();	/* this host has swap: the VM tests cover it */
	assert_int_equal(run(SWAPVERIFY " --size 8 2>/dev/null"), 3);
	j = report("error");
	assert_non_null(strstr(str(j, "error"), "not enough swap"));
	json_object_put(j);
	assert_int_equal(run(SWAPVERIFY " --size 8 2>&1 >/dev/null"), 3);
	assert_non_null(strstr(out, "--no-pageout for a dry run"));
}

static void test_bad_input(void **state)
{
	assert_int_equal(run(SWAPVERIFY " --size 0 2>&1"), 2);
	assert_non_null(strstr(out, "--size '0'"));
	assert_int_equal(run(SWAPVERIFY " --sizes 8 2>&1"), 2);
	assert_non_null(strstr(out, "unknown option '--sizes'"));
	assert_int_equal(run(SWAPVERIFY " --no-pageout --json /nonexistent/x.json 2>&1"), 2);
	assert_non_null(strstr(out, "/nonexistent/x.json"));
	assert_int_equal(run(SWAPVERIFY " --help"), 0);
	assert_non_null(strstr(out, "usage: swapverify"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dry_run_verifies_every_page),
		cmocka_unit_test(test_dry_run_shmem),
		cmocka_unit_test(test_not_enough_swap),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
