// SPDX-License-Identifier: GPL-2.0
/*
 * swapverify: fill anonymous memory with a per-page pattern, force it out to
 * swap, read it back (sequentially, then in random order) and check every
 * page.  Reports throughput, fault latencies and bad pages as JSON.  With
 * --shmem the memory is a memfd mapped MAP_SHARED instead: its pages go to
 * swap through shmem (shmem_writepage, shmem_swapin_folio), another path
 * from the anonymous one, and MADV_PAGEOUT and memory.reclaim force them out
 * alike (we own the file and are its only mapper).
 *
 * The pattern, orders, percentiles, options and JSON live in their own files;
 * this one does the memory and process work.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cgroup.h"
#include "mix.h"
#include "order.h"
#include "pageout.h"
#include "sv_options.h"
#include "sv_report.h"
#include "vmstat.h"

enum { EXIT_GOOD, EXIT_BAD_PAGE, EXIT_USAGE, EXIT_ENV };

struct verifier {
	const struct sv_options *opts;
	struct sv_report report;
	struct pageout_region region;
	uint8_t *base;
	size_t pages;
	uint32_t *order;
	uint64_t *samples;	/* fault latencies, every cycle's in turn */
	size_t n_samples;
	FILE *json_file;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	va_list ap;

	fputs("swapverify: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
}

/* A note in the report that is also said right away. */
#define NOTE(v, ...) do {					\
		sv_report_note(&(v)->report, __VA_ARGS__);	\
		say(__VA_ARGS__);				\
	} while (0)

static void emit(struct verifier *v)
{
	json_object *j = sv_report_json(&v->report);
	const char *text = json_object_to_json_string_ext(j,
					JSON_C_TO_STRING_PRETTY |
					JSON_C_TO_STRING_NOSLASHESCAPE);

	printf("%s\n", text);
	fflush(stdout);
	if (v->json_file) {
		fprintf(v->json_file, "%s\n", text);
		fflush(v->json_file);
	}
	json_object_put(j);
}

/* Stop for a reason outside our control: report it and exit 3. */
static int env_error(struct verifier *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int env_error(struct verifier *v, const char *fmt, ...)
{
	static char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	say("error: %s", why);
	v->report.error = why;
	emit(v);
	return EXIT_ENV;
}

static struct pattern_key page_key(const struct verifier *v, uint64_t gen,
				   size_t page)
{
	return (struct pattern_key){ v->report.seed, gen, page };
}

static void fill(struct verifier *v, uint64_t gen)
{
	struct pattern_key key;
	size_t i, ps = v->report.page_size;

	for (i = 0; i < v->pages; i++) {
		key = page_key(v, gen, i);
		pattern_fill(v->base + i * ps, ps, &key);
	}
}

static uint64_t major_faults(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_majflt;
}

/*
 * Touch each page once in the given order: that first touch is the fault we
 * time.  Then check the whole page; the check is timed apart so swap-in
 * throughput does not include it.
 */
static void read_back(struct verifier *v, struct sv_cycle *c)
{
	size_t k, i, ps = v->report.page_size;
	uint64_t *samples = v->samples + v->n_samples;
	uint64_t start, touch, touched, checked, verify_ns = 0;
	struct pattern_fault fault;
	struct pattern_key key;
	uint8_t *page;

	start = now_ns();
	checked = start;
	for (k = 0; k < v->pages; k++) {
		i = v->order[k];
		page = v->base + i * ps;
		touch = checked;
		(void)*(volatile uint64_t *)page;
		touched = now_ns();
		samples[k] = touched - touch;
		key = page_key(v, c->generation, i);
		if (pattern_check(page, ps, &key, &fault) != PATTERN_GOOD)
			sv_report_bad_page(&v->report, c, i, &fault);
		checked = now_ns();
		verify_ns += checked - touched;
	}
	c->readback_s = (checked - start) / 1e9;
	c->verify_s = verify_ns / 1e9;
	latency_summarize(samples, v->pages, &c->faults);
	v->n_samples += v->pages;
}

static void hold(struct verifier *v)
{
	struct timespec left = { v->opts->hold_s, 0 };

	say("swapped out, holding for %u s", v->opts->hold_s);
	while (nanosleep(&left, &left) && errno == EINTR)
		;
	say("hold over, reading back");
}

static int swap_out(struct verifier *v, struct sv_cycle *c)
{
	if (pageout_force(&v->region, &c->out))
		return env_error(v, "forcing pages out failed: %s%s", strerror(errno),
				 errno == ETIMEDOUT ? " (swap writeback did not finish)" : "");
	if (c->out.pswpout == 0 && c->out.resident_after == v->pages)
		return env_error(v, "no page could be forced out to swap (pageout: %s)",
				 v->report.pageout);
	if (c->out.resident_after && c->generation == 1)
		NOTE(v, "%llu of %zu pages stayed in memory after pageout (swap cache); reading them back is no swap-in",
		     (unsigned long long)c->out.resident_after, v->pages);
	return 0;
}

static int cycle(struct verifier *v, struct sv_cycle *c)
{
	struct vmstat before, after;
	uint64_t faults;
	int ret;

	fill(v, c->generation);
	if (v->opts->pageout) {
		ret = swap_out(v, c);
		if (ret)
			return ret;
		if (v->opts->hold_s && c->generation == 1)
			hold(v);
	}
	if (strcmp(c->order, "random"))
		order_sequential(v->order, v->pages);
	else
		order_random(v->order, v->pages, mix64(v->report.seed ^ c->generation));
	faults = major_faults();
	if (vmstat_read(&before))
		return env_error(v, "cannot read /proc/vmstat: %s", strerror(errno));
	read_back(v, c);
	if (vmstat_read(&after))
		return env_error(v, "cannot read /proc/vmstat: %s", strerror(errno));
	c->pswpin = after.pswpin - before.pswpin;
	c->major_faults = major_faults() - faults;
	return 0;
}

/* A memfd of @len bytes mapped shared: its pages are shmem's. */
static void *map_shmem(size_t len)
{
	void *base;
	int fd = memfd_create("swapverify", MFD_CLOEXEC);

	if (fd < 0)
		return MAP_FAILED;
	if (ftruncate(fd, len)) {
		close(fd);
		return MAP_FAILED;
	}
	base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);	/* the mapping keeps the file */
	return base;
}

