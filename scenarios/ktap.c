// SPDX-License-Identifier: GPL-2.0
/* KTAP / TAP result lines: "ok N desc", "not ok N desc", "... # SKIP why". */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "logparse.h"

static void note_failure(struct ktap_counts *c, const char *desc)
{
	size_t used = strlen(c->failed);

	if (used < sizeof(c->failed) - 1)
		snprintf(c->failed + used, sizeof(c->failed) - used, "%s%s",
			 used ? "; " : "", desc);
}

/* Past "ok 12 " or "not ok 12 ", or NULL if @line is no result line. */
static const char *result_desc(const char *line, bool *ok)
{
	*ok = !strncmp(line, "ok ", 3);
	if (!*ok && strncmp(line, "not ok ", 7))
		return NULL;
	line += *ok ? 3 : 7;
	while (isdigit((unsigned char)*line))
		line++;
	while (*line == ' ' || *line == '-')
		line++;
	return line;
}

static void count_line(const char *line, const char *context, ktap_filter keep,
		       void *arg, struct ktap_counts *c)
{
	const char *desc;
	bool ok;

	desc = result_desc(line, &ok);
	if (!desc || (keep && !keep(desc, context, arg)))
		return;
	if (strstr(desc, "# SKIP") || strstr(desc, "# skip"))
		c->skip++;
	else if (ok)
		c->pass++;
	else {
		c->fail++;
		note_failure(c, desc);
	}
}

void ktap_count(const char *text, ktap_filter keep, void *arg,
		struct ktap_counts *c)
{
	char line[512], context[512] = "";
	const char *p = text, *eol;
	size_t l;

	memset(c, 0, sizeof(*c));
	while (p && *p) {
		eol = strchr(p, '\n');
		l = eol ? (size_t)(eol - p) : strlen(p);
		snprintf(line, sizeof(line), "%.*s", (int)l, p);
		if (!strncmp(line, "# [RUN]", 7))
			snprintf(context, sizeof(context), "%s", line);
		else
			count_line(line, context, keep, arg, c);
		p = eol ? eol + 1 : NULL;
	}
}
