// SPDX-License-Identifier: GPL-2.0
/* results/known-failures: the format, its errors, and matching with patterns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "../../results/known.h"

static const char text[] =
	"# comment\n"
	"\n"
	"vm-verify/dmesg-server@debug   lockdep splat in nfsd, bug #123\n"
	"  pageswap/stress-ng\tstress-ng 0.15 miscounts --pageswap\r\n"
	"*/swap-over-nfs@loc*  the local disk does not swap over NFS  \n";

static void test_parse(void **state)
{
	struct known_failures kf;
	char why[256];

	assert_int_equal(known_failures_parse(text, &kf, why, sizeof(why)), 0);
	assert_int_equal(kf.n, 3);
	assert_string_equal(kf.v[0].scenario, "vm-verify");
	assert_string_equal(kf.v[0].check, "dmesg-server");
	assert_string_equal(kf.v[0].label, "debug");
	assert_string_equal(kf.v[0].reason, "lockdep splat in nfsd, bug #123");
	assert_int_equal(kf.v[0].line, 3);
	assert_string_equal(kf.v[1].label, "*");
	assert_string_equal(kf.v[1].reason, "stress-ng 0.15 miscounts --pageswap");
	assert_string_equal(kf.v[2].reason, "the local disk does not swap over NFS");
	known_failures_free(&kf);
}

static void test_match(void **state)
{
	struct known_failures kf;
	char why[256];

	assert_int_equal(known_failures_parse(text, &kf, why, sizeof(why)), 0);
	assert_non_null(known_failure_match(&kf, "vm-verify", "debug", "dmesg-server"));
	assert_null(known_failure_match(&kf, "vm-verify", "patched", "dmesg-server"));
	assert_non_null(known_failure_match(&kf, "pageswap", "patched", "stress-ng"));
	assert_null(known_failure_match(&kf, "vm-verify", "patched", "stress-ng"));
	assert_non_null(known_failure_match(&kf, "any", "local", "swap-over-nfs"));
	assert_null(known_failure_match(&kf, "any", "patched", "swap-over-nfs"));
	known_failures_free(&kf);
}

static void test_errors(void **state)
{
	struct known_failures kf;
	char why[256];

	assert_int_equal(known_failures_parse("# x\nvm-verify/content\n", &kf, why,
					      sizeof(why)), -1);
	assert_string_equal(why, "line 2: 'vm-verify/content' has no reason: say why it "
			    "is known to fail");
	assert_int_equal(known_failures_parse("content  flaky\n", &kf, why, sizeof(why)), -1);
	assert_string_equal(why, "line 1: 'content' is not SCENARIO/CHECK[@LABEL]");
	assert_int_equal(known_failures_parse("/x y\n", &kf, why, sizeof(why)), -1);
	assert_int_equal(kf.n, 0);
}

static void test_missing_file_is_empty(void **state)
{
	struct known_failures kf;
	char why[256];

	assert_int_equal(known_failures_load("/nonexistent/known-failures", &kf, why,
					     sizeof(why)), 0);
	assert_int_equal(kf.n, 0);
}

/*
 * The default list is the project's, whatever the working directory: this
 * binary (tests/unit/bin/) belongs to the same project as lab/swaplab.
 */
static void test_default_path_is_the_projects(void **state)
{
	const char *path;
	size_t n;

	assert_int_equal(chdir("/"), 0);
	path = known_default_path();
	n = strlen(path);
	assert_true(path[0] == '/');
	assert_true(n > strlen(KNOWN_DEFAULT_PATH));
	assert_string_equal(path + n - strlen(KNOWN_DEFAULT_PATH) - 1,
			    "/" KNOWN_DEFAULT_PATH);
	assert_int_equal(access(path, R_OK), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_missing_file_is_empty),
		cmocka_unit_test(test_default_path_is_the_projects),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
