// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a run directory.  Everything is validated before a record is
 * returned: the store imports a run whole or not at all.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "rundir.h"
#include "textfile.h"

/* Where a parse error is: the file and the member being read. */
struct parse_ctx {
	const char *file;
	char *why;
	size_t len;
};

static int fail(struct parse_ctx *ctx, const char *fmt, ...)
{
	size_t off;
	va_list ap;

	off = snprintf(ctx->why, ctx->len, "%s: ", ctx->file);
	if (off >= ctx->len)
		return -1;
	va_start(ap, fmt);
	vsnprintf(ctx->why + off, ctx->len - off, fmt, ap);
	va_end(ap);
	return -1;
}

/* Put the context of a nested member (a kernel, a metric) in front of the reason. */
static int fail_in(struct parse_ctx *ctx, const char *where)
{
	char reason[256];

	snprintf(reason, sizeof(reason), "%s", ctx->why + strlen(ctx->file) + 2);
	return fail(ctx, "%s: %s", where, reason);
}

/*
 * Names end up in file names, URLs and selectors (SCENARIO/LABEL@SUITE), so
 * they are restricted to what is safe in all three.
 */
static bool is_safe_name(const char *s)
{
	if (!*s || !strcmp(s, ".") || !strcmp(s, ".."))
		return false;
	return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		      "0123456789._-") == strlen(s);
}

/* A whole JSON document: a truncated file or trailing junk is an error. */
static struct json_object *parse_doc(struct parse_ctx *ctx, const char *text,
				     json_type want)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *obj;
	size_t n = strlen(text);
	size_t end;

	obj = json_tokener_parse_ex(tok, text, n);
	if (!obj) {
		enum json_tokener_error err = json_tokener_get_error(tok);

		fail(ctx, "not valid JSON (%s)", err == json_tokener_continue ?
		     "truncated" : json_tokener_error_desc(err));
		json_tokener_free(tok);
		return NULL;
	}
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (strspn(text + end, " \t\r\n") != n - end) {
		fail(ctx, "unexpected data after the JSON document");
		json_object_put(obj);
		return NULL;
	}
	if (!json_object_is_type(obj, want)) {
		fail(ctx, "expected a JSON %s", json_type_to_name(want));
		json_object_put(obj);
		return NULL;
	}
	return obj;
}

static int get_string(struct parse_ctx *ctx, struct json_object *obj,
		      const char *key, bool required, char **out)
{
	struct json_object *v;

	if (!json_object_object_get_ex(obj, key, &v)) {
		if (required)
			return fail(ctx, "missing \"%s\"", key);
		*out = strdup("");
		return 0;
	}
	if (!json_object_is_type(v, json_type_string))
		return fail(ctx, "\"%s\" must be a string", key);
	*out = strdup(json_object_get_string(v));
	return 0;
}

static int get_name(struct parse_ctx *ctx, struct json_object *obj,
		    const char *key, char **out)
{
	if (get_string(ctx, obj, key, true, out))
		return -1;
	if (!is_safe_name(*out))
		return fail(ctx, "\"%s\" is \"%s\": use only letters, digits, '.', '_' and '-'",
			    key, *out);
	return 0;
}

static int get_enum(struct parse_ctx *ctx, struct json_object *obj,
		    const char *key, const char *const *allowed, char **out)
{
	size_t i;

	if (get_string(ctx, obj, key, true, out))
		return -1;
	for (i = 0; allowed[i]; i++)
		if (!strcmp(*out, allowed[i]))
			return 0;
	return fail(ctx, "\"%s\" is \"%s\", not one of the allowed values", key, *out);
}

/* UTC ISO 8601 as the runner writes it: 2026-12-03T10:15:00Z. */
static int get_time(struct parse_ctx *ctx, struct json_object *obj,
		    const char *key, bool required, char **out)
{
	struct tm tm = { 0 };
	const char *rest;

	if (get_string(ctx, obj, key, required, out))
		return -1;
	if (!**out && !required)
		return 0;
	rest = strptime(*out, "%Y-%m-%dT%H:%M:%S", &tm);
	if (rest && *rest == '.')
		rest += 1 + strspn(rest + 1, "0123456789");
	if (!rest || (strcmp(rest, "Z") && strcmp(rest, "+00:00")))
		return fail(ctx, "\"%s\" is \"%s\", not a UTC time like 2026-12-03T10:15:00Z",
			    key, *out);
	return 0;
}

static char *object_text(struct json_object *obj, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(obj, key, &v))
		return strdup("{}");
	return strdup(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
}

