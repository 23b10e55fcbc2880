// SPDX-License-Identifier: GPL-2.0
/* Judge each write path's outcome and print it as TAP. */
#include <string.h>

#include "sg_verdict.h"

const char *sg_refusal_name(int err)
{
	const char *name;

	if (err == SG_SIGBUS)
		return "SIGBUS";
	name = strerrorname_np(err);
	return name ? name : "unknown error";
}

static bool documented(int err, const int *refusals)
{
	for (; *refusals; refusals++)
		if (*refusals == err)
			return true;
	return false;
}

static void list_refusals(char *buf, size_t len, const int *refusals)
{
	size_t used = 0;

	buf[0] = '\0';
	for (; *refusals && used < len; refusals++)
		used += snprintf(buf + used, len - used, "%s%s",
				 used ? " or " : "", sg_refusal_name(*refusals));
}

static void judge_swap(const struct sg_outcome *o, const int *refusals,
		       struct sg_judgement *j)
{
	char want[64];

	if (o->result == SG_ACCEPTED) {
		snprintf(j->text, sizeof(j->text), "ACCEPTED on an active swap file: %s",
			 o->detail);
		return;
	}
	if (documented(o->err, refusals)) {
		j->ok = true;
		snprintf(j->text, sizeof(j->text), "refused with %s%s%s%s",
			 sg_refusal_name(o->err), *o->detail ? " (" : "", o->detail,
			 *o->detail ? ")" : "");
		return;
	}
	list_refusals(want, sizeof(want), refusals);
	snprintf(j->text, sizeof(j->text), "refused with %s (%s), expected %s%s%s",
		 sg_refusal_name(o->err),
		 o->err == SG_SIGBUS ? "bus error" : strerror(o->err), want,
		 *o->detail ? "; " : "", o->detail);
}

static void judge_ordinary(const struct sg_outcome *o, bool landed,
			   struct sg_judgement *j)
{
	if (o->result == SG_REFUSED) {
		snprintf(j->text, sizeof(j->text), "refused on an ordinary file: %s (%s)",
			 sg_refusal_name(o->err),
			 o->err == SG_SIGBUS ? "bus error" : strerror(o->err));
		return;
	}
	if (!landed) {
		snprintf(j->text, sizeof(j->text), "succeeded (%s) but the file does not show it",
			 o->detail);
		return;
	}
	j->ok = true;
	snprintf(j->text, sizeof(j->text), "%s, and it landed", o->detail);
}

void sg_judge(const struct sg_outcome *o, const int *refusals, bool ordinary,
	      bool landed, struct sg_judgement *j)
{
	*j = (struct sg_judgement){ 0 };
	if (o->result == SG_SKIPPED) {
		j->ok = true;
		j->skip = true;
		snprintf(j->text, sizeof(j->text), "%s", o->detail);
	} else if (ordinary) {
		judge_ordinary(o, landed, j);
	} else {
		judge_swap(o, refusals, j);
	}
}

void sg_tap_line(FILE *out, unsigned int number, const char *name,
		 const struct sg_judgement *j)
{
	if (j->skip)
		fprintf(out, "ok %u - %s # SKIP %s\n", number, name, j->text);
	else
		fprintf(out, "%s %u - %s: %s\n", j->ok ? "ok" : "not ok",
			number, name, j->text);
}
