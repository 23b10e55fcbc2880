// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring write paths (liburing).  IORING_OP_WRITE_FIXED hands the file a
 * bio_vec iterator over registered pages, the same iterator type swap I/O
 * uses: a kernel that told swap apart by the iterator alone would let it in.
 */
#include <errno.h>
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
