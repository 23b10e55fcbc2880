// SPDX-License-Identifier: GPL-2.0
/* /proc/vmstat: "name value" lines; we need three of them. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "vmstat.h"

static bool take(const char *line, const char *name, uint64_t *value)
{
	size_t len = strlen(name);
	unsigned long long v;

	if (strncmp(line, name, len) || line[len] != ' ')
		return false;
	if (sscanf(line + len + 1, "%llu", &v) != 1)
		return false;
	*value = v;
	return true;
}

int vmstat_parse(const char *text, struct vmstat *out)
{
	unsigned int found = 0;
	const char *line;

	for (line = text; line && *line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		if (take(line, "pswpin", &out->pswpin))
			found |= 1;
		else if (take(line, "pswpout", &out->pswpout))
			found |= 2;
		else if (take(line, "nr_writeback", &out->nr_writeback))
			found |= 4;
	}
	return found == 7 ? 0 : -1;
}

int vmstat_read(struct vmstat *out)
{
	char buf[32768];
	size_t len = 0;
	ssize_t n;
	int fd = open("/proc/vmstat", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	if (n < 0)
		return -1;
	buf[len] = '\0';
	errno = 0;
	return vmstat_parse(buf, out);
}
