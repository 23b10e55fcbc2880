// SPDX-License-Identifier: GPL-2.0
/*
 * A swap target's descriptor (lab/swap_targets.c) as a plan of plain
 * commands: the mount, the swap file written without holes, the loop device
 * or the disk, mkswap and swapon, one step each so a failure names its step.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab_private.h"
#include "swap_plan.h"

/* Writing the swap file crosses the tunnel: allow ~1 MiB/s under TCG. */
static unsigned int fill_timeout(unsigned int size_mib)
{
	return 120 + size_mib;
}

static void add_step(struct swap_plan *p, const char *what, unsigned int timeout_s, ...)
{
	struct swap_step *s = &p->steps[p->nsteps++];
	const char *arg;
	va_list ap;
	int i = 0;

	snprintf(s->what, sizeof(s->what), "%s", what);
	s->timeout_s = timeout_s;
	va_start(ap, timeout_s);
	while ((arg = va_arg(ap, const char *)) && i < SWAP_STEP_MAX_ARGS - 1)
		s->argv[i++] = strdup(arg);
	va_end(ap);
	s->argv[i] = NULL;
}

static void add_mount(struct swap_plan *p, const struct lab_swap_target *t)
{
	char *what = lab_strdup_printf("%s mounted", t->protocol);

	add_step(p, "mount point made", 30, "mkdir", "-p", t->mount_point, NULL);
	add_step(p, what, 120, "mount", "-t", t->mount_type, "-o", t->mount_options,
		 t->mount_source, t->mount_point, NULL);
	free(what);
}

/*
 * Where the file system has fallocate (NFSv4.2's ALLOCATE) the server
 * allocates the whole file in one call; otherwise (NFSv3) every block is
 * written (minutes per GiB through the tunnel under TCG).  Either way the
 * file has no holes.
 */
static void add_swap_file(struct swap_plan *p, const struct lab_swap_target *t,
			  const char *file, unsigned int size_mib)
{
	char *of = lab_strdup_printf("of=%s", file);
	char *count = lab_strdup_printf("count=%u", size_mib);
	char *length = lab_strdup_printf("%uMiB", size_mib);

	if (t->allocate_by_writing)
		add_step(p, "file allocated", fill_timeout(size_mib), "dd", "if=/dev/zero",
			 of, "bs=1M", count, "conv=fsync", "status=none", NULL);
	else
		add_step(p, "file allocated", 300, "fallocate", "-l", length, file, NULL);
	add_step(p, "file mode 600", 30, "chmod", "600", file, NULL);
	p->file = strdup(file);
	p->file_bytes = (unsigned long long)size_mib << 20;
	free(of);
	free(count);
	free(length);
}

static void add_swap_on(struct swap_plan *p, const char *device)
{
	add_step(p, "mkswap", 60, "mkswap", device, NULL);
	add_step(p, "swap on", 120, "swapon", device, NULL);
	p->swap_device = strdup(device);
}

void swap_plan_of(struct swap_plan *p, const struct lab_swap_target *t,
		  unsigned int size_mib, const char *host)
{
	char *file = t->mount_point ?
		lab_strdup_printf("%s/%s.swap", t->mount_point, host) : NULL;

	memset(p, 0, sizeof(*p));
	p->target = t;
	if (t->mount_point) {
		add_mount(p, t);
		add_swap_file(p, t, file, size_mib);
	}
	switch (t->kind) {
	case LAB_SWAP_FILE:
		add_swap_on(p, file);
		break;
	case LAB_SWAP_LOOP:
		add_step(p, "loop device", 60, "losetup", "--direct-io=on", t->device,
			 file, NULL);
		add_swap_on(p, t->device);
		break;
	case LAB_SWAP_LOCAL:
		add_swap_on(p, t->device);
		break;
	case LAB_SWAP_NONE:
		p->swap_device = strdup("");
		break;
	}
	free(file);
}

bool swap_plan_make(struct swap_plan *p, const char *target, unsigned int size_mib,
		    const char *host)
{
	const struct lab_swap_target *t = lab_swap_target_find(target);

	memset(p, 0, sizeof(*p));
	if (!t)
		return false;
	swap_plan_of(p, t, size_mib, host);
	return true;
}

void swap_plan_free(struct swap_plan *p)
{
	unsigned int i, j;

	for (i = 0; i < p->nsteps; i++)
		for (j = 0; p->steps[i].argv[j]; j++)
			free(p->steps[i].argv[j]);
	free(p->swap_device);
	free(p->file);
	memset(p, 0, sizeof(*p));
}

bool file_fully_allocated(const char *stat_output, unsigned long long size)
{
	unsigned long long bytes, blocks, block_size;

	if (sscanf(stat_output, "%llu %llu %llu", &bytes, &blocks, &block_size) != 3)
		return false;
	return bytes == size && blocks * block_size >= size;
}

/* Does the line start with field, followed by whitespace? */
static bool first_field_is(const char *line, const char *field)
{
	size_t n = strlen(field);

	return !strncmp(line, field, n) && (line[n] == ' ' || line[n] == '\t');
}

bool swap_listed(const char *proc_swaps, const char *device)
{
	const char *line = proc_swaps;

	for (; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL)
		if (first_field_is(line, device))
			return true;
	return false;
}

bool mount_entry(const char *proc_mounts, const char *mount_point,
		 char *fstype, size_t fstype_len, char *options, size_t options_len)
{
	const char *line = proc_mounts;
	char src[512], dir[512], type[64], opts[1024];

	for (; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		if (sscanf(line, "%511s %511s %63s %1023s", src, dir, type, opts) != 4)
			continue;
		if (strcmp(dir, mount_point))
			continue;
		snprintf(fstype, fstype_len, "%s", type);
		snprintf(options, options_len, "%s", opts);
		return true;
	}
	return false;
}

bool mount_version_is(const char *options, const char *vers)
{
	char *want = lab_strdup_printf("vers=%s", vers);
	const char *p = options;
	bool found = false;

	while (!found && (p = strstr(p, want))) {
		char next = p[strlen(want)];

		found = (p == options || p[-1] == ',') && (next == ',' || next == '\0');
		p++;
	}
	free(want);
	return found;
}
