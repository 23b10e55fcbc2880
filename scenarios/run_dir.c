// SPDX-License-Identifier: GPL-2.0
/*
 * meta.json, checks.json, metrics.json and workloads.json of a run, with
 * json-c.  Kernel identity comes from the build cache (kernel/build.sh):
 * out/<variant>/{commit,key,config}, and the series from kernel/patches.
 */
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>
#include <libvirt/libvirt.h>
#include <openssl/evp.h>

#include "run_dir.h"

static char *read_text(const char *path)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	if (getdelim(&text, &len, '\0', f) < 0) {
		free(text);
		text = strdup("");
	}
	fclose(f);
	return text;
}

static void hex(const unsigned char *md, unsigned int n, char *out)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", md[i]);
	out[2 * n] = '\0';
}

/* sha256 of the concatenation of @texts (NULL-terminated). */
static void sha256_texts(char *const *texts, char out[65])
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;

	EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
	for (; *texts; texts++)
		EVP_DigestUpdate(ctx, *texts, strlen(*texts));
	EVP_DigestFinal_ex(ctx, md, &n);
	EVP_MD_CTX_free(ctx);
	hex(md, n, out);
}

static void add_string(json_object *o, const char *key, const char *value)
{
	json_object_object_add(o, key, json_object_new_string(value ? value : ""));
}

/* The first line of a cache file, or "". */
static void add_cache_line(json_object *o, const char *key, const char *dir,
			   const char *name)
{
	char path[4096], *text, *nl;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	text = read_text(path);
	if (text && (nl = strchr(text, '\n')))
		*nl = '\0';
	add_string(o, key, text);
	free(text);
}

static json_object *kernel_object(const char *variant, const char *release)
{
	json_object *k = json_object_new_object();
	char dir[4096], hash[65] = "", *config, *texts[2] = { NULL, NULL };

	snprintf(dir, sizeof(dir), "%s/kernel/out/%s", swaplab_cache(), variant);
	add_string(k, "variant", variant);
	add_string(k, "release", release);
	snprintf(dir + strlen(dir), sizeof(dir) - strlen(dir), "/config");
	config = read_text(dir);
	hash[0] = '\0';
	if (config) {
		texts[0] = config;
		sha256_texts(texts, hash);
	}
	free(config);
	add_string(k, "config_hash", hash);
	dir[strlen(dir) - strlen("/config")] = '\0';
	/* what kernel/build.sh built it from; "" for stock */
	add_cache_line(k, "series_hash", dir, "series_hash");
	add_cache_line(k, "commit", dir, "commit");
	add_cache_line(k, "key", dir, "key");
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

static json_object *host_object(const struct run_meta *meta)
{
	json_object *h = json_object_new_object();
	unsigned long libvirt_ver = 0;
	char ver[32];

	virGetVersion(&libvirt_ver, NULL, NULL);
	snprintf(ver, sizeof(ver), "%lu.%lu.%lu", libvirt_ver / 1000000,
		 libvirt_ver / 1000 % 1000, libvirt_ver % 1000);
	add_string(h, "libvirt", ver);
	add_string(h, "qemu", meta->qemu);
	add_string(h, "accel", meta->accel);
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
	json_object_object_add(m, "kernel", kernel_object(plan->label->client_kernel,
							  meta->client_release));
	server = json_object_new_object();
	add_string(server, "variant", "stock");
	add_string(server, "release", meta->server_release);
	json_object_object_add(m, "server_kernel", server);
	add_string(m, "swap_target", meta->swap_target);
	json_object_object_add(m, "params", params_object(plan));
	json_object_object_add(m, "host", host_object(meta));
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
