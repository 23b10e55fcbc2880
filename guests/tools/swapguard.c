// SPDX-License-Identifier: GPL-2.0
/*
 * swapguard: check that user space cannot write into an active swap file.
 *
 * Tries every write path in sg_probes[] against the file and prints TAP.  On
 * an active swap file each must be refused; with --on-ordinary-file each must
 * succeed on a scratch file and its data must land, which shows the probes
 * really write and the swap-file run can fail.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sg_options.h"
#include "sg_probes.h"
#include "swaps.h"

enum { EXIT_GOOD, EXIT_FAILED, EXIT_USAGE, EXIT_ENV };

#define SCRATCH_PAGES 4

struct guard {
	struct sg_target t;
	char scratch[PATH_MAX];	/* the ordinary file we made, or "" */
	void *saved;		/* swap file: page 0 as found */
	off_t saved_size;
	unsigned int failed;
};

static int fail(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int fail(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("swapguard: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

static void *page_alloc(size_t page_size)
{
	void *p;

	if (posix_memalign(&p, page_size, page_size))
		return NULL;
	memset(p, 0, page_size);
	return p;
}

static void open_direct(struct sg_target *t)
{
	t->fd_direct = open(t->path, O_RDWR | O_DIRECT | O_CLOEXEC);
	t->direct_errno = errno;
}

/* The copy sources live beside the target: same file system, no EXDEV. */
static void open_source(struct sg_target *t)
{
	char dir[PATH_MAX], name[PATH_MAX];

	snprintf(dir, sizeof(dir), "%s", t->path);
	snprintf(name, sizeof(name), "%s/.swapguard-src.XXXXXX", dirname(dir));
	t->src_fd = mkostemp(name, O_CLOEXEC);
	t->src_errno = errno;
	if (t->src_fd >= 0)
		unlink(name);
}

static int setup_swap_file(struct guard *g, const char *path)
{
	struct sg_target *t = &g->t;
	struct stat st;
	int active = swaps_is_active(path);

	if (active < 0)
		return fail(errno == ENOENT ? EXIT_USAGE : EXIT_ENV,
			    "%s: %s", path, strerror(errno));
	if (!active)
		return fail(EXIT_USAGE, "%s is not an active swap file (not in /proc/swaps): swapon it first, or use --on-ordinary-file DIR for the self-test",
			    path);
	t->path = path;
	t->fd = open(path, O_RDWR | O_CLOEXEC);
	if (t->fd < 0 || fstat(t->fd, &st))
		return fail(EXIT_ENV, "opening %s for writing: %s", path, strerror(errno));
	g->saved = page_alloc(t->page_size);
	if (!g->saved || pread(t->fd, g->saved, t->page_size, 0) != (ssize_t)t->page_size)
		return fail(EXIT_ENV, "reading the header page of %s: %s", path, strerror(errno));
	/* Every probe writes back the bytes that are already there. */
	memcpy(t->data, g->saved, t->page_size);
	g->saved_size = st.st_size;
	open_direct(t);
	open_source(t);
	return EXIT_GOOD;
}

static int setup_scratch_file(struct guard *g, const char *dir)
{
	struct sg_target *t = &g->t;
	struct stat st;

	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return fail(EXIT_USAGE, "--on-ordinary-file needs a directory, and %s is not one",
			    dir);
	snprintf(g->scratch, sizeof(g->scratch), "%s/swapguard.XXXXXX", dir);
	t->fd = mkostemp(g->scratch, O_CLOEXEC);
	if (t->fd < 0) {
		g->scratch[0] = '\0';
		return fail(EXIT_ENV, "creating a scratch file in %s: %s", dir, strerror(errno));
	}
	if (ftruncate(t->fd, SCRATCH_PAGES * t->page_size))
		return fail(EXIT_ENV, "sizing %s: %s", g->scratch, strerror(errno));
	t->path = g->scratch;
	t->ordinary = true;
	open_direct(t);
	open_source(t);
	return EXIT_GOOD;
}

/* Ordinary file: a page that differs per probe, and page 0 cleared first. */
static void prepare_ordinary(struct guard *g, unsigned int number)
{
	size_t i, n = g->t.page_size;
	unsigned char *data = g->t.data;

	for (i = 0; i < n; i++)
		data[i] = (unsigned char)(number * 31 + i);
	memset(g->saved, 0, n);
	if (pwrite(g->t.fd, g->saved, n, 0) != (ssize_t)n)
		fail(EXIT_ENV, "clearing page 0 of %s: %s", g->t.path, strerror(errno));
}

/* Ordinary file: whether what the probe did is there to see. */
static bool landed(struct guard *g, const struct sg_probe *p,
		   const struct sg_outcome *o)
{
	const struct sg_target *t = &g->t;
	struct stat st;

	if (p->effect == SG_EFFECT_SIZE)
		return !stat(t->path, &st) && st.st_size == o->expect_size;
	return pread(t->fd, g->saved, t->page_size, 0) == (ssize_t)t->page_size &&
	       !memcmp(g->saved, t->data, t->page_size);
}

static void run_probe(struct guard *g, unsigned int number,
		      const struct sg_probe *p)
{
	struct sg_outcome o = { 0 };
	struct sg_judgement j;

	if (g->t.ordinary)
		prepare_ordinary(g, number);
	p->run(&g->t, &o);
	sg_judge(&o, p->refusals, g->t.ordinary,
		 g->t.ordinary && o.result == SG_ACCEPTED && landed(g, p, &o), &j);
	sg_tap_line(stdout, number, p->name, &j);
	fflush(stdout);
	g->failed += !j.ok;
}

/* The swap file after every probe: same size, same header page. */
static void check_unchanged(struct guard *g, unsigned int number)
{
	const struct sg_target *t = &g->t;
	void *now = page_alloc(t->page_size);
	struct stat st;
	bool same_size = !fstat(t->fd, &st) && st.st_size == g->saved_size;
	bool same_page = now &&
		pread(t->fd, now, t->page_size, 0) == (ssize_t)t->page_size &&
		!memcmp(now, g->saved, t->page_size);

	printf("%s %u - swap file unchanged: size %lld (was %lld), header page %s\n",
	       same_size && same_page ? "ok" : "not ok", number,
	       (long long)st.st_size, (long long)g->saved_size,
	       same_page ? "identical" : "DIFFERS");
	g->failed += !(same_size && same_page);
	free(now);
}

static void teardown(struct guard *g)
{
	if (g->t.fd_direct >= 0)
		close(g->t.fd_direct);
	if (g->t.src_fd >= 0)
		close(g->t.src_fd);
	if (g->t.fd >= 0)
		close(g->t.fd);
	if (g->scratch[0])
		unlink(g->scratch);
	free(g->t.data);
	free(g->saved);
}

static int run(struct guard *g)
{
	unsigned int i, plan = sg_n_probes + !g->t.ordinary;

	printf("TAP version 13\n1..%u\n# swapguard: %s %s\n", plan,
	       g->t.ordinary ? "ordinary scratch file" : "active swap file",
	       g->t.path);
	for (i = 0; i < sg_n_probes; i++)
		run_probe(g, i + 1, &sg_probes[i]);
	if (!g->t.ordinary)
		check_unchanged(g, plan);
	printf("# %u of %u %s\n", plan - g->failed, plan,
	       g->t.ordinary ? "write paths wrote on an ordinary file"
			     : "checks passed: user space cannot write into the swap file");
	return g->failed ? EXIT_FAILED : EXIT_GOOD;
}

int main(int argc, char **argv)
{
	struct guard g = { .t = { .fd = -1, .fd_direct = -1, .src_fd = -1 } };
	struct sg_options opts;
	char err[256];
	int ret;

	switch (sg_parse_options(argc, argv, &opts, err, sizeof(err))) {
	case SG_PARSE_HELP:
		fputs(sg_usage, stdout);
		return EXIT_GOOD;
	case SG_PARSE_ERROR:
		return fail(EXIT_USAGE, "%s", err);
	case SG_PARSE_OK:
		break;
	}
	g.t.page_size = sysconf(_SC_PAGESIZE);
	g.t.data = page_alloc(g.t.page_size);
	if (!g.t.data)
		return fail(EXIT_ENV, "out of memory");
	if (opts.ordinary) {
		g.saved = page_alloc(g.t.page_size);
		ret = g.saved ? setup_scratch_file(&g, opts.path) : EXIT_ENV;
	} else {
		ret = setup_swap_file(&g, opts.path);
	}
	if (ret == EXIT_GOOD)
		ret = run(&g);
	teardown(&g);
	return ret;
}
