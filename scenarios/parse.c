// SPDX-License-Identifier: GPL-2.0
/*
 * The scenario file parser.  Strict on purpose: an unknown section or key, a
 * key given twice or a bad value is an error naming file, line and key, so a
 * scenario never silently runs with a default it did not ask for.
 */
#include <ctype.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "../results/textfile.h"
#include "registry.h"

struct parser {
	const char *path;
	unsigned int line;
	struct scenario *scn;
	struct scn_params *params;	/* of the current section */
	const char *section;
	const struct scn_option *tables[2];
	char *err;
	size_t errlen;
};

static int fail(struct parser *ps, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(struct parser *ps, const char *fmt, ...)
{
	int used = snprintf(ps->err, ps->errlen, "%s:%u: ", ps->path, ps->line);
	va_list ap;

	va_start(ap, fmt);
	if (used >= 0 && (size_t)used < ps->errlen)
		vsnprintf(ps->err + used, ps->errlen - used, fmt, ap);
	va_end(ap);
	return -1;
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static void known_sections(char *buf, size_t len)
{
	size_t used = snprintf(buf, len, "scenario");
	int i;

	for (i = 0; workloads[i] && used < len; i++)
		used += snprintf(buf + used, len - used, ", %s", workloads[i]->name);
	for (i = 0; faults[i] && used < len; i++)
		used += snprintf(buf + used, len - used, ", %s", faults[i]->name);
}

static int begin_section(struct parser *ps, const char *name)
{
	struct scenario *s = ps->scn;
	struct scn_section *sec;
	char known[512];

	if (!strcmp(name, "scenario")) {
		if (ps->section)
			return fail(ps, "[scenario] must be the first section");
		ps->section = "scenario";
		ps->params = &s->global;
		ps->tables[0] = scenario_options;
		ps->tables[1] = NULL;
		return 0;
	}
	if (!ps->section)
		return fail(ps, "the file must start with a [scenario] section");
	if (scenario_section(s, name))
		return fail(ps, "section [%s] given twice", name);
	s->sections = realloc(s->sections, (s->nsections + 1) * sizeof(*sec));
	sec = &s->sections[s->nsections];
	memset(sec, 0, sizeof(*sec));
	sec->workload = workload_find(name);
	sec->fault = sec->workload ? NULL : fault_find(name);
	if (!sec->workload && !sec->fault) {
		known_sections(known, sizeof(known));
		return fail(ps, "unknown section [%s] (known: %s)", name, known);
	}
	s->nsections++;
	sec->name = sec->workload ? sec->workload->name : sec->fault->name;
	sec->line = ps->line;
	ps->section = sec->name;
	ps->params = &sec->params;
	ps->tables[0] = sec->workload ? sec->workload->options : sec->fault->options;
	ps->tables[1] = sec->workload ? workload_common_options : fault_common_options;
	return 0;
}

static const struct scn_option *section_option(struct parser *ps, const char *key)
{
	const struct scn_option *opt = scn_find_option(ps->tables[0], key);

	return opt ? opt : scn_find_option(ps->tables[1], key);
}

static bool params_have(const struct scn_params *p, const char *key)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->values[i].opt->key, key))
			return true;
	return false;
}

static void params_add(struct scn_params *p, const struct scn_value *v)
{
	p->values = realloc(p->values, (p->n + 1) * sizeof(*p->values));
	p->values[p->n++] = *v;
}

static int set_key(struct parser *ps, const char *key, const char *text)
{
	const struct scn_option *opt;
	struct scn_value v;
	char why[384], keys[384], more[384];

	if (!ps->section)
		return fail(ps, "'%s' outside a section: start with [scenario]", key);
	opt = section_option(ps, key);
	if (!opt) {
		scn_option_keys(ps->tables[0], keys, sizeof(keys));
		scn_option_keys(ps->tables[1], more, sizeof(more));
		return fail(ps, "unknown key '%s' in [%s] (known: %s%s%s)", key,
			    ps->section, keys, keys[0] && more[0] ? ", " : "", more);
	}
	if (params_have(ps->params, key))
		return fail(ps, "key '%s' given twice in [%s]", key, ps->section);
	if (!*text && opt->type != SCN_STRING && opt->type != SCN_LIST)
		return fail(ps, "key '%s' in [%s] has no value", key, ps->section);
	if (scn_parse_value(opt, text, &v, why, sizeof(why))) {
		scn_value_clear(&v);
		return fail(ps, "[%s] %s", ps->section, why);
	}
	v.line = ps->line;
	params_add(ps->params, &v);
	return 0;
}

static int parse_line(struct parser *ps, char *raw)
{
	char *line = trim(raw), *eq, *end;

	if (!*line || *line == '#' || *line == ';')
		return 0;
	if (*line == '[') {
		end = strchr(line, ']');
		if (!end || end[1])
			return fail(ps, "bad section header '%s': expected [name]", line);
		*end = '\0';
		return begin_section(ps, trim(line + 1));
	}
	eq = strchr(line, '=');
	if (!eq)
		return fail(ps, "expected 'key = value', got '%s'", line);
	*eq = '\0';
	return set_key(ps, trim(line), trim(eq + 1));
}

