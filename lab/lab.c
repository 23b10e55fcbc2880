// SPDX-License-Identifier: GPL-2.0
/*
 * A lab's life: up (check, prepare the host, make disks and seeds, start
 * both domains, wait step by step), attach from another process, and down,
 * which leaves no domain, volume, seed or qemu process behind.  The top of
 * lab/: nothing in lab/ calls back into it (commands and files in the
 * guests are guest_io.c's).
 */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab_info.h"
#include "lab_private.h"

static struct lab *lab_new(const char *prefix)
{
	struct lab *lab = calloc(1, sizeof(*lab));

	if (!lab)
		abort();
	lab->dir = lab_dir_of(prefix);
	return lab;
}

void lab_free(struct lab *lab)
{
	unsigned int i;

	if (!lab)
		return;
	for (i = 0; i < LAB_ROLES; i++) {
		if (lab->dom[i])
			virDomainFree(lab->dom[i]);
		if (lab->conn[i])
			virConnectClose(lab->conn[i]);
		free(lab->console[i]);
	}
	for (i = 0; i < sizeof(lab->strings) / sizeof(lab->strings[0]); i++)
		free(lab->strings[i]);
	free(lab->dir);
	free(lab);
}

static int connect_roles(struct lab *lab)
{
	lab->conn[LAB_SERVER] = lab_connect(lab->cfg.server_uri);
	if (!lab->conn[LAB_SERVER])
		return LAB_EENV;
	lab->conn[LAB_CLIENT] = lab_connect(lab->cfg.client_uri);
	return lab->conn[LAB_CLIENT] ? 0 : LAB_EENV;
}

static bool domain_exists(virConnectPtr conn, const char *prefix, enum lab_role role)
{
	char *name = lab_domain_name(prefix, role);
	virDomainPtr dom = virDomainLookupByName(conn, name);

	free(name);
	if (dom)
		virDomainFree(dom);
	return dom != NULL;
}

static bool lab_state_exists(const char *prefix)
{
	char *state = lab_strdup_printf("%s/labs/%s/state.json", lab_cache_dir(), prefix);
	bool exists = access(state, F_OK) == 0;

	free(state);
	return exists;
}

static int check_inputs(const struct lab_config *c)
{
	const char *variants[] = { c->server_kernel, c->client_kernel };
	unsigned int i;

	for (i = 0; i < 2; i++)
		if (lab_kernel_check(variants[i]))
			return LAB_EENV;
	if (access(c->image, R_OK) != 0)
		return lab_fail(LAB_EENV, "no base image %s: run 'make images'%s", c->image,
				getenv("SWAPLAB_IMAGE") ? " or fix SWAPLAB_IMAGE" : "");
	return 0;
}

/* The built image, resolved so later rebuilds never change a lab's base. */
static const char *default_image(struct lab *lab)
{
	char *link = lab_strdup_printf("%s/images/bookworm.qcow2", lab_cache_dir());
	char *real = realpath(link, NULL);

	lab->strings[0] = real ? real : link;
	if (real)
		free(link);
	return lab->strings[0];
}

static int prepare(struct lab *lab, const struct lab_config *cfg)
{
	int rc;

	lab->cfg = *cfg;
	if (!lab->cfg.image)
		lab->cfg.image = default_image(lab);
	if ((rc = lab_config_check(&lab->cfg)) || (rc = check_inputs(&lab->cfg)))
		return rc;
	if (lab_state_exists(cfg->prefix))
		return lab_fail(LAB_EUSAGE, "a lab named '%s' is already up: 'swaplab --prefix %s down' first, or use another --prefix",
				cfg->prefix, cfg->prefix);
	if ((rc = lab_ports_choose(cfg->tunnel_port, &lab->client_port, &lab->server_port)))
		return rc;
	if ((rc = lab_host_prepare(cfg->server_uri)) ||
	    (strcmp(cfg->client_uri, cfg->server_uri) && (rc = lab_host_prepare(cfg->client_uri))))
		return rc;
	if ((rc = connect_roles(lab)))
		return rc;
	if (domain_exists(lab->conn[LAB_CLIENT], cfg->prefix, LAB_CLIENT) ||
	    domain_exists(lab->conn[LAB_SERVER], cfg->prefix, LAB_SERVER))
		return lab_fail(LAB_EUSAGE, "domains of a lab named '%s' exist (virsh list --all): 'swaplab --prefix %s down' first, or use another --prefix",
				cfg->prefix, cfg->prefix);
	return lab_accel_choose(lab->conn[LAB_CLIENT], cfg->client_uri, cfg->accel,
				&lab->accel);
}

