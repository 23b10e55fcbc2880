// SPDX-License-Identifier: GPL-2.0
/*
 * The write paths into a file, each as small as the call it makes.  The
 * kernel refuses them on an active swap file in generic_write_checks(),
 * vfs_fallocate(), inode_newsize_ok(), do_mmap() and do_page_mkwrite().
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "sg_probes.h"

const int sg_refused_etxtbsy[] = { ETXTBSY, 0 };
/* A store through a mapping made writable after mmap(): the fault fails. */
static const int refused_sigbus[] = { SG_SIGBUS, ETXTBSY, 0 };

void sg_refused(struct sg_outcome *o, int err)
{
	o->result = SG_REFUSED;
	o->err = err;
}

void sg_wrote(struct sg_outcome *o, ssize_t n, size_t want)
{
	if (n < 0) {
		sg_refused(o, errno);
		return;
	}
	o->result = SG_ACCEPTED;
	snprintf(o->detail, sizeof(o->detail), "wrote %zd of %zu bytes", n, want);
}

void sg_skipped(struct sg_outcome *o, const char *fmt, ...)
{
	va_list ap;

	o->result = SG_SKIPPED;
	va_start(ap, fmt);
	vsnprintf(o->detail, sizeof(o->detail), fmt, ap);
	va_end(ap);
}

void sg_size_set(struct sg_outcome *o, int ret, off_t size)
{
	if (ret) {
		sg_refused(o, errno);
		return;
	}
	o->result = SG_ACCEPTED;
	o->expect_size = size;
	snprintf(o->detail, sizeof(o->detail), "size set to %lld",
		 (long long)size);
}

/* The size a size-changing probe asks for: unchanged on a swap file. */
static off_t new_size(const struct sg_target *t)
{
	struct stat st;

	if (fstat(t->fd, &st))
		return -1;
	return t->ordinary ? st.st_size + (off_t)t->page_size : st.st_size;
}

static void probe_write(const struct sg_target *t, struct sg_outcome *o)
{
	if (lseek(t->fd, 0, SEEK_SET)) {
		sg_skipped(o, "lseek: %s", strerror(errno));
		return;
	}
	sg_wrote(o, write(t->fd, t->data, t->page_size), t->page_size);
}

static void probe_pwrite(const struct sg_target *t, struct sg_outcome *o)
{
	sg_wrote(o, pwrite(t->fd, t->data, t->page_size, 0), t->page_size);
}

static void probe_pwritev(const struct sg_target *t, struct sg_outcome *o)
{
	struct iovec iov[2] = {
		{ t->data, t->page_size / 2 },
		{ (char *)t->data + t->page_size / 2, t->page_size / 2 },
	};

	sg_wrote(o, pwritev(t->fd, iov, 2, 0), t->page_size);
}

static void pwritev2_flags(int fd, const struct sg_target *t, int flags,
			   struct sg_outcome *o)
{
	struct iovec iov = { t->data, t->page_size };

	sg_wrote(o, pwritev2(fd, &iov, 1, 0, flags), t->page_size);
}

static void probe_pwritev2(const struct sg_target *t, struct sg_outcome *o)
{
	pwritev2_flags(t->fd, t, 0, o);
}

static void probe_pwritev2_dsync(const struct sg_target *t,
				 struct sg_outcome *o)
{
	pwritev2_flags(t->fd, t, RWF_DSYNC, o);
}

static void probe_pwritev2_hipri(const struct sg_target *t,
				 struct sg_outcome *o)
{
	pwritev2_flags(t->fd, t, RWF_HIPRI, o);
}

static void probe_pwritev2_dsync_hipri(const struct sg_target *t,
				       struct sg_outcome *o)
{
	pwritev2_flags(t->fd, t, RWF_DSYNC | RWF_HIPRI, o);
}

static bool have_direct(const struct sg_target *t, struct sg_outcome *o)
{
	if (t->fd_direct >= 0)
		return true;
	sg_skipped(o, "cannot open with O_DIRECT here: %s",
		   strerror(t->direct_errno));
	return false;
}

static void probe_direct_pwrite(const struct sg_target *t,
				struct sg_outcome *o)
{
	if (have_direct(t, o))
		sg_wrote(o, pwrite(t->fd_direct, t->data, t->page_size, 0),
			 t->page_size);
}

