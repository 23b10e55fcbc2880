// SPDX-License-Identifier: GPL-2.0
/*
 * labs/<prefix>/state.json: how a lab was brought up, so that another
 * process (swaplab exec, the scenario runner, swaplab down) can find it.
 * Written first when `up` starts, so a lab killed halfway can still be torn
 * down, and again with the step times when it is ready.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab_private.h"

static const char *const step_names[] = {
	"booted", "agent", "cloud_init", "ready",
};
#define N_STEPS (sizeof(step_names) / sizeof(step_names[0]))

static void add_str(json_object *o, const char *key, const char *v)
{
	json_object_object_add(o, key, json_object_new_string(v ? v : ""));
}

static void add_int(json_object *o, const char *key, unsigned int v)
{
	json_object_object_add(o, key, json_object_new_int64(v));
}

static json_object *steps_json(const struct lab *lab, enum lab_role role)
{
	json_object *o = json_object_new_object();
	unsigned int i;

	for (i = 0; i < N_STEPS; i++)
		if (lab->step_s[role][i] > 0)
			json_object_object_add(o, step_names[i],
					       json_object_new_double(lab->step_s[role][i]));
	return o;
}

int lab_state_write(const struct lab *lab)
{
	const struct lab_config *c = &lab->cfg;
	json_object *o = json_object_new_object();
	char *path = lab_strdup_printf("%s/state.json", lab->dir);
	char *tmp = lab_strdup_printf("%s.tmp", path);
	int rc = 0;

	json_object_object_add(o, "schema", json_object_new_int(1));
	add_str(o, "prefix", c->prefix);
	add_str(o, "client_uri", c->client_uri);
	add_str(o, "server_uri", c->server_uri);
	add_str(o, "client_kernel", c->client_kernel);
	add_str(o, "server_kernel", c->server_kernel);
	add_int(o, "client_mem_mib", c->client_mem_mib);
	add_int(o, "client_cpus", c->client_cpus);
	add_int(o, "server_mem_mib", c->server_mem_mib);
	add_int(o, "server_cpus", c->server_cpus);
	add_str(o, "swap_target", c->swap_target);
	add_int(o, "swap_size_mib", c->swap_size_mib);
	add_str(o, "cmdline_extra", c->cmdline_extra);
	add_int(o, "boot_timeout_s", c->boot_timeout_s);
	add_str(o, "image", c->image);
	add_str(o, "root_dev", c->root_dev);
	add_str(o, "accel", lab->accel && !strcmp(lab->accel, "kvm") ? "kvm" : "tcg");
	add_int(o, "client_port", lab->client_port);
	add_int(o, "server_port", lab->server_port);
	add_str(o, "console_client", lab->console[LAB_CLIENT]);
	add_str(o, "console_server", lab->console[LAB_SERVER]);
	json_object_object_add(o, "client_steps_s", steps_json(lab, LAB_CLIENT));
	json_object_object_add(o, "server_steps_s", steps_json(lab, LAB_SERVER));
	if (json_object_to_file_ext(tmp, o, JSON_C_TO_STRING_PRETTY) < 0 ||
	    rename(tmp, path) < 0)
		rc = lab_fail(LAB_EENV, "cannot write %s", path);
	json_object_put(o);
	free(path);
	free(tmp);
	return rc;
}

/* Strings are copied into lab->strings[] so the config outlives their source. */
const char *lab_keep_string(struct lab *lab, const char *s)
{
	static const unsigned int max = sizeof(lab->strings) / sizeof(lab->strings[0]);
	unsigned int i;

	for (i = 0; i < max && lab->strings[i]; i++)
		;
	if (i == max)
		abort();
	lab->strings[i] = strdup(s);
	return lab->strings[i];
}

static const char *keep(struct lab *lab, json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		return "";
	return lab_keep_string(lab, json_object_get_string(v));
}

static unsigned int num(json_object *o, const char *key)
{
	json_object *v;

	return json_object_object_get_ex(o, key, &v) ? json_object_get_int64(v) : 0;
}

static void read_steps(struct lab *lab, json_object *o, const char *key,
		       enum lab_role role)
{
	json_object *steps, *v;
	unsigned int i;

	if (!json_object_object_get_ex(o, key, &steps))
		return;
	for (i = 0; i < N_STEPS; i++)
		if (json_object_object_get_ex(steps, step_names[i], &v))
			lab->step_s[role][i] = json_object_get_double(v);
}

int lab_state_read(struct lab *lab, const char *prefix)
{
	char *path = lab_strdup_printf("%s/labs/%s/state.json", lab_cache_dir(), prefix);
	json_object *o = json_object_from_file(path);
	struct lab_config *c = &lab->cfg;

	if (!o) {
		lab_fail(LAB_EUSAGE, "no lab '%s' is up (no %s): start one with 'swaplab --prefix %s up'",
			 prefix, path, prefix);
		free(path);
		return LAB_EUSAGE;
	}
	free(path);
	c->prefix = keep(lab, o, "prefix");
	c->client_uri = keep(lab, o, "client_uri");
	c->server_uri = keep(lab, o, "server_uri");
	c->client_kernel = keep(lab, o, "client_kernel");
	c->server_kernel = keep(lab, o, "server_kernel");
	c->swap_target = keep(lab, o, "swap_target");
	c->cmdline_extra = keep(lab, o, "cmdline_extra");
	c->image = keep(lab, o, "image");
	c->root_dev = keep(lab, o, "root_dev");
	c->accel = keep(lab, o, "accel");
	lab->console[LAB_CLIENT] = strdup(keep(lab, o, "console_client"));
	lab->console[LAB_SERVER] = strdup(keep(lab, o, "console_server"));
	c->client_mem_mib = num(o, "client_mem_mib");
	c->client_cpus = num(o, "client_cpus");
	c->server_mem_mib = num(o, "server_mem_mib");
	c->server_cpus = num(o, "server_cpus");
	c->swap_size_mib = num(o, "swap_size_mib");
	c->boot_timeout_s = num(o, "boot_timeout_s");
	lab->client_port = num(o, "client_port");
	lab->server_port = num(o, "server_port");
	lab->accel = strcmp(c->accel, "kvm") ? "qemu" : "kvm";
	read_steps(lab, o, "client_steps_s", LAB_CLIENT);
	read_steps(lab, o, "server_steps_s", LAB_SERVER);
	json_object_put(o);
	return 0;
}
