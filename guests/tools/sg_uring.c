// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring write paths (liburing).  IORING_OP_WRITE_FIXED hands the file a
 * bio_vec iterator over registered pages, the same iterator type swap I/O
 * uses: a kernel that told swap apart by the iterator alone would let it in.
 */
#include <errno.h>
#include <linux/fs.h>
#include <linux/ioprio.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>

#include <liburing.h>

#include "sg_probes.h"

enum uring_op { URING_WRITE, URING_WRITEV, URING_WRITE_FIXED };

static void prep(struct io_uring_sqe *sqe, enum uring_op op, int fd,
		 const struct sg_target *t, struct iovec *iov)
{
	switch (op) {
	case URING_WRITE:
		io_uring_prep_write(sqe, fd, t->data, t->page_size, 0);
		break;
	case URING_WRITEV:
		io_uring_prep_writev(sqe, fd, iov, 1, 0);
		break;
	case URING_WRITE_FIXED:
		io_uring_prep_write_fixed(sqe, fd, t->data, t->page_size, 0, 0);
		break;
	}
}

/* Submit one write and wait for its completion; its res is the outcome. */
static void submit(struct io_uring *ring, enum uring_op op, int fd,
		   const struct sg_target *t, struct sg_outcome *o)
{
	struct iovec iov = { t->data, t->page_size };
	struct io_uring_sqe *sqe = io_uring_get_sqe(ring);
	struct io_uring_cqe *cqe;
	int ret;

	prep(sqe, op, fd, t, &iov);
	ret = io_uring_submit_and_wait(ring, 1);
	if (ret < 0) {
		sg_skipped(o, "io_uring_submit: %s", strerror(-ret));
		return;
	}
	ret = io_uring_wait_cqe(ring, &cqe);
	if (ret < 0) {
		sg_skipped(o, "io_uring_wait_cqe: %s", strerror(-ret));
		return;
	}
	if (cqe->res < 0) {
		sg_refused(o, -cqe->res);
	} else {
		errno = 0;
		sg_wrote(o, cqe->res, t->page_size);
	}
	io_uring_cqe_seen(ring, cqe);
}

static void uring_probe(const struct sg_target *t, enum uring_op op, int fd,
			struct sg_outcome *o)
{
	struct iovec fixed = { t->data, t->page_size };
	struct io_uring ring;
	int ret = io_uring_queue_init(2, &ring, 0);

	if (ret < 0) {
		/* ENOSYS: built without it; EPERM: kernel.io_uring_disabled. */
		sg_skipped(o, "io_uring unavailable: %s", strerror(-ret));
		return;
	}
	if (op == URING_WRITE_FIXED)
		ret = io_uring_register_buffers(&ring, &fixed, 1);
	if (ret < 0)
		sg_skipped(o, "registering the buffer: %s", strerror(-ret));
	else
		submit(&ring, op, fd, t, o);
	io_uring_queue_exit(&ring);
}

void sg_uring_write(const struct sg_target *t, struct sg_outcome *o)
{
	uring_probe(t, URING_WRITE, t->fd, o);
}

void sg_uring_writev(const struct sg_target *t, struct sg_outcome *o)
{
	uring_probe(t, URING_WRITEV, t->fd, o);
}

void sg_uring_write_fixed(const struct sg_target *t, struct sg_outcome *o)
{
	uring_probe(t, URING_WRITE_FIXED, t->fd, o);
}

void sg_uring_write_fixed_direct(const struct sg_target *t,
				 struct sg_outcome *o)
{
	if (t->fd_direct < 0) {
		sg_skipped(o, "cannot open with O_DIRECT here: %s",
			   strerror(t->direct_errno));
		return;
	}
	uring_probe(t, URING_WRITE_FIXED, t->fd_direct, o);
}

/*
 * One O_DIRECT IORING_OP_WRITE_FIXED (registered file and buffer) per
 * attribute that the 6.12 uapi lets a user put on a write: each RWF_* flag
 * alone, those that reach the file system together, then with IOSQE_ASYNC
 * (issued from an io-wq worker) and with a real-time I/O priority.  A kernel
 * whose private IOCB_SWAP bit could be reached from any of them would let
 * that write past the checks that protect an active swap file.  Some are
 * refused before the file system sees them, and count as refused: io_uring
 * takes RWF_HIPRI only on an IORING_SETUP_IOPOLL ring (EINVAL), and NFS has
 * no ->iopoll (EOPNOTSUPP there); RWF_NOWAIT and RWF_ATOMIC need FMODE_NOWAIT
 * and FMODE_CAN_ATOMIC_WRITE.
 */