static int allocate(struct verifier *v)
{
	size_t ps = v->report.page_size, len = v->pages * ps;
	size_t n_cycles = 2 * (size_t)v->opts->passes;

	if (v->opts->shmem)
		v->base = map_shmem(len);
	else
		v->base = mmap(NULL, len, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (v->base == MAP_FAILED)
		return env_error(v, "cannot map %u MiB of %s memory: %s", v->opts->size_mib,
				 v->report.memory, strerror(errno));
	/* Base pages: one fault per page, and the swap unit we time. */
	madvise(v->base, len, MADV_NOHUGEPAGE);
	v->order = calloc(v->pages, sizeof(*v->order));
	v->samples = calloc(v->pages * n_cycles, sizeof(*v->samples));
	v->region.residency = calloc(v->pages, 1);
	v->report.cycles = calloc(n_cycles, sizeof(*v->report.cycles));
	if (!v->order || !v->samples || !v->region.residency || !v->report.cycles)
		return env_error(v, "out of memory for the bookkeeping of %zu pages",
				 v->pages);
	/* Keep our bookkeeping out of the reclaim we ask for (best effort). */
	mlock(v->order, v->pages * sizeof(*v->order));
	mlock(v->samples, v->pages * n_cycles * sizeof(*v->samples));
	v->region.addr = v->base;
	v->region.len = len;
	v->region.page_size = ps;
	v->region.madvise_works = true;
	return 0;
}

static int verify(struct verifier *v)
{
	static const char *const orders[] = { "sequential", "random" };
	struct sv_cycle *c;
	unsigned int pass, o;
	int ret = allocate(v);

	for (pass = 1; !ret && pass <= v->opts->passes; pass++) {
		for (o = 0; !ret && o < 2; o++) {
			c = &v->report.cycles[v->report.n_cycles++];
			c->pass = pass;
			c->order = orders[o];
			c->generation = v->report.n_cycles;
			ret = cycle(v, c);
		}
	}
	if (ret)
		return ret;
	if (!v->region.madvise_works)
		NOTE(v, "the kernel refused MADV_PAGEOUT (Linux 5.4 and later have it)");
	latency_summarize(v->samples, v->n_samples, &v->report.faults);
	emit(v);
	if (v->report.bad_pages)
		say("%llu bad pages: see first_bad_pages in the JSON",
		    (unsigned long long)v->report.bad_pages);
	return v->report.bad_pages ? EXIT_BAD_PAGE : EXIT_GOOD;
}

/* The child that does the work inside the cgroup. */
static int verify_in_cgroup(struct verifier *v, const char *cg)
{
	if (cgroup_enter(cg)) {
		NOTE(v, "cannot join %s (%s): forcing out with MADV_PAGEOUT only",
		     cg, strerror(errno));
		v->report.pageout = "madvise";
		v->report.cgroup = NULL;
		v->region.cgroup = NULL;
	}
	return verify(v);
}

static pid_t worker;

static void forward_signal(int sig)
{
	if (worker > 0)
		kill(worker, sig);
}

/*
 * The parent stays outside the cgroup so it can remove it whatever happens
 * to the worker; signals meant for us go to the worker.
 */
static int run_in_cgroup(struct verifier *v, const char *cg)
{
	struct sigaction sa = { .sa_handler = forward_signal };
	int status, ret;

	fflush(NULL);
	worker = fork();
	if (worker < 0)
		return env_error(v, "fork: %s", strerror(errno));
	if (!worker)
		_exit(verify_in_cgroup(v, cg));
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	while (waitpid(worker, &status, 0) < 0 && errno == EINTR)
		;
	if (cgroup_remove(cg))
		say("warning: could not remove %s: %s", cg, strerror(errno));
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	ret = WTERMSIG(status);
	say("error: killed by signal %d (%s)", ret, strsignal(ret));
	return EXIT_ENV;
}

static int check_swap_space(struct verifier *v)
{
	uint64_t need = (uint64_t)v->opts->size_mib << 20, free_bytes;
	struct sysinfo si;

	if (sysinfo(&si))
		return env_error(v, "sysinfo: %s", strerror(errno));
	free_bytes = (uint64_t)si.freeswap * si.mem_unit;
	if (free_bytes < need)
		return env_error(v, "not enough swap: --size %u MiB needs %u MiB of free swap, there is %llu MiB; "
				 "enable a larger swap (swapon), use a smaller --size, or --no-pageout for a dry run",
				 v->opts->size_mib, v->opts->size_mib,
				 (unsigned long long)(free_bytes >> 20));
	return 0;
}

static uint64_t fresh_seed(void)
{
	/* 53 bits: exact in any JSON reader. */
	return mix64(now_ns() ^ ((uint64_t)getpid() << 32)) & ((1ULL << 53) - 1);
}

static void init_report(struct verifier *v)
{
	const struct sv_options *o = v->opts;
	struct sv_report *r = &v->report;

	r->seed = o->seed_given ? o->seed : fresh_seed();
	r->size_mib = o->size_mib;
	r->page_size = sysconf(_SC_PAGESIZE);
	r->passes = o->passes;
	r->hold_s = o->hold_s;
	r->pages = ((size_t)o->size_mib << 20) / r->page_size;
	r->pageout = o->pageout ? "madvise" : "none";
	r->memory = o->shmem ? "shmem" : "anonymous";
	v->pages = r->pages;
}

static int start(struct verifier *v)
{
	static char cg[4096];
	char why[512];
	int ret;

	if (!v->opts->pageout)
		return verify(v);
	ret = check_swap_space(v);
	if (ret)
		return ret;
	if (!v->opts->use_cgroup)
		return verify(v);
	if (cgroup_create(cg, sizeof(cg), why, sizeof(why))) {
		NOTE(v, "no cgroup for memory.reclaim: %s; forcing out with MADV_PAGEOUT only",
		     why);
		return verify(v);
	}
	v->report.pageout = "madvise+memory.reclaim";
	v->report.cgroup = cg;
	v->region.cgroup = cg;
	return run_in_cgroup(v, cg);
}

int main(int argc, char **argv)
{
	struct sv_options opts;
	struct verifier v = { .opts = &opts };
	char err[256];
	int ret;

	switch (sv_parse_options(argc, argv, &opts, err, sizeof(err))) {
	case SV_PARSE_HELP:
		fputs(sv_usage, stdout);
		return EXIT_GOOD;
	case SV_PARSE_ERROR:
		fprintf(stderr, "swapverify: error: %s\n", err);
		return EXIT_USAGE;
	case SV_PARSE_OK:
		break;
	}
	if (opts.json_path) {
		v.json_file = fopen(opts.json_path, "we");
		if (!v.json_file) {
			fprintf(stderr, "swapverify: error: --json %s: %s\n",
				opts.json_path, strerror(errno));
			return EXIT_USAGE;
		}
	}
	init_report(&v);
	ret = start(&v);
	if (v.json_file && fclose(v.json_file)) {
		fprintf(stderr, "swapverify: error: writing %s: %s\n",
			opts.json_path, strerror(errno));
		return EXIT_ENV;
	}
	return ret;
}
