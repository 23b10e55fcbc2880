// SPDX-License-Identifier: GPL-2.0
/*
 * Text of the cloud-init seed: templates from guests/cloud-init/ with their
 * @KEY@ words filled in, and files to write in the guest as base64 entries
 * (no YAML quoting to get wrong, whatever the files contain), and the SMB
 * credentials file.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seed.h"

static const char *lookup(const char *key, size_t len, const char *const *vars)
{
	for (; vars[0] && vars[1]; vars += 2)
		if (strlen(vars[0]) == len && !strncmp(vars[0], key, len))
			return vars[1];
	return NULL;
}

char *seed_substitute(const char *text, const char *const *vars)
{
	size_t size;
	char *out;
	FILE *f = open_memstream(&out, &size);

	if (!f)
		abort();
	while (*text) {
		const char *end = text[0] == '@' ? strchr(text + 1, '@') : NULL;
		const char *value = end ? lookup(text + 1, end - text - 1, vars) : NULL;

		if (value) {
			fputs(value, f);
			text = end + 1;
		} else {
			fputc(*text++, f);
		}
	}
	fclose(f);
	return out;
}

char *seed_write_files(const struct seed_file *files, unsigned int n)
{
	size_t size;
	char *out;
	FILE *f = open_memstream(&out, &size);
	unsigned int i;

	if (!f)
		abort();
	for (i = 0; i < n; i++) {
		gchar *b64 = g_base64_encode((const guchar *)files[i].content, files[i].len);

		fprintf(f, "  - path: %s\n    permissions: '%s'\n    encoding: b64\n"
			   "    content: %s\n", files[i].guest_path, files[i].permissions, b64);
		g_free(b64);
	}
	fclose(f);
	return out;
}

char *seed_smb_credentials(const char *user, const unsigned char *random, size_t n)
{
	size_t size;
	char *out;
	FILE *f = open_memstream(&out, &size);
	size_t i;

	if (!f)
		abort();
	fprintf(f, "username=%s\npassword=", user);
	for (i = 0; i < n; i++)
		fprintf(f, "%02x", random[i]);
	fputc('\n', f);
	fclose(f);
	return out;
}
