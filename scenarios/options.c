// SPDX-License-Identifier: GPL-2.0
/*
 * Values of scenario options: sizes, durations, numbers, flags, choices and
 * lists, parsed strictly so a typo is an error and never a silent default.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static int parse_u64(const char *text, uint64_t *out, const char **rest)
{
	char *end;

	if (!isdigit((unsigned char)*text))
		return -1;
	errno = 0;
	*out = strtoull(text, &end, 10);
	if (errno)
		return -1;
	*rest = end;
	return 0;
}

/* 512K, 320M, 1G (binary units; a bare number is MiB), or 2x / 1.5x. */
static int parse_size(const char *text, struct scn_value *v)
{
	const char *rest;
	char *end;
	uint64_t n;

	if (text[0] && text[strlen(text) - 1] == 'x') {
		v->ram_factor = strtod(text, &end);
		return (end == text || *end != 'x' || end[1] ||
			!(v->ram_factor > 0) || !isfinite(v->ram_factor)) ? -1 : 0;
	}
	if (parse_u64(text, &n, &rest))
		return -1;
	switch (toupper((unsigned char)*rest)) {
	case 'K':
		v->num = n << 10;
		break;
	case '\0':
	case 'M':
		v->num = n << 20;
		break;
	case 'G':
		v->num = n << 30;
		break;
	default:
		return -1;
	}
	if (*rest && rest[1] && strcasecmp(rest + 1, "iB") && strcasecmp(rest + 1, "B"))
		return -1;
	return 0;
}

static int parse_duration(const char *text, struct scn_value *v)
{
	const char *rest;
	uint64_t n;

	if (parse_u64(text, &n, &rest))
		return -1;
	if (!*rest || !strcmp(rest, "s"))
		v->num = n;
	else if (!strcmp(rest, "m"))
		v->num = n * 60;
	else if (!strcmp(rest, "h"))
		v->num = n * 3600;
	else
		return -1;
	return 0;
}

static int parse_bool(const char *text, struct scn_value *v)
{
	static const char *const yes[] = { "yes", "true", "on", "1", NULL };
	static const char *const no[] = { "no", "false", "off", "0", NULL };
	int i;

	for (i = 0; yes[i]; i++) {
		if (!strcasecmp(text, yes[i])) {
			v->flag = true;
			return 0;
		}
		if (!strcasecmp(text, no[i])) {
			v->flag = false;
			return 0;
		}
	}
	return -1;
}

static bool word_allowed(const struct scn_option *opt, const char *word)
{
	int i;

	if (opt->valid_word)
		return opt->valid_word(word);
	if (!opt->choices)
		return true;
	for (i = 0; opt->choices[i]; i++)
		if (!strcmp(opt->choices[i], word))
			return true;
	return false;
}

static void choices_text(const struct scn_option *opt, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; opt->choices && opt->choices[i] && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
				 opt->choices[i]);
}

static int parse_list(const struct scn_option *opt, const char *text,
		      struct scn_value *v, char *err, size_t errlen)
{
	char *copy = strdup(text), *save = NULL, *w;
	char known[256];

	for (w = strtok_r(copy, " \t,", &save); w; w = strtok_r(NULL, " \t,", &save)) {
		if (!word_allowed(opt, w)) {
			choices_text(opt, known, sizeof(known));
			snprintf(err, errlen, "'%s' is not a valid %s%s%s%s", w,
				 opt->key, known[0] ? " (one of: " : "", known,
				 known[0] ? ")" : "");
			free(copy);
			return -1;
		}
		v->words = realloc(v->words, (v->nwords + 1) * sizeof(*v->words));
		v->words[v->nwords++] = strdup(w);
	}
	free(copy);
	return 0;
}

static int parse_enum(const struct scn_option *opt, const char *text,
		      struct scn_value *v, char *err, size_t errlen)
{
	char known[256];

	if (!word_allowed(opt, text)) {
		choices_text(opt, known, sizeof(known));
		snprintf(err, errlen, "'%s' is not a valid %s (one of: %s)", text,
			 opt->key, known);
		return -1;
	}
	v->text = strdup(text);
	return 0;
}

static const char *const type_syntax[] = {
	[SCN_UINT] = "a whole number",
	[SCN_SIZE] = "a size such as 512K, 320M, 1G or 2x (times client_mem)",
	[SCN_DURATION] = "a duration such as 90s, 5m or 1h",
	[SCN_BOOL] = "yes or no",
};

static int check_bounds(const struct scn_option *opt, const struct scn_value *v,
			char *err, size_t errlen)
{
	if (v->ram_factor > 0)
		return 0;
	if (v->num < opt->min || (opt->max && v->num > opt->max)) {
		snprintf(err, errlen, "%s = %" PRIu64 " is out of range [%" PRIu64
			 ", %" PRIu64 "]%s", opt->key, v->num, opt->min, opt->max,
			 opt->type == SCN_SIZE ? " bytes" :
			 opt->type == SCN_DURATION ? " seconds" : "");
		return -1;
	}
	return 0;
}

