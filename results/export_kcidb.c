// SPDX-License-Identifier: GPL-2.0
/*
 * KCIDB, KernelCI's common report format (schema 4.4): the client kernel's
 * source as a checkout, its build, and one test per check (PASS, FAIL, SKIP)
 * and per metric (DONE, with a "number").  A known failure is "waived".
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "export.h"

#define ORIGIN "swaplab"

static void add_str(struct json_object *o, const char *key, const char *value)
{
	if (value && *value)
		json_object_object_add(o, key, json_object_new_string(value));
}

static char *checkout_id(const struct run_record *rec)
{
	char *id;

	if (asprintf(&id, ORIGIN ":%s%s%s", rec->kernel.release,
		     *rec->kernel.series_hash ? "+" : "", rec->kernel.series_hash) < 0)
		return NULL;
	return id;
}

static char *build_id(const struct run_record *rec)
{
	char *id;

	if (asprintf(&id, ORIGIN ":%s:%s:%s%s%s", rec->kernel.variant,
		     rec->kernel.release, rec->kernel.config_hash,
		     *rec->kernel.series_hash ? "+" : "", rec->kernel.series_hash) < 0)
		return NULL;
	return id;
}

/* What a checkout and a build end with: the release, valid, their misc. */
static struct json_object *valid_release(struct json_object *o,
					 const struct run_record *rec,
					 struct json_object *misc)
{
	add_str(o, "comment", rec->kernel.release);
	json_object_object_add(o, "valid", json_object_new_boolean(1));
	json_object_object_add(o, "misc", misc);
	return o;
}

static struct json_object *checkout(const struct run_record *rec, const char *id)
{
	struct json_object *o = json_object_new_object(), *misc = json_object_new_object();

	add_str(o, "id", id);
	add_str(o, "origin", ORIGIN);
	add_str(o, "tree_name", "debian-linux-6.12");
	add_str(misc, "commit", rec->kernel.commit);
	add_str(misc, "series_hash", rec->kernel.series_hash);
	return valid_release(o, rec, misc);
}

static struct json_object *build(const struct run_record *rec, const char *id,
				 const char *checkout)
{
	struct json_object *o = json_object_new_object(), *misc = json_object_new_object();

	add_str(o, "id", id);
	add_str(o, "checkout_id", checkout);
	add_str(o, "origin", ORIGIN);
	add_str(o, "architecture", "x86_64");
	add_str(o, "config_name", rec->kernel.variant);
	add_str(misc, "config_hash", rec->kernel.config_hash);
	add_str(misc, "release", rec->kernel.release);
	return valid_release(o, rec, misc);
}

/* What every test of the run shares: ids, path prefix, time, environment. */
static struct json_object *test_base(const struct run_record *rec, const char *build,
				     const char *name)
{
	struct json_object *o = json_object_new_object();
	struct json_object *env = json_object_new_object(), *misc = json_object_new_object();
	double secs = run_duration(rec);
	char *id, *path;

	if (asprintf(&id, ORIGIN ":%s.%s", rec->id, name) < 0 ||
	    asprintf(&path, "swaplab.%s.%s", rec->scenario, name) < 0)
		return o;
	add_str(o, "id", id);
	add_str(o, "build_id", build);
	add_str(o, "origin", ORIGIN);
	add_str(o, "path", path);
	add_str(o, "start_time", rec->started);
	if (secs >= 0)
		json_object_object_add(o, "duration", json_object_new_double(secs));
	add_str(env, "comment", "libvirt/QEMU guest swapping over NFS from a second guest");
	json_object_object_add(env, "misc", json_tokener_parse(rec->host_json));
	json_object_object_add(o, "environment", env);
	add_str(misc, "run", rec->id);
	add_str(misc, "suite", rec->suite);
	add_str(misc, "label", rec->label);
	add_str(misc, "swap_target", rec->swap_target);
	json_object_object_add(misc, "params", json_tokener_parse(rec->params_json));
	json_object_object_add(o, "misc", misc);
	free(id);
	free(path);
	return o;
}

static struct json_object *check_test(const struct run_record *rec, const char *build,
				      const struct run_check *c,
				      const struct known_failures *kf)
{
	struct json_object *o = test_base(rec, build, c->name);
	bool failed = !strcmp(c->verdict, "fail");
	const struct known_failure *k = failed ?
		known_failure_match(kf, rec->scenario, rec->label, c->name) : NULL;

	add_str(o, "status", failed ? "FAIL" : !strcmp(c->verdict, "pass") ? "PASS" : "SKIP");
	add_str(o, "comment", c->reason);
	if (k) {
		json_object_object_add(o, "waived", json_object_new_boolean(1));
		add_str(o, "log_excerpt", k->reason);
	}
	return o;
}

static struct json_object *metric_test(const struct run_record *rec, const char *build,
				       const struct run_metric *m)
{
	struct json_object *o = test_base(rec, build, m->name);
	struct json_object *num = json_object_new_object();

	add_str(o, "status", "DONE");
	json_object_object_add(num, "value", json_object_new_double(m->value));
	add_str(num, "unit", m->unit);
	json_object_object_add(o, "number", num);
	json_object_object_add(json_object_object_get(o, "misc"), "direction",
			       json_object_new_string(m->direction));
	return o;
}

static struct json_object *tests(const struct run_record *rec, const char *build,
				 const struct known_failures *kf)
{
	struct json_object *arr = json_object_new_array(), *lab;
	bool lab_failed = !strcmp(rec->verdict, "error");
	size_t i;

	lab = test_base(rec, build, "run-completed");
	add_str(lab, "status", lab_failed ? "ERROR" : "PASS");
	if (lab_failed)
		add_str(lab, "comment", *rec->error ? rec->error :
			"the lab failed: boot, timeout, panic or hang");
	json_object_array_add(arr, lab);
	for (i = 0; i < rec->n_checks; i++)
		json_object_array_add(arr, check_test(rec, build, &rec->checks[i], kf));
	for (i = 0; i < rec->n_metrics; i++)
		json_object_array_add(arr, metric_test(rec, build, &rec->metrics[i]));
	return arr;
}

void export_kcidb(FILE *f, const struct run_record *rec, const struct known_failures *kf)
{
	struct json_object *o = json_object_new_object(), *v = json_object_new_object();
	struct json_object *checkouts = json_object_new_array();
	struct json_object *builds = json_object_new_array();
	char *co = checkout_id(rec), *b = build_id(rec);

	json_object_object_add(v, "major", json_object_new_int(4));
	json_object_object_add(v, "minor", json_object_new_int(4));
	json_object_object_add(o, "version", v);
	json_object_array_add(checkouts, checkout(rec, co));
	json_object_array_add(builds, build(rec, b, co));
	json_object_object_add(o, "checkouts", checkouts);
	json_object_object_add(o, "builds", builds);
	json_object_object_add(o, "tests", tests(rec, b, kf));
	fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
							  JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
	free(co);
	free(b);
}
