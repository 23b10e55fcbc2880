// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/fs/cifs/Stats: the per-share counters of the first SMB share (the
 * lab's only cifs mount is the swap file's).  In 6.12 cifs_stats_proc_show()
 * (fs/smb/client/cifs_debug.c) starts each share with "N) \\server\share"
 * at the start of a line, then "SMBs: ...", then the dialect's
 * print_stats(); for SMB 2 and 3 that is smb2_print_stats()
 * (fs/smb/client/smb2ops.c):
 *
 *	Bytes read: 1048576  Bytes written: 2097152
 *	...
 *	Reads: 256 total 0 failed
 *	Writes: 512 total 0 failed
 *
 * (SMB1's cifs_print_stats() says "Reads:  N Bytes: M" instead: not a
 * dialect the lab mounts.)  The bytes are the payload the share read and
 * wrote, counted as the responses come back; the counts are requests sent.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "logparse.h"

/* Does the line start a share: digits, ')' and a space? */
static bool share_start(const char *line)
{
	const char *p = line;

	while (isdigit((unsigned char)*p))
		p++;
	return p > line && p[0] == ')' && p[1] == ' ';
}

static const char *next_line(const char *line)
{
	const char *eol = strchr(line, '\n');

	return eol ? eol + 1 : NULL;
}

bool cifs_stats_share(const char *text, struct smb_share_stats *st)
{
	const char *line = text;
	unsigned int found = 0;
	uint64_t a, b;

	memset(st, 0, sizeof(*st));
	while (line && *line && !share_start(line))
		line = next_line(line);
	if (!line || !*line)
		return false;
	sscanf(line, "%*u) %255[^\t\n]", st->share);
	for (line = next_line(line); line && *line && !share_start(line);
	     line = next_line(line)) {
		if (sscanf(line, "Bytes read: %" SCNu64 " Bytes written: %" SCNu64, &a, &b) == 2) {
			st->bytes_read = a;
			st->bytes_written = b;
			found |= 1;
		} else if (sscanf(line, "Reads: %" SCNu64 " total %" SCNu64 " failed", &a, &b) == 2) {
			st->reads = a;
			st->reads_failed = b;
			found |= 2;
		} else if (sscanf(line, "Writes: %" SCNu64 " total %" SCNu64 " failed", &a, &b) == 2) {
			st->writes = a;
			st->writes_failed = b;
			found |= 4;
		}
	}
	return found == 7;
}

static uint64_t sub(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

void smb_share_delta(const struct smb_share_stats *before,
		     const struct smb_share_stats *after, struct smb_share_stats *d)
{
	snprintf(d->share, sizeof(d->share), "%s", after->share);
	d->reads = sub(after->reads, before->reads);
	d->reads_failed = sub(after->reads_failed, before->reads_failed);
	d->writes = sub(after->writes, before->writes);
	d->writes_failed = sub(after->writes_failed, before->writes_failed);
	d->bytes_read = sub(after->bytes_read, before->bytes_read);
	d->bytes_written = sub(after->bytes_written, before->bytes_written);
}
