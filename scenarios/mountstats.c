// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/self/mountstats: the per-op RPC statistics of the first NFS mount.
 * A per-op line reads "WRITE: ops transmissions major_timeouts bytes_sent
 * bytes_recv queue_ms rtt_ms execute_ms [errors]"; trans - ops counts
 * retransmissions.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "logparse.h"

/* The text of the first "device ... with fstype nfs*" block, and its end. */
static const char *nfs_block(const char *text, const char **end)
{
	const char *dev = text, *eol;

	while (dev && *dev) {
		eol = strchr(dev, '\n');
		if (!strncmp(dev, "device ", 7)) {
			const char *fs = strstr(dev, " with fstype nfs");

			if (fs && (!eol || fs < eol)) {
				*end = strstr(dev + 1, "\ndevice ");
				return dev;
			}
		}
		dev = eol ? eol + 1 : NULL;
	}
	return NULL;
}

static bool parse_op_line(const char *line, struct nfs_op_stats *st)
{
	return sscanf(line, "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		      " %" SCNu64, &st->ops, &st->trans, &st->timeouts,
		      &st->bytes_sent, &st->bytes_recv) == 5;
}

/* Calls @fn for each per-op line of the first NFS mount. */
static bool each_op(const char *text, const char *only,
		    void (*fn)(const struct nfs_op_stats *, void *), void *arg)
{
	const char *end = NULL, *line = text ? nfs_block(text, &end) : NULL;
	const char *per_op, *colon;
	struct nfs_op_stats st;
	char name[32];
	bool found = false;

	per_op = line ? strstr(line, "per-op statistics") : NULL;
	if (!per_op || (end && per_op > end))
		return false;
	for (line = strchr(per_op, '\n'); line && (!end || line < end);
	     line = strchr(line + 1, '\n')) {
		colon = strchr(line + 1, ':');
		if (!colon || sscanf(line + 1, " %31[A-Z_0-9]:", name) != 1 ||
		    !parse_op_line(colon + 1, &st))
			continue;
		if (only && strcmp(name, only))
			continue;
		fn(&st, arg);
		found = true;
	}
	return found;
}

static void add_stats(const struct nfs_op_stats *st, void *arg)
{
	struct nfs_op_stats *sum = arg;

	sum->ops += st->ops;
	sum->trans += st->trans;
	sum->timeouts += st->timeouts;
	sum->bytes_sent += st->bytes_sent;
	sum->bytes_recv += st->bytes_recv;
}

bool mountstats_op(const char *text, const char *op, struct nfs_op_stats *st)
{
	memset(st, 0, sizeof(*st));
	return each_op(text, op, add_stats, st);
}

bool mountstats_total(const char *text, struct nfs_op_stats *st)
{
	memset(st, 0, sizeof(*st));
	return each_op(text, NULL, add_stats, st);
}

static uint64_t sub(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

void nfs_op_delta(const struct nfs_op_stats *before,
		  const struct nfs_op_stats *after, struct nfs_op_stats *d)
{
	d->ops = sub(after->ops, before->ops);
	d->trans = sub(after->trans, before->trans);
	d->timeouts = sub(after->timeouts, before->timeouts);
	d->bytes_sent = sub(after->bytes_sent, before->bytes_sent);
	d->bytes_recv = sub(after->bytes_recv, before->bytes_recv);
}
