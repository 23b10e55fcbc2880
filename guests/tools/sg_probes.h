/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The write paths swapguard tries, one function each, listed in one table.
 * Every probe writes t->data (one page) at offset 0 or changes the size; on
 * an active swap file t->data is the page already there and size changes
 * keep the size, so even a wrongly accepted call changes nothing.
 */
#ifndef SWAPLAB_SG_PROBES_H
#define SWAPLAB_SG_PROBES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "sg_verdict.h"

struct sg_target {
	const char *path;
	int fd;			/* O_RDWR, never O_TRUNC */
	int fd_direct;		/* O_RDWR | O_DIRECT, or -1 */
	int direct_errno;	/* why fd_direct is -1 */
	int src_fd;		/* an ordinary file beside it, or -1 */
	int src_errno;		/* why src_fd is -1 */
	size_t page_size;
	void *data;		/* page aligned, page_size bytes */
	bool ordinary;		/* writes must land rather than be refused */
};

/* How the ordinary-file self-test sees that a probe really wrote. */
enum sg_effect {
	SG_EFFECT_DATA,		/* page 0 now holds t->data */
	SG_EFFECT_SIZE,		/* the size is now outcome.expect_size */
};

struct sg_probe {
	const char *name;
	void (*run)(const struct sg_target *t, struct sg_outcome *o);
	enum sg_effect effect;
	const int *refusals;	/* documented refusals, 0-terminated */
};

extern const struct sg_probe sg_probes[];
extern const size_t sg_n_probes;

/* Helpers for probe files: record a refusal, a success, a skip. */
void sg_refused(struct sg_outcome *o, int err);
void sg_wrote(struct sg_outcome *o, ssize_t n, size_t want);
void sg_skipped(struct sg_outcome *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sg_size_set(struct sg_outcome *o, int ret, off_t size);

/* io_uring probes (sg_uring.c). */
void sg_uring_write(const struct sg_target *t, struct sg_outcome *o);
void sg_uring_writev(const struct sg_target *t, struct sg_outcome *o);
void sg_uring_write_fixed(const struct sg_target *t, struct sg_outcome *o);
void sg_uring_write_fixed_direct(const struct sg_target *t,
				 struct sg_outcome *o);
void sg_uring_write_every_attr(const struct sg_target *t, struct sg_outcome *o);

extern const int sg_refused_etxtbsy[];

#endif
