// SPDX-License-Identifier: GPL-2.0
/*
 * Swap targets as plans of plain commands.  The NFS mounts are hard (a
 * server that stops makes the client wait, never lose a page); the swap file
 * is written in full with dd so it has no holes (fallocate is not in NFSv3);
 * the loop device over NFS uses direct I/O so no page cache sits between.
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

	s->what = what;
	s->timeout_s = timeout_s;
	va_start(ap, timeout_s);
	while ((arg = va_arg(ap, const char *)) && i < SWAP_STEP_MAX_ARGS - 1)
		s->argv[i++] = strdup(arg);
	va_end(ap);
	s->argv[i] = NULL;
}

static void add_nfs_mount(struct swap_plan *p, const char *vers)
{
	/* NFSv3 without the lock protocol: a swap file takes no locks. */
	char *opts = lab_strdup_printf("vers=%s,hard,proto=tcp%s", vers,
				       strcmp(vers, "3") ? "" : ",nolock");

	add_step(p, "mount point made", 30, "mkdir", "-p", LAB_MOUNT_POINT, NULL);
	add_step(p, "NFS mounted", 120, "mount", "-t", "nfs", "-o", opts,
		 LAB_TUNNEL_SERVER_ADDR ":" LAB_EXPORT_PATH, LAB_MOUNT_POINT, NULL);
	p->nfs_vers = vers;
	free(opts);
}

/*
 * NFSv4.2 allocates the whole file on the server in one ALLOCATE call;
 * NFSv3 has no fallocate, so every block is written (minutes per GiB
 * through the tunnel under TCG).  Either way the file has no holes.
 */
static void add_swap_file(struct swap_plan *p, const char *file, unsigned int size_mib,
			  bool swap_file)
{
	char *of = lab_strdup_printf("of=%s", file);
	char *count = lab_strdup_printf("count=%u", size_mib);
	char *length = lab_strdup_printf("%uMiB", size_mib);

	if (!strcmp(p->nfs_vers, "3"))
		add_step(p, "file allocated", fill_timeout(size_mib), "dd", "if=/dev/zero",
			 of, "bs=1M", count, "conv=fsync", "status=none", NULL);
	else
		add_step(p, "file allocated", 300, "fallocate", "-l", length, file, NULL);
	add_step(p, "file mode 600", 30, "chmod", "600", file, NULL);
	if (swap_file) {
		add_step(p, "mkswap", 60, "mkswap", file, NULL);
		add_step(p, "swap on", 120, "swapon", file, NULL);
	}
	p->file = strdup(file);
	p->file_bytes = (unsigned long long)size_mib << 20;
	free(of);
	free(count);
	free(length);
}

bool swap_plan_make(struct swap_plan *p, const char *target, unsigned int size_mib,
		    const char *host)
{
	char *file = lab_strdup_printf(LAB_MOUNT_POINT "/%s.swap", host);

	memset(p, 0, sizeof(*p));
	if (!strcmp(target, "nfs4.2") || !strcmp(target, "nfs3")) {
		add_nfs_mount(p, strcmp(target, "nfs3") ? "4.2" : "3");
		add_swap_file(p, file, size_mib, true);
		p->swap_device = strdup(file);
	} else if (!strcmp(target, "loop-nfs")) {
		add_nfs_mount(p, "4.2");
		add_swap_file(p, file, size_mib, false);
		/* The loop device is the first free one: /dev/loop0 in a fresh guest. */
		add_step(p, "loop device", 60, "losetup", "--direct-io=on", "/dev/loop0",
			 file, NULL);
		add_step(p, "mkswap", 60, "mkswap", "/dev/loop0", NULL);
		add_step(p, "swap on", 120, "swapon", "/dev/loop0", NULL);
		p->swap_device = strdup("/dev/loop0");
	} else if (!strcmp(target, "local")) {
		add_step(p, "mkswap", 60, "mkswap", "/dev/vdc", NULL);
		add_step(p, "swap on", 120, "swapon", "/dev/vdc", NULL);
		p->swap_device = strdup("/dev/vdc");
	} else if (!strcmp(target, "none")) {
		p->swap_device = strdup("");
	} else {
		free(file);
		return false;
	}
	free(file);
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

bool nfs_version_is(const char *options, const char *vers)
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