/* Options not given take their defaults, so lookups never miss. */
static int fill_defaults(struct scn_params *p, const struct scn_option *table,
			 const char *where, char *err, size_t errlen)
{
	struct scn_value v;
	char why[256];

	for (; table && table->key; table++) {
		if (params_have(p, table->key))
			continue;
		if (!table->def) {
			memset(&v, 0, sizeof(v));
			v.opt = table;
		} else if (scn_parse_value(table, table->def, &v, why, sizeof(why))) {
			snprintf(err, errlen, "internal error: default of %s in %s: %s",
				 table->key, where, why);
			return -1;
		}
		params_add(p, &v);
	}
	return 0;
}

/*
 * Every section's values into its typed structs: the workload's or fault's
 * options (params.opts) and the keys all such sections have (common).
 * Again after any value changes: the structs point into the values.
 */
static void fill_typed(struct scenario *s)
{
	struct scn_section *sec;
	size_t i;

	for (i = 0; i < s->nsections; i++) {
		sec = &s->sections[i];
		if (!sec->params.opts)
			sec->params.opts = calloc(1, (sec->workload ? sec->workload->opts_size :
						      sec->fault->opts_size) ?: 1);
		scn_fill(&sec->params, sec->workload ? sec->workload->options :
			 sec->fault->options, sec->params.opts);
		memset(&sec->common, 0, sizeof(sec->common));
		scn_fill(&sec->params, sec->workload ? workload_common_options :
			 fault_common_options, &sec->common);
	}
}

static int fill_all_defaults(struct scenario *s, char *err, size_t errlen)
{
	struct scn_section *sec;
	size_t i;

	if (fill_defaults(&s->global, scenario_options, "[scenario]", err, errlen))
		return -1;
	for (i = 0; i < s->nsections; i++) {
		sec = &s->sections[i];
		if (fill_defaults(&sec->params, sec->workload ? sec->workload->options :
				  sec->fault->options, sec->name, err, errlen) ||
		    fill_defaults(&sec->params, sec->workload ? workload_common_options :
				  fault_common_options, sec->name, err, errlen))
			return -1;
	}
	fill_typed(s);
	return 0;
}

/* The line @key was given on in @sec, else the section's. */
static unsigned int key_line(const struct scn_section *sec, const char *key)
{
	size_t i;

	for (i = 0; i < sec->params.n; i++)
		if (!strcmp(sec->params.values[i].opt->key, key))
			return sec->params.values[i].line ?: sec->line;
	return sec->line;
}

/* Options of a workload that are each valid but do not fit together. */
static int check_workloads(struct parser *ps)
{
	uint64_t mem = scenario_client_mem_mib(ps->scn);
	const struct scn_section *sec;
	const char *key;
	char why[384];
	size_t i;

	for (i = 0; i < ps->scn->nsections; i++) {
		sec = &ps->scn->sections[i];
		if (!sec->workload || !sec->workload->validate)
			continue;
		key = sec->workload->validate(sec->params.opts, mem, why, sizeof(why));
		if (key) {
			ps->line = key_line(sec, key);
			return fail(ps, "[%s] %s", sec->name, why);
		}
	}
	return 0;
}

/* Client memory is what "2x" sizes multiply, so it must be absolute. */
static int check_global(struct parser *ps)
{
	const struct scn_value *mem = scn_get(&ps->scn->global, "client_mem");

	if (mem->ram_factor > 0) {
		ps->line = mem->line;
		return fail(ps, "[scenario] client_mem must be a size such as 320M, not a multiple");
	}
	return 0;
}

/* A fault waits for a workload of the same scenario that can tell it when. */
static int check_faults(struct parser *ps)
{
	const struct scn_section *sec, *target;
	size_t i;

	for (i = 0; i < ps->scn->nsections; i++) {
		sec = &ps->scn->sections[i];
		if (!sec->fault)
			continue;
		ps->line = key_line(sec, "after");
		target = scenario_section(ps->scn, sec->common.after);
		if (!target || !target->workload)
			return fail(ps, "[%s] after = %s: no such workload section in this scenario",
				    sec->name, sec->common.after);
		if (!target->workload->ready_text)
			return fail(ps, "[%s] after = %s: that workload cannot say when its pages are swapped out",
				    sec->name, target->name);
	}
	return 0;
}

static int check_complete(struct parser *ps)
{
	size_t i;

	if (!ps->section)
		return fail(ps, "empty scenario: start with a [scenario] section");
	for (i = 0; i < ps->scn->nsections; i++)
		if (ps->scn->sections[i].workload)
			return 0;
	return fail(ps, "no workload section (known: see swaplab run --help)");
}

