/* SPDX-License-Identifier: GPL-2.0 */
/* A guest of the lab as libvirt domain XML (pure: no libvirt calls). */
#ifndef SWAPLAB_DOMAIN_XML_H
#define SWAPLAB_DOMAIN_XML_H

#include <stdbool.h>

struct guest_disk {
	const char *path;
	const char *format;	/* qcow2 | raw */
	const char *target;	/* vda, vdb, ... or hdc for the seed CD-ROM */
	bool cdrom;
	bool host_cache;	/* false: O_DIRECT on the host (data, swap disks) */
};

struct guest_spec {
	const char *name;
	const char *type;		/* qemu (TCG) | kvm */
	const char *prefix, *role;	/* written into the domain's metadata */
	unsigned int mem_mib, cpus;
	const char *kernel, *cmdline;
	const char *console_log;
	const char *mac;
	unsigned int local_port;	/* tunnel: this guest's end */
	unsigned int remote_port;	/* tunnel: the other guest's end */
	struct guest_disk disks[4];
	unsigned int ndisks;
};

/* The domain XML, malloc'd; every string from the spec is escaped. */
char *domain_xml(const struct guest_spec *g);
char *xml_escape(const char *s);

#endif