static void probe_direct_pwritev2(const struct sg_target *t,
				  struct sg_outcome *o)
{
	if (have_direct(t, o))
		pwritev2_flags(t->fd_direct, t, RWF_DSYNC | RWF_HIPRI, o);
}

static void probe_mmap_shared(const struct sg_target *t, struct sg_outcome *o)
{
	void *map = mmap(NULL, t->page_size, PROT_READ | PROT_WRITE,
			 MAP_SHARED, t->fd, 0);

	if (map == MAP_FAILED) {
		sg_refused(o, errno);
		return;
	}
	memcpy(map, t->data, t->page_size);
	msync(map, t->page_size, MS_SYNC);
	munmap(map, t->page_size);
	o->result = SG_ACCEPTED;
	snprintf(o->detail, sizeof(o->detail), "mapped shared and writable, stored a page");
}

static sigjmp_buf bus_error_jump;

static void on_bus_error(int sig)
{
	siglongjmp(bus_error_jump, 1);
}

/* Store a page into a mapping; SG_SIGBUS if the kernel refuses the fault. */
static int store_page(void *map, const struct sg_target *t)
{
	struct sigaction sa = { .sa_handler = on_bus_error }, old;
	volatile int ret = 0;

	sigaction(SIGBUS, &sa, &old);
	if (!sigsetjmp(bus_error_jump, 1))
		memcpy(map, t->data, t->page_size);
	else
		ret = SG_SIGBUS;
	sigaction(SIGBUS, &old, NULL);
	return ret;
}

/* mmap read-only is allowed; writing must fail when the page is faulted. */
static void probe_mprotect_store(const struct sg_target *t,
				 struct sg_outcome *o)
{
	void *map = mmap(NULL, t->page_size, PROT_READ, MAP_SHARED, t->fd, 0);

	if (map == MAP_FAILED) {
		sg_skipped(o, "read-only shared mmap: %s", strerror(errno));
		return;
	}
	if (mprotect(map, t->page_size, PROT_READ | PROT_WRITE)) {
		sg_refused(o, errno);
	} else if (store_page(map, t)) {
		sg_refused(o, SG_SIGBUS);
	} else {
		msync(map, t->page_size, MS_SYNC);
		o->result = SG_ACCEPTED;
		snprintf(o->detail, sizeof(o->detail), "stored a page through the mapping");
	}
	munmap(map, t->page_size);
}

/* The source file of copy_file_range and sendfile holds t->data. */
static bool have_source(const struct sg_target *t, struct sg_outcome *o)
{
	if (t->src_fd < 0) {
		sg_skipped(o, "no scratch file beside the target: %s",
			   strerror(t->src_errno));
		return false;
	}
	if (pwrite(t->src_fd, t->data, t->page_size, 0) != (ssize_t)t->page_size) {
		sg_skipped(o, "filling the scratch source: %s", strerror(errno));
		return false;
	}
	return true;
}

static void probe_copy_file_range(const struct sg_target *t,
				  struct sg_outcome *o)
{
	loff_t in = 0, out = 0;

	if (have_source(t, o))
		sg_wrote(o, copy_file_range(t->src_fd, &in, t->fd, &out,
					    t->page_size, 0), t->page_size);
}

static void probe_sendfile(const struct sg_target *t, struct sg_outcome *o)
{
	off_t in = 0;

	if (!have_source(t, o))
		return;
	if (lseek(t->fd, 0, SEEK_SET)) {
		sg_skipped(o, "lseek: %s", strerror(errno));
		return;
	}
	sg_wrote(o, sendfile(t->fd, t->src_fd, &in, t->page_size), t->page_size);
}

static void probe_splice(const struct sg_target *t, struct sg_outcome *o)
{
	loff_t out = 0;
	int pipefd[2];
	ssize_t n;

	if (pipe2(pipefd, O_CLOEXEC)) {
		sg_skipped(o, "pipe: %s", strerror(errno));
		return;
	}
	if (write(pipefd[1], t->data, t->page_size) != (ssize_t)t->page_size) {
		sg_skipped(o, "filling the pipe: %s", strerror(errno));
	} else {
		n = splice(pipefd[0], NULL, t->fd, &out, t->page_size, 0);
		sg_wrote(o, n, t->page_size);
	}
	close(pipefd[0]);
	close(pipefd[1]);
}

