// SPDX-License-Identifier: GPL-2.0
/*
 * The evidence of a run: the logs it kept, read lazily from its logs/
 * directory (or put directly by unit tests), and how each workload ended.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../results/textfile.h"
#include "registry.h"

void evidence_init(struct evidence *ev, const struct scenario *scn,
		   const char *swap_target, const char *logs_dir)
{
	memset(ev, 0, sizeof(*ev));
	ev->scn = scn;
	ev->swap_target = swap_target;
	ev->logs_dir = logs_dir;
}

/* A log however large, whatever bytes it holds; NULL if it cannot be read. */
static char *read_log(const char *dir, const char *name)
{
	char path[4096], why[256];

	if (!dir)
		return NULL;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return textfile_slurp(path, 0, NULL, why, sizeof(why));
}

static struct evidence_file *find_file(struct evidence *ev, const char *name)
{
	size_t i;

	for (i = 0; i < ev->nfiles; i++)
		if (!strcmp(ev->files[i].name, name))
			return &ev->files[i];
	return NULL;
}

static struct evidence_file *add_file(struct evidence *ev, const char *name,
				      char *text)
{
	struct evidence_file *f;

	ev->files = realloc(ev->files, (ev->nfiles + 1) * sizeof(*ev->files));
	f = &ev->files[ev->nfiles++];
	f->name = strdup(name);
	f->text = text;
	return f;
}

const char *evidence_text(struct evidence *ev, const char *name)
{
	struct evidence_file *f = find_file(ev, name);

	if (!f)
		f = add_file(ev, name, read_log(ev->logs_dir, name));
	return f->text;
}

const char *evidence_next_fault_log(struct evidence *ev, size_t *i,
				    const char **fault)
{
	const char *text;
	char name[128];

	while (*i < ev->scn->nsections) {
		const struct scn_section *sec = &ev->scn->sections[(*i)++];

		if (!sec->fault)
			continue;
		snprintf(name, sizeof(name), "fault-%s.txt", sec->name);
		if ((text = evidence_text(ev, name))) {
			*fault = sec->name;
			return text;
		}
	}
	return NULL;
}

void evidence_put(struct evidence *ev, const char *name, const char *text)
{
	struct evidence_file *f = find_file(ev, name);

	if (f) {
		free(f->text);
		f->text = strdup(text);
		return;
	}
	add_file(ev, name, strdup(text));
}

struct workload_status *evidence_workload(struct evidence *ev, const char *name)
{
	size_t i;

	for (i = 0; i < ev->nworkloads; i++)
		if (!strcmp(ev->workloads[i].name, name))
			return &ev->workloads[i];
	return NULL;
}

struct workload_status *evidence_add_workload(struct evidence *ev,
					      const char *name)
{
	struct workload_status *w;

	ev->workloads = realloc(ev->workloads,
				(ev->nworkloads + 1) * sizeof(*ev->workloads));
	w = &ev->workloads[ev->nworkloads++];
	memset(w, 0, sizeof(*w));
	snprintf(w->name, sizeof(w->name), "%s", name);
	return w;
}

/* The workload is part of the run (its section is in the scenario). */
bool evidence_ran(struct evidence *ev, const char *workload)
{
	return evidence_workload(ev, workload) != NULL;
}

void evidence_free(struct evidence *ev)
{
	size_t i;

	for (i = 0; i < ev->nfiles; i++) {
		free(ev->files[i].name);
		free(ev->files[i].text);
	}
	free(ev->files);
	free(ev->workloads);
	memset(ev, 0, sizeof(*ev));
}
