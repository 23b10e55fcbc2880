// SPDX-License-Identifier: GPL-2.0
/*
 * SMB traffic that swap caused: the share's counters in /proc/fs/cifs/Stats
 * after - before the workloads, less what the fio ceiling moved on the same
 * share (fio keeps its own before/after snapshots), as nfs_delta.c does
 * with mountstats.
 */
#include <string.h>

#include "logparse.h"
#include "registry.h"

static bool delta(struct evidence *ev, const char *before, const char *after,
		  struct smb_share_stats *d)
{
	struct smb_share_stats b, a;

	if (!cifs_stats_share(evidence_text(ev, before), &b) ||
	    !cifs_stats_share(evidence_text(ev, after), &a))
		return false;
	smb_share_delta(&b, &a, d);
	return true;
}

bool evidence_smb_delta(struct evidence *ev, struct smb_share_stats *d)
{
	struct smb_share_stats fio, rest;

	if (!delta(ev, "cifs-stats-before.txt", "cifs-stats-after.txt", d))
		return false;
	if (!delta(ev, "fio-cifs-stats-before.txt", "fio-cifs-stats-after.txt", &fio))
		return true;
	memset(&rest, 0, sizeof(rest));
	smb_share_delta(&fio, d, &rest);
	*d = rest;
	return true;
}
