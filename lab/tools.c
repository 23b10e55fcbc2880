// SPDX-License-Identifier: GPL-2.0
/*
 * The in-guest tools (guests/tools/bin/: swapverify, swapguard, swapcorrupt)
 * go into both guests and the kernel selftests ($SWAPLAB_CACHE/kernel/
 * selftests/) into the client, at every `up`, through the guest agent: the
 * base image does not change when they do, and a lab always runs the tools
 * of its tree.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab_private.h"

#define SELFTESTS_DIR "/usr/local/lib/swaplab"

static int mkdir_in(struct lab *lab, enum lab_role role, const char *dir)
{
	char *argv[] = { "mkdir", "-p", (char *)dir, NULL };
	struct lab_exec_result res;
	int rc = lab_exec(lab, role, argv, 60, &res);

	if (!rc && res.status)
		rc = lab_fail(LAB_EFAIL, "%s: mkdir -p %s: %s", lab_role_name(role), dir,
			      res.err);
	lab_exec_result_free(&res);
	return rc;
}

/* Push every regular file of local_dir into guest_dir; a missing dir is 0. */
static int push_dir(struct lab *lab, enum lab_role role, const char *local_dir,
		    const char *guest_dir, unsigned int *count)
{
	GDir *d = g_dir_open(local_dir, 0, NULL);
	const char *name;
	int rc = 0;

	if (!d)
		return 0;
	rc = mkdir_in(lab, role, guest_dir);
	while (!rc && (name = g_dir_read_name(d))) {
		char *local = g_build_filename(local_dir, name, NULL);
		char *guest = g_build_filename(guest_dir, name, NULL);

		if (g_file_test(local, G_FILE_TEST_IS_REGULAR)) {
			rc = lab_push(lab, role, local, guest,
				      g_file_test(local, G_FILE_TEST_IS_EXECUTABLE) ? 0755 : 0644);
			(*count)++;
		}
		g_free(local);
		g_free(guest);
	}
	g_dir_close(d);
	return rc;
}

int lab_tools_install(struct lab *lab, enum lab_role role)
{
	char *tools = lab_source_path("guests/tools/bin");
	char *selftests = lab_strdup_printf("%s/kernel/selftests", lab_cache_dir());
	unsigned int ntools = 0, nselftests = 0;
	int rc;

	rc = push_dir(lab, role, tools, "/usr/local/bin", &ntools);
	if (role == LAB_CLIENT)
		rc = rc ?: push_dir(lab, role, selftests, SELFTESTS_DIR, &nselftests);
	if (!rc)
		fprintf(stderr, "swaplab: %s: %u tools from %s, %u selftest files%s\n",
			lab_role_name(role), ntools, tools, nselftests,
			ntools ? "" : " (run 'make guest-tools' to build the tools)");
	free(tools);
	free(selftests);
	return rc;
}
