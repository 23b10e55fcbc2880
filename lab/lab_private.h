/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of lab/ share with each other and with nobody else: the
 * struct behind `struct lab`, where things live, and the helpers every step
 * of bring-up uses.  The public interface is lab.h.
 *
 * The files are layered: a file calls files of its own layer or lower ones,
 * never a higher one, and no two files call each other round a circle
 * (tests/05-layers.t fails, naming it, if they do):
 *
 *   lifecycle   lab.c            up, attach, down
 *   bring-up    bringup.c        the steps and their waits
 *   services    tools.c          the in-guest tools into a guest
 *               swap_target.c    swap targets run: the server serving, the client's
 *                                swap on, or switched
 *               power.c          reset, suspend, SysRq, QMP: libvirt, not the guest
 *   guest I/O   guest_io.c       exec, push, pull, crashed: a role's guest
 *               job_agent.c      guest jobs over the agent; lab_agent_exec waits for one
 *               job.c            the guest-job protocol (pure: unit-tested on a fake agent)
 *   transport   agent.c          qemu-guest-agent calls: ping, call, files
 *   host side   host.c accel.c ports.c storage.c seed.c domain.c state.c
 *               info.c           lab_info(): what a run directory records
 *   base        lab_error.c lab_paths.c lab_config.c console.c
 *               domain_xml.c seed_text.c swap_plan.c (pure: unit-tested)
 *               swap_targets.c   the swap targets and server protocols (lab_swap.h)
 */
#ifndef SWAPLAB_LAB_PRIVATE_H
#define SWAPLAB_LAB_PRIVATE_H

#include <libvirt/libvirt.h>
#include <libvirt/virterror.h>
#include <stdarg.h>

#include "lab.h"
#include "lab_swap.h"

#define LAB_ROLES 2
#define LAB_TUNNEL_SERVER_ADDR "10.77.0.1"
#define LAB_TUNNEL_CLIENT_ADDR "10.77.0.2"
#define LAB_EXPORT_PATH "/export/swaplab"
#define LAB_MOUNT_POINT "/mnt/swaplab"
/* Both guests: the SMB share's user and password (lab/seed.c makes them). */
#define LAB_SMB_CREDENTIALS "/etc/swaplab/smb-credentials"
#define LAB_SMB_SHARE "swaplab"
#define LAB_METADATA_NS "https://swaplab.dev/xmlns/lab/1"

struct lab {
	struct lab_config cfg;		/* strings point into strings[] */
	char *strings[16];		/* owned copies behind cfg */
	char *dir;			/* $SWAPLAB_CACHE/labs/<prefix> */
	char *console[LAB_ROLES];
	virConnectPtr conn[LAB_ROLES];
	virDomainPtr dom[LAB_ROLES];
	const char *accel;		/* "qemu" (TCG) or "kvm": the domain type */
	unsigned int client_port, server_port;	/* UDP tunnel ends */
	double step_s[LAB_ROLES][4];	/* seconds from start to each bring-up step */
};

/*
 * lab_error.c: the reason behind the last failure, for lab_strerror(), and
 * lab_stop_requested (lab.h).
 */
int lab_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append more detail (a console tail, a hint) to the current reason. */
void lab_fail_append(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* lab_paths.c */
const char *lab_cache_dir(void);
char *lab_dir_of(const char *prefix);
char *lab_kernel_path(const char *variant);
char *lab_source_path(const char *relative);
const char *lab_role_name(enum lab_role role);	/* "client" | "server" */
char *lab_domain_name(const char *prefix, enum lab_role role);
/* Where a role's serial console is logged: $SWAPLAB_CACHE/labs/<prefix>/console-<role>.log */
char *lab_console_file(const char *prefix, enum lab_role role);
char *lab_strdup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * Whether @desc, what libvirt says of an object (NULL: nothing), holds
 * @mark, the part of it that makes the object ours; frees both.
 */
bool lab_marked(char *desc, char *mark);
double lab_now(void);

/* host.c: local libvirt daemons and their settings. */
int lab_host_prepare(const char *uri);
virConnectPtr lab_connect(const char *uri);

/* accel.c */
int lab_accel_choose(virConnectPtr conn, const char *uri, const char *want,
		     const char **accel);

/* ports.c */
int lab_ports_choose(unsigned int wanted, unsigned int *a, unsigned int *b);

/* storage.c: the disks of one role, in a transient pool of its own. */
int lab_storage_create(struct lab *lab, enum lab_role role, const char *seed_iso,
		       char *paths[4]);
void lab_storage_destroy(virConnectPtr conn, const char *prefix, enum lab_role role);
char *lab_pool_name(const char *prefix, enum lab_role role);

/* seed.c */
int lab_seed_build(const struct lab *lab, enum lab_role role, const char *iso);

/* domain.c */
int lab_domain_start(struct lab *lab, enum lab_role role, char *const disks[4]);
void lab_domain_destroy(virConnectPtr conn, const char *prefix, enum lab_role role);
bool lab_domain_is_ours(virDomainPtr dom, const char *prefix);

/* console.c */
void lab_console_tail(const char *path, unsigned int lines, char *buf, size_t len);
bool lab_console_find(const char *path, const char *needle, char *line, size_t len);

/* agent.c; lab_agent_exec is a guest job waited for (job_agent.c) */
int lab_agent_ping(virDomainPtr dom, unsigned int timeout_s);
/* A local file into the guest, as it is: the mode is the guest's default. */
int lab_agent_write(virDomainPtr dom, const char *local, const char *guest);
int lab_agent_pull(virDomainPtr dom, const char *guest, const char *local);
/* A guest file into a malloc'd NUL-terminated buffer (g_free it). */
int lab_agent_read(virDomainPtr dom, const char *guest, char **buf, size_t *len);
/* {"execute": cmd, "arguments": args} (args consumed): its "return" member, or NULL */
struct json_object *lab_agent_call(virDomainPtr dom, const char *cmd,
				   struct json_object *args, int timeout_s);

/* job_agent.c; guest_io.c's lab_exec() adds crash detection on top. */
int lab_agent_exec(virDomainPtr dom, char *const argv[], unsigned int timeout_s,
		   struct lab_exec_result *res);

/* bringup.c */
int lab_bringup_wait(struct lab *lab, double t0);

/* swap_targets.c: the server protocols any target needs, i from 0; NULL past the end. */
const struct lab_server_proto *lab_server_proto_at(unsigned int i);

/* swap_target.c: the server's protocols serving; the client's swap on. */
int lab_server_ready(struct lab *lab);
int lab_swap_on(struct lab *lab);

/* state.c; lab_keep_string copies s into lab->strings[] for lab->cfg. */
const char *lab_keep_string(struct lab *lab, const char *s);
int lab_state_write(const struct lab *lab);
int lab_state_read(struct lab *lab, const char *prefix);

/* tools.c */
int lab_tools_install(struct lab *lab, enum lab_role role);

#endif