static int parse_scalar(const struct scn_option *opt, const char *text,
			struct scn_value *v)
{
	const char *rest;

	switch (opt->type) {
	case SCN_UINT:
		return (parse_u64(text, &v->num, &rest) || *rest) ? -1 : 0;
	case SCN_SIZE:
		return parse_size(text, v);
	case SCN_DURATION:
		return parse_duration(text, v);
	default:
		return parse_bool(text, v);
	}
}

int scn_parse_value(const struct scn_option *opt, const char *text,
		    struct scn_value *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	out->opt = opt;
	out->raw = strdup(text);
	switch (opt->type) {
	case SCN_LIST:
		return parse_list(opt, text, out, err, errlen);
	case SCN_ENUM:
		return parse_enum(opt, text, out, err, errlen);
	case SCN_STRING:
		out->text = strdup(text);
		return 0;
	default:
		break;
	}
	if (parse_scalar(opt, text, out)) {
		snprintf(err, errlen, "bad value '%s' for %s: expected %s", text,
			 opt->key, type_syntax[opt->type]);
		return -1;
	}
	if (opt->type == SCN_BOOL)
		return 0;
	return check_bounds(opt, out, err, errlen);
}

void scn_value_clear(struct scn_value *v)
{
	size_t i;

	for (i = 0; i < v->nwords; i++)
		free(v->words[i]);
	free(v->words);
	free(v->text);
	free(v->raw);
	memset(v, 0, sizeof(*v));
}

void scn_params_clear(struct scn_params *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		scn_value_clear(&p->values[i]);
	free(p->values);
	free(p->opts);
	p->values = NULL;
	p->n = 0;
	p->opts = NULL;
}

static void fill_one(const struct scn_value *v, char *field)
{
	switch (v->opt->type) {
	case SCN_UINT:
	case SCN_DURATION:
		*(uint64_t *)field = v->num;
		break;
	case SCN_SIZE:
		*(struct scn_size *)field = (struct scn_size){ v->num, v->ram_factor };
		break;
	case SCN_BOOL:
		*(bool *)field = v->flag;
		break;
	case SCN_ENUM:
	case SCN_STRING:
		*(const char **)field = v->text;
		break;
	case SCN_LIST:
		*(struct scn_words *)field = (struct scn_words){ v->words, v->nwords };
		break;
	}
}

void scn_fill(const struct scn_params *p, const struct scn_option *table, void *dst)
{
	size_t i;

	/* A section's values come from two tables: only this one's are copied. */
	for (i = 0; i < p->n; i++)
		if (scn_find_option(table, p->values[i].opt->key) == p->values[i].opt)
			fill_one(&p->values[i], (char *)dst + p->values[i].opt->offset);
}

uint64_t scn_size_to_mib(struct scn_size size, uint64_t client_mem_mib)
{
	if (size.ram_factor > 0)
		return (uint64_t)llround(size.ram_factor * (double)client_mem_mib);
	return size.bytes >> 20;
}

bool scn_words_have(const struct scn_words *w, const char *word)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (!strcmp(w->words[i], word) || !strcmp(w->words[i], "all"))
			return true;
	return false;
}

const struct scn_option *scn_find_option(const struct scn_option *table,
					 const char *key)
{
	for (; table && table->key; table++)
		if (!strcmp(table->key, key))
			return table;
	return NULL;
}

void scn_option_keys(const struct scn_option *table, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (; table && table->key && used < len; table++)
		used += snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
				 table->key);
}

const struct scn_value *scn_get(const struct scn_params *p, const char *key)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->values[i].opt->key, key))
			return &p->values[i];
	fprintf(stderr, "swaplab: internal error: no option '%s'\n", key);
	abort();
}

uint64_t scn_num(const struct scn_params *p, const char *key)
{
	return scn_get(p, key)->num;
}

bool scn_flag(const struct scn_params *p, const char *key)
{
	return scn_get(p, key)->flag;
}

const char *scn_text(const struct scn_params *p, const char *key)
{
	return scn_get(p, key)->text;
}

uint64_t scn_size_mib(const struct scn_params *p, const char *key,
		      uint64_t client_mem_mib)
{
	const struct scn_value *v = scn_get(p, key);

	return scn_size_to_mib((struct scn_size){ v->num, v->ram_factor }, client_mem_mib);
}

bool scn_has_word(const struct scn_params *p, const char *key, const char *word)
{
	const struct scn_value *v = scn_get(p, key);

	return scn_words_have(&(struct scn_words){ v->words, v->nwords }, word);
}
