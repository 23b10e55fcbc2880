// SPDX-License-Identifier: GPL-2.0
/* Seed text: template words replaced, files carried intact in base64. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <glib.h>

#include "seed.h"

static void test_substitute(void **state)
{
	const char *vars[] = { "HOSTNAME", "swl-nfs", "ADDRESS", "10.77.0.1", NULL };
	char *out = seed_substitute("hostname: @HOSTNAME@\naddr: [ @ADDRESS@/30 ]\n"
				    "mail: a@b.c @UNKNOWN@ @\n", vars);

	assert_string_equal(out, "hostname: swl-nfs\naddr: [ 10.77.0.1/30 ]\n"
			    "mail: a@b.c @UNKNOWN@ @\n");
	free(out);
}

static void test_write_files(void **state)
{
	const char content[] = "/export/swaplab 10.77.0.2/32(rw,sync)\n# \"quotes\": 'yes'\n";
	struct seed_file f = { "/etc/exports", "0644", content, strlen(content) };
	char *yaml = seed_write_files(&f, 1);
	char *b64 = strstr(yaml, "content: ");
	guchar *decoded;
	gsize n;

	assert_non_null(strstr(yaml, "  - path: /etc/exports\n"));
	assert_non_null(strstr(yaml, "    permissions: '0644'\n"));
	assert_non_null(strstr(yaml, "    encoding: b64\n"));
	assert_non_null(b64);
	b64 += strlen("content: ");
	b64[strcspn(b64, "\n")] = '\0';
	decoded = g_base64_decode(b64, &n);
	assert_int_equal(n, strlen(content));
	assert_memory_equal(decoded, content, n);
	g_free(decoded);
	free(yaml);
}

/* The SMB credentials file: mount.cifs's keys, the random bytes in hex. */
static void test_smb_credentials(void **state)
{
	const unsigned char bytes[] = { 0x00, 0x7f, 0xa5, 0xff };
	char *text = seed_smb_credentials("swaplab", bytes, sizeof(bytes));

	assert_string_equal(text, "username=swaplab\npassword=007fa5ff\n");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_substitute),
		cmocka_unit_test(test_write_files),
		cmocka_unit_test(test_smb_credentials),
	};

	return cmocka_run_group_tests_name("lab_seed", tests, NULL, NULL);
}
