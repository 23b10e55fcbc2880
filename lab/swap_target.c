// SPDX-License-Identifier: GPL-2.0
/*
 * Swap targets at both ends, run from their descriptors (lab_swap.h): the
 * server serving every protocol a target needs, and the client's swap
 * turned on through the guest agent, one command per step so a failure
 * names its step, then read back from the guest's own /proc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab_private.h"
#include "swap_plan.h"

static char *joined(char *const argv[])
{
	size_t len;
	char *out;
	FILE *f = open_memstream(&out, &len);
	int i;

	for (i = 0; argv[i]; i++)
		fprintf(f, "%s%s", i ? " " : "", argv[i]);
	fclose(f);
	return out;
}

static int run_step(struct lab *lab, const struct swap_step *s)
{
	struct lab_exec_result res;
	char *cmd;
	int rc = lab_exec(lab, LAB_CLIENT, s->argv, s->timeout_s, &res);

	if (!rc && res.status) {
		cmd = joined(s->argv);
		rc = lab_fail(LAB_EFAIL, "client: step '%s' failed: '%s' exited %d: %s",
			      s->what, cmd, res.status, res.err_len ? res.err : res.out);
		free(cmd);
	} else if (rc) {
		cmd = joined(s->argv);
		lab_fail_append(" (client: step '%s': '%s')", s->what, cmd);
		free(cmd);
	}
	lab_exec_result_free(&res);
	return rc;
}

/* Runs argv; nonzero exit is a failure that quotes the command's output. */
static int run_checked(struct lab *lab, enum lab_role role, char *const argv[],
		       unsigned int timeout_s, char **out)
{
	struct lab_exec_result res;
	int rc = lab_exec(lab, role, argv, timeout_s, &res);

	if (!rc && res.status)
		rc = lab_fail(LAB_EFAIL, "'%s %s' exited %d:\n%s%s", argv[0],
			      argv[1] ? argv[1] : "", res.status, res.out, res.err);
	if (!rc && out) {
		*out = res.out;
		res.out = NULL;
	}
	lab_exec_result_free(&res);
	return rc;
}

/*
 * One protocol's checks: every command runs (and must exit 0) before any
 * output is judged, in the order the descriptor lists them.
 */
static int server_proto_ready(struct lab *lab, const struct lab_server_proto *proto)
{
	char *out[LAB_SERVER_MAX_CHECKS] = { NULL };
	const struct lab_server_check *c;
	unsigned int i, n;
	int rc = 0;

	for (n = 0; n < LAB_SERVER_MAX_CHECKS && proto->checks[n].argv[0]; n++)
		;
	for (i = 0; !rc && i < n; i++)
		rc = run_checked(lab, LAB_SERVER, (char *const *)proto->checks[i].argv, 60,
				 &out[i]);
	for (i = 0; !rc && i < n; i++) {
		c = &proto->checks[i];
		if (c->at_start ? strncmp(out[i], c->expect, strlen(c->expect)) :
				  !strstr(out[i], c->expect))
			rc = lab_fail(LAB_EFAIL, c->fail, out[i]);
	}
	for (i = 0; i < n; i++)
		free(out[i]);
	return rc;
}

int lab_server_ready(struct lab *lab)
{
	const struct lab_server_proto *proto;
	unsigned int i;
	int rc = 0;

	for (i = 0; !rc && (proto = lab_server_proto_at(i)); i++)
		rc = server_proto_ready(lab, proto);
	return rc;
}

/* The output of a short command in the client, or NULL (reason set). */
static char *client_output(struct lab *lab, char *const argv[])
{
	struct lab_exec_result res;
	char *out = NULL;

	if (lab_exec(lab, LAB_CLIENT, argv, 60, &res) == 0 && res.status == 0) {
		out = res.out;
		res.out = NULL;
	} else if (!res.timed_out) {
		lab_fail(LAB_EFAIL, "client: '%s' failed: %s", argv[0],
			 res.err ? res.err : lab_strerror());
	}
	lab_exec_result_free(&res);
	return out;
}

