// SPDX-License-Identifier: GPL-2.0
/*
 * Labels: what the runs of a scenario are grouped and compared by.  A label
 * picks the client kernel and, for "local", the swap target.
 */
#include <string.h>

#include "registry.h"

static const struct label label_patched = {
	"patched", "patched", NULL, "the series: swap through ->write_iter/->read_iter",
};
static const struct label label_stock = {
	"stock", "stock", NULL, "Debian's 6.12 without the series: swap through ->swap_rw",
};
static const struct label label_local = {
	"local", "patched", "local", "the patched kernel swapping to a local virtio disk",
};
/*
 * The same kernels with the swap file on NFSv4.2, for scenarios about
 * another swap target (smb3.scn) to put NFS's figures in the same table.
 */
static const struct label label_patched_nfs = {
	"patched-nfs", "patched", "nfs4.2", "the patched kernel swapping to a file on NFSv4.2",
};
static const struct label label_stock_nfs = {
	"stock-nfs", "stock", "nfs4.2", "the stock kernel swapping to a file on NFSv4.2",
};
static const struct label label_debug = {
	"debug", "debug", NULL, "the series with lockdep, KASAN and friends",
};

/* A test fixture: shows that the debug scenario catches v1's bug. */
static const struct label label_debug_v1 = {
	"debug-v1", "debug-v1", NULL,
	"the debug kernel with v1's use-after-free on NFS swap-in put back",
};

const struct label *const labels[] = {
	&label_patched,
	&label_stock,
	&label_local,
	&label_patched_nfs,
	&label_stock_nfs,
	&label_debug,
	&label_debug_v1,
	NULL
};

bool label_valid(const char *name)
{
	return label_find(name) != NULL;
}
