// SPDX-License-Identifier: GPL-2.0
/*
 * The serial console logs: where bring-up learns that a kernel reached user
 * space or panicked, and what an error message quotes (its tail, with
 * systemd's colour escapes and carriage returns removed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab_private.h"

#define LINE_MAX_LEN 1024

/* Drop ANSI escapes (ESC [ ... letter) and CRs, in place. */
static void strip_escapes(char *s)
{
	char *out = s;

	while (*s) {
		if (s[0] == '\033' && s[1] == '[') {
			for (s += 2; *s && !(*s >= '@' && *s <= '~'); s++)
				;
			if (*s)
				s++;
		} else if (*s == '\r') {
			s++;
		} else {
			*out++ = *s++;
		}
	}
	*out = '\0';
}

void lab_console_tail(const char *path, unsigned int lines, char *buf, size_t len)
{
	char (*ring)[LINE_MAX_LEN] = calloc(lines, LINE_MAX_LEN);
	char line[LINE_MAX_LEN];
	unsigned long n = 0, i;
	size_t used = 0;
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f || !ring) {
		snprintf(buf, len, "    (no console log at %s)\n", path);
		goto out;
	}
	while (fgets(line, sizeof(line), f)) {
		strip_escapes(line);
		snprintf(ring[n++ % lines], LINE_MAX_LEN, "%s", line);
	}
	for (i = n > lines ? n - lines : 0; i < n && used < len; i++) {
		const char *l = ring[i % lines];
		size_t l_len = strlen(l);

		used += snprintf(buf + used, len - used, "    %s%s", l,
				 l_len && l[l_len - 1] == '\n' ? "" : "\n");
	}
out:
	if (f)
		fclose(f);
	free(ring);
}

bool lab_console_find(const char *path, const char *needle, char *found, size_t len)
{
	char line[LINE_MAX_LEN];
	bool hit = false;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	while (!hit && fgets(line, sizeof(line), f)) {
		if (!strstr(line, needle))
			continue;
		hit = true;
		strip_escapes(line);
		line[strcspn(line, "\n")] = '\0';
		if (found)
			snprintf(found, len, "%s", line);
	}
	fclose(f);
	return hit;
}