static int parse_kernel(struct parse_ctx *ctx, struct json_object *meta,
			const char *key, bool required, struct run_kernel *k)
{
	struct json_object *obj;

	if (!json_object_object_get_ex(meta, key, &obj)) {
		if (required)
			return fail(ctx, "missing \"%s\"", key);
		obj = NULL;
	} else if (!json_object_is_type(obj, json_type_object)) {
		return fail(ctx, "\"%s\" must be an object", key);
	}
	if (!obj) {
		k->variant = strdup("");
		k->release = strdup("");
		k->series_hash = strdup("");
		k->config_hash = strdup("");
		k->commit = strdup("");
		return 0;
	}
	if (get_string(ctx, obj, "variant", true, &k->variant) ||
	    get_string(ctx, obj, "release", required, &k->release) ||
	    get_string(ctx, obj, "series_hash", false, &k->series_hash) ||
	    get_string(ctx, obj, "config_hash", false, &k->config_hash) ||
	    get_string(ctx, obj, "commit", false, &k->commit))
		return fail_in(ctx, key);
	return 0;
}

static int parse_meta(struct parse_ctx *ctx, struct json_object *meta,
		      struct run_record *rec)
{
	static const char *const verdicts[] = { "pass", "fail", "error", NULL };
	struct json_object *v;

	if (!json_object_object_get_ex(meta, "schema", &v) ||
	    !json_object_is_type(v, json_type_int) || json_object_get_int(v) != 1)
		return fail(ctx, "\"schema\" must be 1 (this swaplab reads schema 1)");
	if (!json_object_object_get_ex(meta, "repetition", &v) ||
	    !json_object_is_type(v, json_type_int) || json_object_get_int(v) < 1)
		return fail(ctx, "\"repetition\" must be a positive integer");
	rec->repetition = json_object_get_int(v);
	if (get_name(ctx, meta, "id", &rec->id) ||
	    get_name(ctx, meta, "suite", &rec->suite) ||
	    get_name(ctx, meta, "scenario", &rec->scenario) ||
	    get_name(ctx, meta, "label", &rec->label) ||
	    get_string(ctx, meta, "scenario_file", false, &rec->scenario_file) ||
	    get_string(ctx, meta, "scenario_hash", false, &rec->scenario_hash) ||
	    get_string(ctx, meta, "swap_target", false, &rec->swap_target) ||
	    get_time(ctx, meta, "started", true, &rec->started) ||
	    get_time(ctx, meta, "finished", false, &rec->finished) ||
	    get_enum(ctx, meta, "verdict", verdicts, &rec->verdict) ||
	    get_string(ctx, meta, "error", false, &rec->error) ||
	    parse_kernel(ctx, meta, "kernel", true, &rec->kernel) ||
	    parse_kernel(ctx, meta, "server_kernel", false, &rec->server_kernel))
		return -1;
	rec->params_json = object_text(meta, "params");
	rec->host_json = object_text(meta, "host");
	return 0;
}

static int parse_check(struct parse_ctx *ctx, struct json_object *obj,
		       struct run_check *c)
{
	static const char *const verdicts[] = { "pass", "fail", "skip", NULL };

	if (!json_object_is_type(obj, json_type_object))
		return fail(ctx, "every check must be an object");
	if (get_name(ctx, obj, "name", &c->name) ||
	    get_enum(ctx, obj, "verdict", verdicts, &c->verdict) ||
	    get_string(ctx, obj, "reason", false, &c->reason))
		return -1;
	return 0;
}

static int parse_metric(struct parse_ctx *ctx, struct json_object *obj,
			struct run_metric *m)
{
	static const char *const directions[] = { "higher", "lower", NULL };
	struct json_object *v;

	if (!json_object_is_type(obj, json_type_object))
		return fail(ctx, "every metric must be an object");
	if (get_name(ctx, obj, "name", &m->name))
		return -1;
	if (!json_object_object_get_ex(obj, "value", &v) ||
	    !(json_object_is_type(v, json_type_double) ||
	      json_object_is_type(v, json_type_int)))
		return fail(ctx, "metric \"%s\": \"value\" must be a number", m->name);
	m->value = json_object_get_double(v);
	if (!isfinite(m->value))
		return fail(ctx, "metric \"%s\": \"value\" is not finite", m->name);
	if (get_string(ctx, obj, "unit", true, &m->unit) ||
	    get_enum(ctx, obj, "direction", directions, &m->direction))
		return fail_in(ctx, m->name);
	return 0;
}

static bool name_seen(const char *name, size_t stride, const void *base, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(*(char *const *)((const char *)base + i * stride), name))
			return true;
	return false;
}

static int parse_checks(struct parse_ctx *ctx, struct json_object *arr,
			struct run_record *rec)
{
	size_t i, n = json_object_array_length(arr);

	rec->checks = calloc(n ? n : 1, sizeof(*rec->checks));
	for (i = 0; i < n; i++) {
		struct run_check *c = &rec->checks[i];

		rec->n_checks = i + 1;
		if (parse_check(ctx, json_object_array_get_idx(arr, i), c))
			return -1;
		if (name_seen(c->name, sizeof(*c), rec->checks, i))
			return fail(ctx, "check \"%s\" appears twice", c->name);
	}
	return 0;
}

