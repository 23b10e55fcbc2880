/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lab as a library: boot the NFS server and the client, run commands in
 * them through qemu-guest-agent, tear everything down.  Used by the `swaplab`
 * commands (cli/cmd_lab.c) and by the scenario runner (scenarios/).
 *
 * Every function that can fail returns 0 or a negative LAB_E* code and leaves
 * a human-readable reason in lab_strerror().  Every wait has a timeout.
 */
#ifndef SWAPLAB_LAB_H
#define SWAPLAB_LAB_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

enum lab_role { LAB_CLIENT, LAB_SERVER };

enum {
	LAB_EUSAGE = -2,
	LAB_EFAIL = -3,		/* boot, timeout, panic, hang */
	LAB_EENV = -4,		/* libvirt refusing, kernel or image missing */
};

struct lab_config {
	const char *prefix;		/* domain names <prefix>-client, <prefix>-nfs */
	const char *client_uri;		/* libvirt URI per role */
	const char *server_uri;
	const char *client_kernel;	/* stock | patched | debug */
	const char *server_kernel;	/* stock */
	unsigned int client_mem_mib;
	unsigned int client_cpus;
	unsigned int server_mem_mib;
	unsigned int server_cpus;
	const char *swap_target;	/* a target's name (lab_swap.h): nfs4.2, local... */
	unsigned int swap_size_mib;
	const char *cmdline_extra;	/* appended to the client kernel command line */
	unsigned int boot_timeout_s;	/* per step of bring-up */
	unsigned int tunnel_port;	/* UDP ports P, P+1 on 127.0.0.1; 0: free ones */
	const char *image;		/* base image (SWAPLAB_IMAGE); NULL: the built one */
	const char *root_dev;		/* root= for both guests (SWAPLAB_ROOT) */
	const char *accel;		/* auto | tcg | kvm (SWAPLAB_ACCEL) */
	bool keep_failed;		/* a failed lab_up leaves the lab for a look */
};

/* Defaults, then SWAPLAB_* environment variables on top. */
void lab_config_init(struct lab_config *cfg);
/* Names, sizes and ranges: LAB_EUSAGE with the reason, before anything runs. */
int lab_config_check(const struct lab_config *cfg);
/* stock | patched | debug | debug-v1: the debug kernels boot slowly (lockdep, KASAN) */
bool lab_kernel_is_debug(const char *variant);

/*
 * Set by a signal handler (Ctrl-C, SIGTERM): lab_up and lab_exec give up at
 * their next poll, and lab_up then tears down what it had started.
 */
extern volatile sig_atomic_t lab_stop_requested;

struct lab;

/* Boot both guests, wait step by step (boot, cloud-init, agent, NFS, swap). */
int lab_up(const struct lab_config *cfg, struct lab **labp);
/* A lab already up (after `swaplab up` in another process). */
int lab_attach(const char *prefix, struct lab **labp);
/* Destroy and undefine both domains, remove overlays, seeds and state. */
int lab_down(struct lab *lab);
/* Tear down a lab by prefix, whatever state it is in (nothing left behind). */
int lab_down_prefix(const char *prefix);
void lab_free(struct lab *lab);

struct lab_exec_result {
	int status;		/* exit status of the command in the guest */
	bool timed_out;
	char *out;		/* NUL-terminated captured stdout */
	size_t out_len;
	char *err;		/* NUL-terminated captured stderr */
	size_t err_len;
};

int lab_exec(struct lab *lab, enum lab_role role, char *const argv[],
	     unsigned int timeout_s, struct lab_exec_result *res);
void lab_exec_result_free(struct lab_exec_result *res);
int lab_push(struct lab *lab, enum lab_role role, const char *local_path,
	     const char *guest_path, unsigned int mode);
int lab_pull(struct lab *lab, enum lab_role role, const char *guest_path,
	     const char *local_path);

/*
 * Switch the client's swap to another target (a name of lab_swap.h's table:
 * nfs4.2, local, ...) without a reboot: swap off, unmount, then set up and
 * confirm the new one.  size_mib 0 keeps the lab's size.
 */
int lab_swap_set(struct lab *lab, const char *target, unsigned int size_mib);

/*
 * What a fault does to a domain through libvirt, not through the guest.
 * RESET is a power cycle (destroy, start): QEMU's own reset would end it.
 */
enum lab_power { LAB_POWER_RESET, LAB_POWER_SUSPEND, LAB_POWER_RESUME };
int lab_power(struct lab *lab, enum lab_role role, enum lab_power op);
/* After a reset: until the guest agent answers again, or timeout_s. */
int lab_wait_agent(struct lab *lab, enum lab_role role, unsigned int timeout_s);
/*
 * Alt-SysRq-KEY on the guest's keyboard (t: blocked tasks... see
 * Documentation/admin-guide/sysrq.rst): works when the agent is dead; the
 * output lands in the role's console log.
 */
int lab_sysrq(struct lab *lab, enum lab_role role, char key);
/* A QMP command to the role's QEMU (e.g. x-query-virtio): its JSON reply, free()d. */
int lab_monitor(struct lab *lab, enum lab_role role, const char *qmp, char **reply);
/*
 * The role's virtio-net devices as QEMU sees them (x-query-virtio-status,
 * and the receive and transmit queues' x-query-virtio-queue-status: how far
 * the guest has given and QEMU used RX buffers), for a wedge report.
 * Always text (failures included); g_free() it.
 */
char *lab_virtio_net_state(struct lab *lab, enum lab_role role);

/* Path of a role's serial console log on this host. */
const char *lab_console_path(struct lab *lab, enum lab_role role);
/* True if the role's guest panicked (pvpanic event, console) or is gone. */
bool lab_crashed(struct lab *lab, enum lab_role role, char *why, size_t len);
/* The configuration the lab was brought up with. */
const struct lab_config *lab_get_config(struct lab *lab);

const char *lab_strerror(void);

#endif