static void hash_text(const char *text, char out[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int len = 0, i;

	EVP_Digest(text, strlen(text), md, &len, EVP_sha256(), NULL);
	for (i = 0; i < len && i < 32; i++)
		sprintf(out + 2 * i, "%02x", md[i]);
	out[64] = '\0';
}

static char *name_from_path(const char *path)
{
	char *copy = strdup(path), *base = basename(copy), *name, *dot;

	name = strdup(base);
	dot = strrchr(name, '.');
	if (dot && dot != name)
		*dot = '\0';
	free(copy);
	return name;
}

static int parse_lines(struct parser *ps, const char *text)
{
	char *copy = strdup(text), *line = copy, *next;
	int ret = 0;

	for (; line && !ret; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		ps->line++;
		ret = parse_line(ps, line);
	}
	free(copy);
	return ret;
}

struct scenario *scenario_parse_text(const char *path, const char *text,
				     char *err, size_t errlen)
{
	struct parser ps = { .path = path, .err = err, .errlen = errlen };
	struct scenario *s = calloc(1, sizeof(*s));

	ps.scn = s;
	s->path = strdup(path);
	s->name = name_from_path(path);
	hash_text(text, s->hash);
	if (parse_lines(&ps, text) || check_complete(&ps) ||
	    fill_all_defaults(s, err, errlen) || check_global(&ps) ||
	    check_workloads(&ps) || check_faults(&ps)) {
		scenario_free(s);
		return NULL;
	}
	return s;
}

struct scenario *scenario_load(const char *path, char *err, size_t errlen)
{
	struct scenario *s;
	char why[1024], *text = textfile_slurp(path, 0, NULL, why, sizeof(why));

	if (!text) {
		snprintf(err, errlen, "%s (give a .scn file or a directory of them, "
			 "e.g. scenarios/default)", why);
		return NULL;
	}
	s = scenario_parse_text(path, text, err, errlen);
	free(text);
	return s;
}

void scenario_free(struct scenario *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nsections; i++)
		scn_params_clear(&s->sections[i].params);
	free(s->sections);
	scn_params_clear(&s->global);
	free(s->name);
	free(s->path);
	free(s);
}

const struct scn_section *scenario_section(const struct scenario *s,
					   const char *name)
{
	size_t i;

	for (i = 0; i < s->nsections; i++)
		if (!strcmp(s->sections[i].name, name))
			return &s->sections[i];
	return NULL;
}

uint64_t scenario_client_mem_mib(const struct scenario *s)
{
	return scn_num(&s->global, "client_mem") >> 20;
}

/* Replaces @key's value in @p by @text, as if written on line @line. */
static int set_value(struct scn_params *p, const char *key, const char *text,
		     unsigned line, char *err, size_t errlen)
{
	struct scn_value v;
	size_t i;

	for (i = 0; i < p->n; i++) {
		if (strcmp(p->values[i].opt->key, key))
			continue;
		if (scn_parse_value(p->values[i].opt, text, &v, err, errlen)) {
			scn_value_clear(&v);
			return -1;
		}
		v.line = line ? line : p->values[i].line;
		scn_value_clear(&p->values[i]);
		p->values[i] = v;
		return 0;
	}
	snprintf(err, errlen, "no key %s", key);
	return -1;
}

/*
 * A soak of @soak_s seconds: [scenario] soak, and each workload with a
 * duration runs that long (a soak scenario has one run per workload); its
 * timeout keeps the margin it had over its duration, at least 15 minutes.
 */
int scenario_apply_soak(struct scenario *s, uint64_t soak_s, char *err, size_t errlen)
{
	const uint64_t min_margin = 15 * 60;
	char text[32], why[256];
	size_t i;

	snprintf(text, sizeof(text), "%" PRIu64 "s", soak_s);
	if (set_value(&s->global, "soak", text, 0, why, sizeof(why)))
		goto bad;
	for (i = 0; i < s->nsections; i++) {
		struct scn_params *p = &s->sections[i].params;
		const struct workload *wl = s->sections[i].workload;
		uint64_t dur, timeout, margin;

		if (!wl || !scn_find_option(wl->options, "duration"))
			continue;
		dur = scn_num(p, "duration");
		timeout = s->sections[i].common.timeout_s ?: wl->default_timeout_s;
		margin = timeout > dur ? timeout - dur : 0;
		if (margin < min_margin)
			margin = min_margin;
		if (set_value(p, "duration", text, 0, why, sizeof(why)))
			goto bad;
		snprintf(text, sizeof(text), "%" PRIu64 "s", soak_s + margin);
		if (set_value(p, "timeout", text, 0, why, sizeof(why)))
			goto bad;
		snprintf(text, sizeof(text), "%" PRIu64 "s", soak_s);
	}
	fill_typed(s);
	return 0;
bad:
	fill_typed(s);
	snprintf(err, errlen, "%s: soak %" PRIu64 " s: %s", s->path, soak_s, why);
	return -1;
}
