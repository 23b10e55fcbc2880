// SPDX-License-Identifier: GPL-2.0
/*
 * What the host ran the guests with, for meta.json: QEMU's version and the
 * accelerator of the client domain (kvm or tcg), read through libvirt so
 * it also holds for a remote URI.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libvirt/libvirt.h>

#include "run_dir.h"

void host_info_probe(const char *uri, const char *domain, struct run_meta *meta)
{
	virConnectPtr conn = virConnectOpenReadOnly(uri);
	unsigned long ver = 0;
	virDomainPtr dom;
	char *xml;

	snprintf(meta->qemu, sizeof(meta->qemu), "unknown");
	snprintf(meta->accel, sizeof(meta->accel), "unknown");
	if (!conn)
		return;
	if (!virConnectGetVersion(conn, &ver))
		snprintf(meta->qemu, sizeof(meta->qemu), "%lu.%lu.%lu", ver / 1000000,
			 ver / 1000 % 1000, ver % 1000);
	dom = virDomainLookupByName(conn, domain);
	xml = dom ? virDomainGetXMLDesc(dom, 0) : NULL;
	if (xml)
		snprintf(meta->accel, sizeof(meta->accel), "%s",
			 strstr(xml, "<domain type='kvm'") ? "kvm" : "tcg");
	free(xml);
	if (dom)
		virDomainFree(dom);
	virConnectClose(conn);
}