static int start_role(struct lab *lab, enum lab_role role)
{
	char *iso = lab_strdup_printf("%s/seed-%s.iso", lab->dir, lab_role_name(role));
	char *disks[4] = { NULL };
	int rc, i;

	rc = lab_seed_build(lab, role, iso);
	rc = rc ?: lab_storage_create(lab, role, iso, disks);
	rc = rc ?: lab_domain_start(lab, role, disks);
	for (i = 0; i < 4; i++)
		free(disks[i]);
	unlink(iso);
	free(iso);
	return rc;
}

static int make_dir(const char *dir)
{
	if (g_mkdir_with_parents(dir, 0755) < 0)
		return lab_fail(LAB_EENV, "cannot create %s: %s", dir, strerror(errno));
	return 0;
}

static void teardown(struct lab *lab, bool keep_consoles);

int lab_up(const struct lab_config *cfg, struct lab **labp)
{
	struct lab *lab = lab_new(cfg->prefix ? cfg->prefix : "");
	double t0 = lab_now();
	int rc;

	*labp = NULL;
	rc = prepare(lab, cfg);
	if (rc) {
		lab_free(lab);
		return rc;
	}
	lab->console[LAB_CLIENT] = lab_console_file(lab->cfg.prefix, LAB_CLIENT);
	lab->console[LAB_SERVER] = lab_console_file(lab->cfg.prefix, LAB_SERVER);
	/* From here on the lab exists: any failure tears it down. */
	rc = make_dir(lab->dir) ?: lab_state_write(lab);
	rc = rc ?: start_role(lab, LAB_SERVER);
	rc = rc ?: start_role(lab, LAB_CLIENT);
	rc = rc ?: lab_bringup_wait(lab, t0);
	rc = rc ?: lab_state_write(lab);
	if (rc) {
		if (lab->cfg.keep_failed && !lab_stop_requested)
			lab_fail_append("\n  the lab is left as it is: 'swaplab --prefix %s down' removes it",
					lab->cfg.prefix);
		else
			teardown(lab, true);
		lab_free(lab);
		return rc;
	}
	*labp = lab;
	return 0;
}

int lab_attach(const char *prefix, struct lab **labp)
{
	struct lab *lab = lab_new(prefix);
	unsigned int role;
	int rc;

	*labp = NULL;
	rc = lab_state_read(lab, prefix);
	rc = rc ?: connect_roles(lab);
	for (role = 0; !rc && role < LAB_ROLES; role++) {
		char *name = lab_domain_name(prefix, role);

		lab->dom[role] = virDomainLookupByName(lab->conn[role], name);
		if (!lab->dom[role] || !lab_domain_is_ours(lab->dom[role], prefix))
			rc = lab_fail(LAB_EFAIL, "lab '%s': domain %s is gone or not the lab's: 'swaplab --prefix %s down' cleans up",
				      prefix, name, prefix);
		free(name);
	}
	if (rc) {
		lab_free(lab);
		return rc;
	}
	*labp = lab;
	return 0;
}

/* Removes the lab directory; console logs stay when asked (failed up). */
static void remove_dir(const char *dir, bool keep_consoles)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;

	while (d && (name = g_dir_read_name(d))) {
		char *path = g_build_filename(dir, name, NULL);

		if (g_file_test(path, G_FILE_TEST_IS_DIR))
			remove_dir(path, false);
		else if (!(keep_consoles && g_str_has_prefix(name, "console-")))
			g_unlink(path);
		g_free(path);
	}
	if (d)
		g_dir_close(d);
	g_rmdir(dir);
}

static void teardown(struct lab *lab, bool keep_consoles)
{
	unsigned int role;

	for (role = 0; role < LAB_ROLES; role++) {
		if (!lab->conn[role])
			continue;
		if (lab->dom[role]) {
			virDomainFree(lab->dom[role]);
			lab->dom[role] = NULL;
		}
		lab_domain_destroy(lab->conn[role], lab->cfg.prefix, role);
		lab_storage_destroy(lab->conn[role], lab->cfg.prefix, role);
	}
	remove_dir(lab->dir, keep_consoles);
}

int lab_down(struct lab *lab)
{
	teardown(lab, false);
	return 0;
}

int lab_down_prefix(const char *prefix)
{
	struct lab *lab = lab_new(prefix);
	int rc;

	/* Without state (a lab killed very early), the configured URIs. */
	if (lab_state_read(lab, prefix) != 0) {
		lab_config_init(&lab->cfg);
		lab->cfg.prefix = prefix;
	}
	/* Guests outlive libvirtd: start it to find them. */
	rc = lab_host_prepare(lab->cfg.server_uri) ?:
	     lab_host_prepare(lab->cfg.client_uri) ?: connect_roles(lab);
	if (!rc)
		teardown(lab, false);
	lab_free(lab);
	return rc;
}

const struct lab_config *lab_get_config(struct lab *lab)
{
	return &lab->cfg;
}

const char *lab_console_path(struct lab *lab, enum lab_role role)
{
	return lab->console[role];
}