/* The swap file's file system is mounted as the target says. */
static int confirm_mount(struct lab *lab, const struct lab_swap_target *t)
{
	char *mounts_argv[] = { "cat", "/proc/mounts", NULL };
	char *mounts = client_output(lab, mounts_argv);
	char type[64], opts[1024];
	int rc = 0;

	if (!mounts)
		return LAB_EFAIL;
	if (!mount_entry(mounts, t->mount_point, type, sizeof(type), opts, sizeof(opts)))
		rc = lab_fail(LAB_EFAIL, "client: %s is not mounted", t->mount_point);
	else if (strncmp(type, t->fstype, strlen(t->fstype)))
		rc = lab_fail(LAB_EFAIL, "client: %s is %s, not %s", t->mount_point, type,
			      t->protocol);
	else if (!mount_version_is(opts, t->version))
		rc = lab_fail(LAB_EFAIL, "client: %s is not %s version %s: %s",
			      t->mount_point, t->protocol, t->version, opts);
	free(mounts);
	return rc;
}

/* No holes: the server has allocated every byte of the file. */
static int confirm_allocated(struct lab *lab, const struct swap_plan *p)
{
	char *stat_argv[] = { "stat", "-c", "%s %b %B", p->file, NULL };
	char *st = client_output(lab, stat_argv);
	int rc = 0;

	if (!st)
		return LAB_EFAIL;
	if (!file_fully_allocated(st, p->file_bytes))
		rc = lab_fail(LAB_EFAIL, "client: %s is not fully allocated (size, blocks, block size: %s)",
			      p->file, st);
	free(st);
	return rc;
}

static int confirm_swap(struct lab *lab, const struct swap_plan *p)
{
	char *swaps_argv[] = { "cat", "/proc/swaps", NULL };
	char *swaps;
	int rc = 0;

	if (p->target->mount_point && (rc = confirm_mount(lab, p->target)))
		return rc;
	if (p->file && (rc = confirm_allocated(lab, p)))
		return rc;
	if (!*p->swap_device)
		return 0;
	swaps = client_output(lab, swaps_argv);
	if (!swaps)
		return LAB_EFAIL;
	if (!swap_listed(swaps, p->swap_device))
		rc = lab_fail(LAB_EFAIL, "client: /proc/swaps does not list %s:\n%s",
			      p->swap_device, swaps);
	free(swaps);
	return rc;
}

int lab_swap_on(struct lab *lab)
{
	char *host = lab_domain_name(lab->cfg.prefix, LAB_CLIENT);
	struct swap_plan plan;
	unsigned int i;
	int rc = 0;

	if (!swap_plan_make(&plan, lab->cfg.swap_target, lab->cfg.swap_size_mib, host))
		rc = lab_fail(LAB_EUSAGE, "unknown swap target '%s'", lab->cfg.swap_target);
	for (i = 0; !rc && i < plan.nsteps; i++)
		rc = run_step(lab, &plan.steps[i]);
	rc = rc ?: confirm_swap(lab, &plan);
	swap_plan_free(&plan);
	free(host);
	return rc;
}

/* Undo any target: errors are expected for what was not set up. */
static void swap_off_all(struct lab *lab)
{
	char *swapoff[] = { "swapoff", "-a", NULL };
	char *loops[] = { "losetup", "-D", NULL };
	char *umount[] = { "umount", LAB_MOUNT_POINT, NULL };
	char *const *steps[] = { swapoff, loops, umount };
	struct lab_exec_result res;
	unsigned int i;

	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		if (lab_exec(lab, LAB_CLIENT, steps[i], 600, &res) == 0)
			lab_exec_result_free(&res);
	}
}

int lab_swap_set(struct lab *lab, const char *target, unsigned int size_mib)
{
	struct lab_config next = lab->cfg;
	int rc;

	next.swap_target = target;
	if (size_mib)
		next.swap_size_mib = size_mib;
	if ((rc = lab_config_check(&next)))
		return rc;
	swap_off_all(lab);
	lab->cfg.swap_target = lab_keep_string(lab, target);
	lab->cfg.swap_size_mib = next.swap_size_mib;
	return lab_swap_on(lab) ?: lab_state_write(lab);
}