/* Ordinary file: allocate a page past the end, so the size grows. */
static void probe_fallocate(const struct sg_target *t, struct sg_outcome *o)
{
	off_t size = new_size(t);
	off_t start = t->ordinary ? size - (off_t)t->page_size : 0;

	sg_size_set(o, fallocate(t->fd, 0, start, t->page_size), size);
}

static void probe_ftruncate(const struct sg_target *t, struct sg_outcome *o)
{
	off_t size = new_size(t);

	sg_size_set(o, ftruncate(t->fd, size), size);
}

static void probe_truncate(const struct sg_target *t, struct sg_outcome *o)
{
	off_t size = new_size(t);

	sg_size_set(o, truncate(t->path, size), size);
}

/* Last in the table: on an ordinary file it empties the file. */
static void probe_open_trunc(const struct sg_target *t, struct sg_outcome *o)
{
	int fd = open(t->path, O_WRONLY | O_TRUNC | O_CLOEXEC);

	if (fd < 0) {
		sg_refused(o, errno);
		return;
	}
	close(fd);
	sg_size_set(o, 0, 0);
	snprintf(o->detail, sizeof(o->detail), "opened with O_TRUNC, truncating it to 0");
}

#define PROBE(n, f, e) { .name = n, .run = f, .effect = e, \
			 .refusals = sg_refused_etxtbsy }

const struct sg_probe sg_probes[] = {
	PROBE("write(2)", probe_write, SG_EFFECT_DATA),
	PROBE("pwrite(2)", probe_pwrite, SG_EFFECT_DATA),
	PROBE("pwritev(2)", probe_pwritev, SG_EFFECT_DATA),
	PROBE("pwritev2(2)", probe_pwritev2, SG_EFFECT_DATA),
	PROBE("pwritev2(2) RWF_DSYNC", probe_pwritev2_dsync, SG_EFFECT_DATA),
	PROBE("pwritev2(2) RWF_HIPRI", probe_pwritev2_hipri, SG_EFFECT_DATA),
	PROBE("pwritev2(2) RWF_DSYNC|RWF_HIPRI", probe_pwritev2_dsync_hipri,
	      SG_EFFECT_DATA),
	PROBE("O_DIRECT pwrite(2)", probe_direct_pwrite, SG_EFFECT_DATA),
	PROBE("O_DIRECT pwritev2(2) RWF_DSYNC|RWF_HIPRI", probe_direct_pwritev2,
	      SG_EFFECT_DATA),
	PROBE("io_uring IORING_OP_WRITE", sg_uring_write, SG_EFFECT_DATA),
	PROBE("io_uring IORING_OP_WRITEV", sg_uring_writev, SG_EFFECT_DATA),
	PROBE("io_uring IORING_OP_WRITE_FIXED (registered buffer)",
	      sg_uring_write_fixed, SG_EFFECT_DATA),
	PROBE("io_uring IORING_OP_WRITE_FIXED O_DIRECT",
	      sg_uring_write_fixed_direct, SG_EFFECT_DATA),
	PROBE("io_uring O_DIRECT WRITE_FIXED, registered file, every attribute",
	      sg_uring_write_every_attr, SG_EFFECT_DATA),
	PROBE("mmap(2) MAP_SHARED PROT_WRITE", probe_mmap_shared,
	      SG_EFFECT_DATA),
	{ .name = "mmap(2) MAP_SHARED PROT_READ, mprotect(2) PROT_WRITE, store",
	  .run = probe_mprotect_store, .effect = SG_EFFECT_DATA,
	  .refusals = refused_sigbus },
	PROBE("copy_file_range(2)", probe_copy_file_range, SG_EFFECT_DATA),
	PROBE("sendfile(2)", probe_sendfile, SG_EFFECT_DATA),
	PROBE("splice(2) from a pipe", probe_splice, SG_EFFECT_DATA),
	PROBE("fallocate(2)", probe_fallocate, SG_EFFECT_SIZE),
	PROBE("ftruncate(2)", probe_ftruncate, SG_EFFECT_SIZE),
	PROBE("truncate(2)", probe_truncate, SG_EFFECT_SIZE),
	PROBE("open(2) O_TRUNC", probe_open_trunc, SG_EFFECT_SIZE),
};

const size_t sg_n_probes = sizeof(sg_probes) / sizeof(sg_probes[0]);
