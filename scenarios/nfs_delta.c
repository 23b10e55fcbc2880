// SPDX-License-Identifier: GPL-2.0
/*
 * NFS traffic that swap caused: mountstats after - before the workloads,
 * less the traffic the fio ceiling measured on the same mount (fio keeps its
 * own before/after snapshots), so fio cannot pass for swap.
 */
#include <string.h>

#include "logparse.h"
#include "registry.h"

/* NFSv4.2 reads with READ_PLUS where the server has it: both are reads. */
static bool op_stats(const char *text, const char *op, struct nfs_op_stats *st)
{
	struct nfs_op_stats plus;
	bool found;

	if (!op)
		return mountstats_total(text, st);
	found = mountstats_op(text, op, st);
	if (strcmp(op, "READ") || !mountstats_op(text, "READ_PLUS", &plus))
		return found;
	st->ops += plus.ops;
	st->trans += plus.trans;
	st->timeouts += plus.timeouts;
	st->bytes_sent += plus.bytes_sent;
	st->bytes_recv += plus.bytes_recv;
	return true;
}

static bool delta(struct evidence *ev, const char *before, const char *after,
		  const char *op, struct nfs_op_stats *d)
{
	struct nfs_op_stats b, a;

	if (!op_stats(evidence_text(ev, before), op, &b) ||
	    !op_stats(evidence_text(ev, after), op, &a))
		return false;
	nfs_op_delta(&b, &a, d);
	return true;
}

bool evidence_nfs_delta(struct evidence *ev, const char *op,
			struct nfs_op_stats *d)
{
	struct nfs_op_stats fio, rest;

	if (!delta(ev, "mountstats-before.txt", "mountstats-after.txt", op, d))
		return false;
	if (!delta(ev, "fio-mountstats-before.txt", "fio-mountstats-after.txt", op, &fio))
		return true;
	memset(&rest, 0, sizeof(rest));
	nfs_op_delta(&fio, d, &rest);
	*d = rest;
	return true;
}