struct uring_attr {
	const char *name;
	int rw_flags;
	unsigned int sqe_flags;
	unsigned short ioprio;
	bool vfs_may_refuse;	/* EOPNOTSUPP, EINVAL or EAGAIN before the fs */
};

/* The 6.12 uapi's value; bookworm's headers (6.1) predate RWF_ATOMIC. */
#ifndef RWF_ATOMIC
#define RWF_ATOMIC 0x00000040
#endif
#define FS_RWF (RWF_DSYNC | RWF_SYNC | RWF_APPEND)
#define ALL_RWF (FS_RWF | RWF_HIPRI | RWF_NOWAIT | RWF_ATOMIC)	/* NOAPPEND undoes one */

static const struct uring_attr uring_attrs[] = {
	{ "none", 0, 0, 0, false },
	{ "RWF_HIPRI", RWF_HIPRI, 0, 0, true },
	{ "RWF_DSYNC", RWF_DSYNC, 0, 0, false },
	{ "RWF_SYNC", RWF_SYNC, 0, 0, false },
	{ "RWF_NOWAIT", RWF_NOWAIT, 0, 0, true },
	{ "RWF_APPEND", RWF_APPEND, 0, 0, false },
	{ "RWF_ATOMIC", RWF_ATOMIC, 0, 0, true },
	{ "RWF_DSYNC|SYNC|APPEND", FS_RWF, 0, 0, false },
	{ "the same, IOSQE_ASYNC", FS_RWF, IOSQE_ASYNC, 0, false },
	{ "the same, ioprio RT", FS_RWF, 0, IOPRIO_PRIO_VALUE(IOPRIO_CLASS_RT, 0), false },
	{ "every RWF_* flag", ALL_RWF, 0, 0, true },
};

static int submit_attr(struct io_uring *ring, const struct sg_target *t,
		       const struct uring_attr *a)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(ring);
	struct io_uring_cqe *cqe;
	int ret;

	io_uring_prep_write_fixed(sqe, 0, t->data, t->page_size, 0, 0);
	sqe->flags |= IOSQE_FIXED_FILE | a->sqe_flags;
	sqe->rw_flags = a->rw_flags;
	sqe->ioprio = a->ioprio;
	ret = io_uring_submit_and_wait(ring, 1);
	if (ret < 0)
		return ret;
	ret = io_uring_wait_cqe(ring, &cqe);
	if (ret < 0)
		return ret;
	ret = cqe->res;
	io_uring_cqe_seen(ring, cqe);
	return ret;
}

/* The outcome: accepted if any write was; else the first unexpected errno. */
static void every_attr(struct io_uring *ring, const struct sg_target *t,
		       struct sg_outcome *o)
{
	size_t i, n = sizeof(uring_attrs) / sizeof(uring_attrs[0]), by_vfs = 0;
	int res;

	for (i = 0; i < n; i++) {
		const struct uring_attr *a = &uring_attrs[i];

		res = submit_attr(ring, t, a);
		if (res >= 0) {
			o->result = SG_ACCEPTED;
			snprintf(o->detail, sizeof(o->detail), "%s: wrote %d of %zu bytes",
				 a->name, res, t->page_size);
			return;
		}
		if (-res == ETXTBSY)
			continue;
		if (a->vfs_may_refuse && (-res == EOPNOTSUPP || -res == EINVAL ||
					  -res == EAGAIN)) {
			by_vfs++;
			continue;
		}
		sg_refused(o, -res);
		snprintf(o->detail, sizeof(o->detail), "%s: %s", a->name, strerror(-res));
		return;
	}
	sg_refused(o, ETXTBSY);
	snprintf(o->detail, sizeof(o->detail),
		 "%zu writes refused, %zu of them before the file system", n, by_vfs);
}

void sg_uring_write_every_attr(const struct sg_target *t, struct sg_outcome *o)
{
	struct iovec fixed = { t->data, t->page_size };
	struct io_uring ring;
	int ret;

	if (t->fd_direct < 0) {
		sg_skipped(o, "cannot open with O_DIRECT here: %s",
			   strerror(t->direct_errno));
		return;
	}
	ret = io_uring_queue_init(2, &ring, 0);
	if (ret < 0) {
		sg_skipped(o, "io_uring unavailable: %s", strerror(-ret));
		return;
	}
	ret = io_uring_register_buffers(&ring, &fixed, 1);
	if (!ret)
		ret = io_uring_register_files(&ring, &t->fd_direct, 1);
	if (ret < 0)
		sg_skipped(o, "registering the buffer and file: %s", strerror(-ret));
	else
		every_attr(&ring, t, o);
	io_uring_queue_exit(&ring);
}
