// SPDX-License-Identifier: GPL-2.0
/* The lab's knobs: defaults, the SWAPLAB_* environment, and their limits. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lab_private.h"

/*
 * 384 MiB leaves the client ~300 MiB for user space after boot, so the
 * default scenarios (about twice the RAM) swap most of what they touch.
 */
#define CLIENT_MEM_MIB 384
#define SERVER_MEM_MIB 512
#define SWAP_SIZE_MIB 1024
/* Per step of bring-up; TCG with the other core busy needs the margin. */
#define BOOT_TIMEOUT_S 300

/* debug-v1: the debug kernel with v1's use-after-free back (a test fixture) */
static const char *const kernel_variants[] = { "stock", "patched", "debug", "debug-v1", NULL };
static const char *const accels[] = { "auto", "tcg", "kvm", NULL };

static const char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v && *v ? v : fallback;
}

void lab_config_init(struct lab_config *cfg)
{
	const char *uri = env_or("SWAPLAB_URI", "qemu:///system");

	*cfg = (struct lab_config) {
		.prefix = env_or("SWAPLAB_PREFIX", "swaplab"),
		.client_uri = env_or("SWAPLAB_CLIENT_URI", uri),
		.server_uri = env_or("SWAPLAB_SERVER_URI", uri),
		.client_kernel = "patched",
		.server_kernel = "stock",
		.client_mem_mib = CLIENT_MEM_MIB,
		.client_cpus = 1,
		.server_mem_mib = SERVER_MEM_MIB,
		.server_cpus = 1,
		.swap_target = "nfs4.2",
		.swap_size_mib = SWAP_SIZE_MIB,
		.cmdline_extra = env_or("SWAPLAB_CMDLINE", ""),
		.boot_timeout_s = BOOT_TIMEOUT_S,
		.image = env_or("SWAPLAB_IMAGE", NULL),
		.root_dev = env_or("SWAPLAB_ROOT", "/dev/vda"),
		.accel = env_or("SWAPLAB_ACCEL", "auto"),
	};
}

static bool one_of(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (s && !strcmp(s, *list))
			return true;
	return false;
}

/* Domain, pool and directory names are made from the prefix. */
static bool prefix_ok(const char *p)
{
	size_t n = p ? strlen(p) : 0;

	if (n == 0 || n > 32 || !isalpha((unsigned char)p[0]))
		return false;
	for (; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
			return false;
	return true;
}

static int check_range(const char *what, unsigned int v, unsigned int lo,
		       unsigned int hi)
{
	if (v >= lo && v <= hi)
		return 0;
	return lab_fail(LAB_EUSAGE, "%s %u is out of range (%u..%u)", what, v, lo, hi);
}

static int unknown_swap_target(const char *name)
{
	char *known = lab_swap_target_names(", ", ", ");
	int rc = lab_fail(LAB_EUSAGE, "unknown swap target '%s' (known: %s)", name, known);

	free(known);
	return rc;
}

bool lab_kernel_is_debug(const char *variant)
{
	return variant && !strncmp(variant, "debug", 5);
}

int lab_config_check(const struct lab_config *c)
{
	if (!prefix_ok(c->prefix))
		return lab_fail(LAB_EUSAGE, "bad prefix '%s': use 1-32 letters, digits, '-' or '_', starting with a letter",
				c->prefix ? c->prefix : "");
	if (!one_of(c->client_kernel, kernel_variants))
		return lab_fail(LAB_EUSAGE, "unknown client kernel variant '%s' (known: stock, patched, debug, debug-v1)",
				c->client_kernel);
	if (!one_of(c->server_kernel, kernel_variants))
		return lab_fail(LAB_EUSAGE, "unknown server kernel variant '%s' (known: stock, patched, debug, debug-v1)",
				c->server_kernel);
	if (!lab_swap_target_find(c->swap_target))
		return unknown_swap_target(c->swap_target);
	if (!one_of(c->accel, accels))
		return lab_fail(LAB_EUSAGE, "unknown accelerator '%s' in SWAPLAB_ACCEL (known: auto, tcg, kvm)",
				c->accel);
	if (c->tunnel_port && (c->tunnel_port < 1024 || c->tunnel_port > 65534))
		return lab_fail(LAB_EUSAGE, "tunnel port %u is out of range (1024..65534)",
				c->tunnel_port);
	return check_range("client memory (MiB)", c->client_mem_mib, 128, 65536) ?:
	       check_range("server memory (MiB)", c->server_mem_mib, 256, 65536) ?:
	       check_range("client vCPUs", c->client_cpus, 1, 64) ?:
	       check_range("server vCPUs", c->server_cpus, 1, 64) ?:
	       check_range("swap size (MiB)", c->swap_size_mib, 16, 1048576) ?:
	       check_range("step timeout (s)", c->boot_timeout_s, 10, 86400);
}
