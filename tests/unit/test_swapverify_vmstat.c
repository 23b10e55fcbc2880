// SPDX-License-Identifier: GPL-2.0
/* Reading the three /proc/vmstat counters swapverify measures with. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../guests/tools/vmstat.h"

static void test_parse(void **state)
{
	const char *text =
		"nr_free_pages 12345\n"
		"nr_writeback 17\n"
		"nr_writeback_temp 99\n"
		"pgpgin 1\n"
		"pswpin 4096\n"
		"pswpout 8192\n"
		"pswpout_extra 5\n";
	struct vmstat vs;

	assert_int_equal(vmstat_parse(text, &vs), 0);
	assert_int_equal(vs.nr_writeback, 17);
	assert_int_equal(vs.pswpin, 4096);
	assert_int_equal(vs.pswpout, 8192);
}

static void test_big_counters_no_final_newline(void **state)
{
	struct vmstat vs;

	assert_int_equal(vmstat_parse("pswpout 18446744073709551615\npswpin 0\nnr_writeback 0",
				      &vs), 0);
	assert_true(vs.pswpout == UINT64_MAX);
	assert_int_equal(vs.pswpin, 0);
}

static void test_missing_counter(void **state)
{
	struct vmstat vs;

	/* A kernel without CONFIG_SWAP has no pswpin/pswpout lines. */
	assert_int_equal(vmstat_parse("nr_writeback 0\npgpgin 1\n", &vs), -1);
	/* A longer name is not the counter. */
	assert_int_equal(vmstat_parse("pswpin 1\npswpout 2\nnr_writeback_temp 3\n", &vs), -1);
	assert_int_equal(vmstat_parse("", &vs), -1);
}

static void test_live_vmstat(void **state)
{
	struct vmstat vs;

	/* Every Linux with swap support has them; this host's too. */
	assert_int_equal(vmstat_read(&vs), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_big_counters_no_final_newline),
		cmocka_unit_test(test_missing_counter),
		cmocka_unit_test(test_live_vmstat),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
