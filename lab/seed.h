/* SPDX-License-Identifier: GPL-2.0 */
/* The cloud-init NoCloud seed of a guest, as text (pure: unit-tested). */
#ifndef SWAPLAB_SEED_H
#define SWAPLAB_SEED_H

#include <stddef.h>

struct seed_file {
	const char *guest_path;
	const char *permissions;	/* "0644" */
	const char *content;
	size_t len;
};

/* Replace every @KEY@ of vars[] = { "KEY", "value", ..., NULL } in text. */
char *seed_substitute(const char *text, const char *const *vars);
/* cloud-config write_files entries (base64 content), indented for the list. */
char *seed_write_files(const struct seed_file *files, unsigned int n);
/*
 * A mount.cifs credentials file (username=, password=) whose password is
 * the random bytes in hex; smbpasswd takes it as it is.  free() it.
 */
char *seed_smb_credentials(const char *user, const unsigned char *random, size_t n);

#endif
