/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a lab runs on, for whoever records it (the scenario runner's
 * meta.json): the accelerator, the versions of libvirt and QEMU, the
 * console logs, and the kernel builds as kernel/build.sh left them in
 * $SWAPLAB_CACHE/kernel/out/<variant>/.  All from what the lab already
 * knows: no new libvirt connection, nothing asked of the guests.
 */
#ifndef SWAPLAB_LAB_INFO_H
#define SWAPLAB_LAB_INFO_H

#include <stdbool.h>

#include "lab.h"

/* kernel/out/<variant>/: each member "" when its file is missing. */
struct lab_kernel_build {
	char *variant;
	bool built;		/* bzImage is there */
	char *release;		/* first line of release */
	char *config_hash;	/* sha256 of config */
	char *series_hash;	/* of the series it was built with; "" for stock */
	char *commit;		/* of the tree it was built from */
	char *key;		/* kernel/build.sh's cache key */
};

/* Read what there is of variant's build; never fails. */
void lab_kernel_build_read(const char *variant, struct lab_kernel_build *kb);
void lab_kernel_build_free(struct lab_kernel_build *kb);
/* LAB_EENV, with what to run, unless the variant's bzImage is built. */
int lab_kernel_check(const char *variant);

struct lab_info {
	const char *accel;		/* kvm | tcg; "" without a lab */
	char qemu[32];			/* the client's hypervisor; "unknown" if libvirt
					   does not say, "" without a lab */
	char libvirt[32];		/* the libvirt library this program runs on */
	char *console[2];		/* per role: the serial console logs */
	struct lab_kernel_build kernel[2];	/* per role: the kernel it boots */
};

/* About a running lab. */
void lab_info(struct lab *lab, struct lab_info *info);
/*
 * Before a lab is up, or after lab_up failed: what the configuration and the
 * host say (the console logs a failed lab_up keeps are there).
 */
void lab_info_of_config(const struct lab_config *cfg, struct lab_info *info);
void lab_info_free(struct lab_info *info);

#endif
