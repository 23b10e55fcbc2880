// SPDX-License-Identifier: GPL-2.0
/*
 * meta.json, checks.json, metrics.json and workloads.json of a run, with
 * json-c.  The host, the versions and the kernel builds (what kernel/build.sh
 * left in kernel/out/<variant>/) are the lab's: lab_info().
 */
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "run_dir.h"

static void add_string(json_object *o, const char *key, const char *value)
{
	json_object_object_add(o, key, json_object_new_string(value ? value : ""));
}

static json_object *kernel_object(const struct lab_kernel_build *kb, const char *release)
{
	json_object *k = json_object_new_object();

	add_string(k, "variant", kb->variant);
	add_string(k, "release", release);
	add_string(k, "config_hash", kb->config_hash);
	/* what kernel/build.sh built it from; "" for stock */
	add_string(k, "series_hash", kb->series_hash);
	add_string(k, "commit", kb->commit);
	add_string(k, "key", kb->key);
	return k;
}

/* Every key of a section as written, or as defaulted. */
static json_object *section_object(const struct scn_params *params)
{
	json_object *sec = json_object_new_object();
	size_t v;

	for (v = 0; v < params->n; v++)
		add_string(sec, params->values[v].opt->key, params->values[v].raw);
	return sec;
}

static json_object *params_object(const struct run_plan *plan)
{
	const struct scenario *s = plan->scn;
	uint64_t mem = scenario_client_mem_mib(s);
	json_object *p = json_object_new_object();
	size_t i;

	json_object_object_add(p, "client_mem_mib", json_object_new_int64(mem));
	json_object_object_add(p, "client_cpus",
			       json_object_new_int64(scn_num(&s->global, "client_cpus")));
	json_object_object_add(p, "swap_size_mib", json_object_new_int64(
		scn_size_mib(&s->global, "swap_size", mem)));
	json_object_object_add(p, "scenario", section_object(&s->global));
	for (i = 0; i < s->nsections; i++)
		json_object_object_add(p, s->sections[i].name,
				       section_object(&s->sections[i].params));
	return p;
}

static json_object *host_object(const struct lab_info *lab)
{
	json_object *h = json_object_new_object();

	add_string(h, "libvirt", lab->libvirt);
	add_string(h, "qemu", lab->qemu);
	add_string(h, "accel", lab->accel);
	json_object_object_add(h, "cpus", json_object_new_int64(sysconf(_SC_NPROCESSORS_ONLN)));
	return h;
}

static json_object *meta_object(const struct run_plan *plan,
				const struct run_meta *meta,
				const struct run_result *res)
{
	json_object *m = json_object_new_object(), *server;

	json_object_object_add(m, "schema", json_object_new_int(1));
	add_string(m, "id", res->id);
	add_string(m, "suite", plan->suite);
	add_string(m, "scenario", plan->scn->name);
	add_string(m, "scenario_file", plan->scn->path);
	add_string(m, "scenario_hash", plan->scn->hash);
	add_string(m, "label", plan->label->name);
	json_object_object_add(m, "repetition", json_object_new_int(plan->rep));
	json_object_object_add(m, "kernel", kernel_object(&meta->lab->kernel[LAB_CLIENT],
							  meta->client_release));
	server = json_object_new_object();
	add_string(server, "variant", meta->lab->kernel[LAB_SERVER].variant);
	add_string(server, "release", meta->server_release);
	json_object_object_add(m, "server_kernel", server);
	add_string(m, "swap_target", meta->swap_target);
	json_object_object_add(m, "params", params_object(plan));
	json_object_object_add(m, "host", host_object(meta->lab));
	add_string(m, "started", meta->started);
	add_string(m, "finished", meta->finished);
	add_string(m, "verdict", verdict_name(res->verdict));
	if (res->verdict == VERDICT_ERROR)
		add_string(m, "error", res->error);
	return m;
}

static json_object *checks_array(const struct run_result *res)
{
	json_object *a = json_object_new_array(), *c;
	size_t i;

	for (i = 0; i < res->nchecks; i++) {
		c = json_object_new_object();
		add_string(c, "name", res->checks[i].name);
		add_string(c, "verdict", verdict_name(res->checks[i].verdict));
		add_string(c, "reason", res->checks[i].reason);
		json_object_array_add(a, c);
	}
	return a;
}

static json_object *metrics_array(const struct run_result *res)
{
	json_object *a = json_object_new_array(), *m;
	const struct metric_value *v;
	size_t i;

	for (i = 0; i < res->metrics.n; i++) {
		v = &res->metrics.v[i];
		/* not measurable in this run (0 pages, 0 s): absent, not NaN */
		if (!isfinite(v->value))
			continue;
		m = json_object_new_object();
		add_string(m, "name", v->name);
		json_object_object_add(m, "value", json_object_new_double(v->value));
		add_string(m, "unit", v->unit);
		add_string(m, "direction", v->higher_is_better ? "higher" : "lower");
		json_object_array_add(a, m);
	}
	return a;
}

static json_object *workloads_array(const struct evidence *ev)
{
	json_object *a = json_object_new_array(), *w;
	size_t i;

	for (i = 0; i < ev->nworkloads; i++) {
		w = json_object_new_object();
		add_string(w, "name", ev->workloads[i].name);
		json_object_object_add(w, "started", json_object_new_boolean(ev->workloads[i].started));
		json_object_object_add(w, "finished", json_object_new_boolean(ev->workloads[i].finished));
		json_object_object_add(w, "status", json_object_new_int(ev->workloads[i].status));
		json_object_object_add(w, "elapsed_s", json_object_new_double(ev->workloads[i].elapsed_s));
		json_object_array_add(a, w);
	}
	return a;
}

static int write_json(const char *dir, const char *name, json_object *o)
{
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ret = json_object_to_file_ext(path, o, JSON_C_TO_STRING_PRETTY |
				      JSON_C_TO_STRING_SPACED);
	json_object_put(o);
	return ret;
}

int run_dir_write(const char *tmp_dir, const struct run_plan *plan,
		  const struct run_meta *meta, const struct run_result *res,
		  const struct evidence *ev)
{
	char final[4096];

	if (write_json(tmp_dir, "checks.json", checks_array(res)) ||
	    write_json(tmp_dir, "metrics.json", metrics_array(res)) ||
	    write_json(tmp_dir, "logs/workloads.json", workloads_array(ev)) ||
	    write_json(tmp_dir, "meta.json", meta_object(plan, meta, res)))
		return -1;
	snprintf(final, sizeof(final), "%s/%s", plan->out_dir, res->id);
	return rename(tmp_dir, final);
}
