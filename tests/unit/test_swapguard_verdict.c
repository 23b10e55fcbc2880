// SPDX-License-Identifier: GPL-2.0
/* Judging write paths: refused right, refused wrong, accepted, skipped. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../guests/tools/sg_verdict.h"

static const int etxtbsy[] = { ETXTBSY, 0 };
static const int sigbus[] = { SG_SIGBUS, ETXTBSY, 0 };

static struct sg_judgement judge(enum sg_result r, int err, const int *refusals,
				 bool ordinary, bool landed)
{
	struct sg_outcome o = { .result = r, .err = err };
	struct sg_judgement j;

	if (r == SG_ACCEPTED)
		snprintf(o.detail, sizeof(o.detail), "wrote 4096 of 4096 bytes");
	sg_judge(&o, refusals, ordinary, landed, &j);
	return j;
}

static void test_swap_refused_as_documented(void **state)
{
	struct sg_judgement j = judge(SG_REFUSED, ETXTBSY, etxtbsy, false, false);

	assert_true(j.ok);
	assert_false(j.skip);
	assert_string_equal(j.text, "refused with ETXTBSY");
	j = judge(SG_REFUSED, SG_SIGBUS, sigbus, false, false);
	assert_true(j.ok);
	assert_string_equal(j.text, "refused with SIGBUS");
}

/* A probe that made several calls says so next to the refusal. */
static void test_swap_refusal_with_detail(void **state)
{
	struct sg_outcome o = { .result = SG_REFUSED, .err = ETXTBSY };
	struct sg_judgement j;

	snprintf(o.detail, sizeof(o.detail), "11 writes refused, 4 of them before the file system");
	sg_judge(&o, etxtbsy, false, false, &j);
	assert_true(j.ok);
	assert_string_equal(j.text, "refused with ETXTBSY (11 writes refused, 4 of them before the file system)");
}

static void test_swap_refused_otherwise(void **state)
{
	struct sg_judgement j = judge(SG_REFUSED, EINVAL, etxtbsy, false, false);

	assert_false(j.ok);
	assert_non_null(strstr(j.text, "EINVAL"));
	assert_non_null(strstr(j.text, "expected ETXTBSY"));
	j = judge(SG_REFUSED, EIO, sigbus, false, false);
	assert_non_null(strstr(j.text, "expected SIGBUS or ETXTBSY"));
}

static void test_swap_accepted(void **state)
{
	struct sg_judgement j = judge(SG_ACCEPTED, 0, etxtbsy, false, false);

	assert_false(j.ok);
	assert_non_null(strstr(j.text, "ACCEPTED"));
	assert_non_null(strstr(j.text, "wrote 4096"));
}

static void test_ordinary(void **state)
{
	struct sg_judgement j = judge(SG_ACCEPTED, 0, etxtbsy, true, true);

	assert_true(j.ok);
	j = judge(SG_ACCEPTED, 0, etxtbsy, true, false);
	assert_false(j.ok);
	assert_non_null(strstr(j.text, "does not show it"));
	/* On an ordinary file the "right" refusal is a failure too. */
	j = judge(SG_REFUSED, ETXTBSY, etxtbsy, true, false);
	assert_false(j.ok);
	assert_non_null(strstr(j.text, "refused on an ordinary file: ETXTBSY"));
}

static void test_skip(void **state)
{
	struct sg_outcome o = { .result = SG_SKIPPED };
	struct sg_judgement j;

	snprintf(o.detail, sizeof(o.detail), "io_uring unavailable: Operation not permitted");
	sg_judge(&o, etxtbsy, false, false, &j);
	assert_true(j.ok);
	assert_true(j.skip);
}

static char *tap(unsigned int n, const char *name, const struct sg_judgement *j)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	sg_tap_line(f, n, name, j);
	fclose(f);
	return buf;
}

static void test_tap_lines(void **state)
{
	struct sg_judgement ok = { .ok = true, .text = "refused with ETXTBSY" };
	struct sg_judgement bad = { .text = "ACCEPTED on an active swap file: x" };
	struct sg_judgement skip = { .ok = true, .skip = true, .text = "no io_uring" };
	char *line;

	line = tap(3, "write(2)", &ok);
	assert_string_equal(line, "ok 3 - write(2): refused with ETXTBSY\n");
	free(line);
	line = tap(4, "pwrite(2)", &bad);
	assert_string_equal(line, "not ok 4 - pwrite(2): ACCEPTED on an active swap file: x\n");
	free(line);
	line = tap(5, "io_uring", &skip);
	assert_string_equal(line, "ok 5 - io_uring # SKIP no io_uring\n");
	free(line);
}

static void test_refusal_names(void **state)
{
	assert_string_equal(sg_refusal_name(ETXTBSY), "ETXTBSY");
	assert_string_equal(sg_refusal_name(EPERM), "EPERM");
	assert_string_equal(sg_refusal_name(SG_SIGBUS), "SIGBUS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swap_refused_as_documented),
		cmocka_unit_test(test_swap_refusal_with_detail),
		cmocka_unit_test(test_swap_refused_otherwise),
		cmocka_unit_test(test_swap_accepted),
		cmocka_unit_test(test_ordinary),
		cmocka_unit_test(test_skip),
		cmocka_unit_test(test_tap_lines),
		cmocka_unit_test(test_refusal_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