static int parse_metrics(struct parse_ctx *ctx, struct json_object *arr,
			 struct run_record *rec)
{
	size_t i, n = json_object_array_length(arr);

	rec->metrics = calloc(n ? n : 1, sizeof(*rec->metrics));
	for (i = 0; i < n; i++) {
		struct run_metric *m = &rec->metrics[i];

		rec->n_metrics = i + 1;
		if (parse_metric(ctx, json_object_array_get_idx(arr, i), m))
			return -1;
		if (name_seen(m->name, sizeof(*m), rec->metrics, i))
			return fail(ctx, "metric \"%s\" appears twice", m->name);
	}
	return 0;
}

int rundir_parse(const char *meta, const char *checks, const char *metrics,
		 struct run_record *rec, char *why, size_t len)
{
	struct parse_ctx ctx = { .why = why, .len = len };
	struct json_object *m = NULL, *c = NULL, *x = NULL;
	int ret = -1;

	memset(rec, 0, sizeof(*rec));
	ctx.file = "meta.json";
	m = parse_doc(&ctx, meta, json_type_object);
	if (!m || parse_meta(&ctx, m, rec))
		goto out;
	ctx.file = "checks.json";
	c = parse_doc(&ctx, checks, json_type_array);
	if (!c || parse_checks(&ctx, c, rec))
		goto out;
	ctx.file = "metrics.json";
	x = parse_doc(&ctx, metrics, json_type_array);
	if (!x || parse_metrics(&ctx, x, rec))
		goto out;
	rec->meta_text = strdup(meta);
	rec->checks_text = strdup(checks);
	rec->metrics_text = strdup(metrics);
	ret = 0;
out:
	json_object_put(m);
	json_object_put(c);
	json_object_put(x);
	if (ret)
		run_record_free(rec);
	return ret;
}

int rundir_load(const char *dir, struct run_record *rec, char *why, size_t len)
{
	static const char *const files[] = { "meta.json", "checks.json", "metrics.json" };
	char *text[3] = { NULL };
	char real[PATH_MAX];
	const char *base;
	int i, ret = -1;

	memset(rec, 0, sizeof(*rec));
	if (!realpath(dir, real)) {
		snprintf(why, len, "%s", strerror(errno));
		return -1;
	}
	for (i = 0; i < 3; i++) {
		text[i] = textfile_read_at(real, files[i], why, len);
		if (!text[i])
			goto out;
	}
	if (rundir_parse(text[0], text[1], text[2], rec, why, len))
		goto out;
	base = strrchr(real, '/') + 1;
	if (strcmp(base, rec->id)) {
		snprintf(why, len, "meta.json: \"id\" is \"%s\" but the directory is named \"%s\"",
			 rec->id, base);
		run_record_free(rec);
		goto out;
	}
	rec->dir = strdup(real);
	ret = 0;
out:
	for (i = 0; i < 3; i++)
		free(text[i]);
	return ret;
}

static time_t utc_seconds(const char *iso)
{
	struct tm tm = { 0 };

	if (!*iso || !strptime(iso, "%Y-%m-%dT%H:%M:%S", &tm))
		return (time_t)-1;
	return timegm(&tm);
}

double run_duration(const struct run_record *rec)
{
	time_t start = utc_seconds(rec->started), end = utc_seconds(rec->finished);

	if (start == (time_t)-1 || end == (time_t)-1 || end < start)
		return -1;
	return difftime(end, start);
}

static void kernel_free(struct run_kernel *k)
{
	free(k->variant);
	free(k->release);
	free(k->series_hash);
	free(k->config_hash);
	free(k->commit);
}

void run_record_free(struct run_record *rec)
{
	size_t i;

	for (i = 0; i < rec->n_checks; i++) {
		free(rec->checks[i].name);
		free(rec->checks[i].verdict);
		free(rec->checks[i].reason);
	}
	for (i = 0; i < rec->n_metrics; i++) {
		free(rec->metrics[i].name);
		free(rec->metrics[i].unit);
		free(rec->metrics[i].direction);
	}
	free(rec->checks);
	free(rec->metrics);
	free(rec->id);
	free(rec->suite);
	free(rec->scenario);
	free(rec->scenario_file);
	free(rec->scenario_hash);
	free(rec->label);
	kernel_free(&rec->kernel);
	kernel_free(&rec->server_kernel);
	free(rec->swap_target);
	free(rec->params_json);
	free(rec->host_json);
	free(rec->started);
	free(rec->finished);
	free(rec->verdict);
	free(rec->error);
	free(rec->meta_text);
	free(rec->checks_text);
	free(rec->metrics_text);
	free(rec->dir);
	memset(rec, 0, sizeof(*rec));
}
