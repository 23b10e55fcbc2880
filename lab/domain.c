// SPDX-License-Identifier: GPL-2.0
/*
 * The two domains of a lab: defined persistently (so a crashed guest stays
 * visible to `swaplab status` and virsh), started, and marked with metadata
 * so the lab only ever destroys domains it made.
 */
#include <stdlib.h>
#include <string.h>

#include "domain_xml.h"
#include "lab_private.h"

static char *cmdline_of(const struct lab *lab, enum lab_role role)
{
	const struct lab_config *c = &lab->cfg;
	const char *extra = role == LAB_CLIENT ? c->cmdline_extra : "";
	/*
	 * Under TCG on a busy host, lockdep and KASAN slow the ACPI
	 * interpreter so much that _PRT hits AE_AML_LOOP_TIMEOUT and the
	 * virtio devices get no interrupt: the debug kernel takes PCI
	 * interrupt routing from the BIOS's PIRQ table instead (machine 'pc').
	 */
	const char *debug = role == LAB_CLIENT && lab_kernel_is_debug(c->client_kernel) ?
			    " acpi=noirq" : "";

	/*
	 * panic=-1: a panicking guest reboots at once, and on_reboot ends it.
	 * sysrq_always_enabled: Debian's kernel.sysrq (438) refuses the task
	 * and memory dumps (w, m, t) a wedge report sends through the keyboard.
	 * ci.ds=NoCloud: cloud-init's generator asks ds-identify whether to run
	 * at all, and ds-identify looks for the seed's label with blkid.  The
	 * seed is an IDE CD-ROM, which libata probes asynchronously: on a debug
	 * kernel under TCG it was not there yet, ds-identify found no
	 * datasource and cloud-init never started (runs 20261204-222851/-222854).
	 * Naming the datasource skips the search; cloud-init-local, much later,
	 * still finds the seed by its label.
	 */
	return lab_strdup_printf("root=%s rw console=ttyS0,115200 panic=-1 "
				 "sysrq_always_enabled ci.ds=NoCloud%s%s%s",
				 c->root_dev, debug, *extra ? " " : "", extra);
}

static void spec_disks(struct guest_spec *g, enum lab_role role, char *const disks[4])
{
	g->disks[g->ndisks++] = (struct guest_disk){ disks[0], "qcow2", "vda", false, true };
	if (role == LAB_SERVER) {
		g->disks[g->ndisks++] = (struct guest_disk){ disks[1], "raw", "vdb", false, false };
	} else {
		g->disks[g->ndisks++] = (struct guest_disk){ disks[1], "raw", "vdb", false, true };
		g->disks[g->ndisks++] = (struct guest_disk){ disks[2], "raw", "vdc", false, false };
	}
	g->disks[g->ndisks++] = (struct guest_disk){ disks[3], "raw", "hdc", true, true };
}

static char *xml_of(struct lab *lab, enum lab_role role, char *const disks[4])
{
	const struct lab_config *c = &lab->cfg;
	bool client = role == LAB_CLIENT;
	char *name = lab_domain_name(c->prefix, role);
	char *kernel = lab_kernel_path(client ? c->client_kernel : c->server_kernel);
	char *cmdline = cmdline_of(lab, role);
	struct guest_spec g = {
		.name = name,
		.type = lab->accel,
		.prefix = c->prefix,
		.role = lab_role_name(role),
		.mem_mib = client ? c->client_mem_mib : c->server_mem_mib,
		.cpus = client ? c->client_cpus : c->server_cpus,
		.kernel = kernel,
		.cmdline = cmdline,
		.console_log = lab->console[role],
		.mac = client ? "52:54:00:77:00:02" : "52:54:00:77:00:01",
		.local_port = client ? lab->client_port : lab->server_port,
		.remote_port = client ? lab->server_port : lab->client_port,
	};
	char *xml;

	spec_disks(&g, role, disks);
	xml = domain_xml(&g);
	free(name);
	free(kernel);
	free(cmdline);
	return xml;
}

int lab_domain_start(struct lab *lab, enum lab_role role, char *const disks[4])
{
	char *xml = xml_of(lab, role, disks);
	virDomainPtr dom = virDomainDefineXML(lab->conn[role], xml);

	free(xml);
	if (!dom)
		return lab_fail(LAB_EENV, "libvirt refused the %s domain: %s",
				lab_role_name(role), virGetLastErrorMessage());
	lab->dom[role] = dom;
	if (virDomainCreate(dom) < 0)
		return lab_fail(LAB_EENV, "libvirt could not start the %s domain: %s",
				lab_role_name(role), virGetLastErrorMessage());
	return 0;
}

bool lab_domain_is_ours(virDomainPtr dom, const char *prefix)
{
	return lab_marked(virDomainGetMetadata(dom, VIR_DOMAIN_METADATA_ELEMENT,
						LAB_METADATA_NS, 0),
			  lab_strdup_printf("<prefix>%s</prefix>", prefix));
}

/* Destroy and undefine the role's domain if it exists and is ours. */
void lab_domain_destroy(virConnectPtr conn, const char *prefix, enum lab_role role)
{
	char *name = lab_domain_name(prefix, role);
	virDomainPtr dom = virDomainLookupByName(conn, name);

	free(name);
	if (!dom)
		return;
	if (lab_domain_is_ours(dom, prefix)) {
		if (virDomainIsActive(dom) == 1)
			virDomainDestroy(dom);
		virDomainUndefine(dom);
	}
	virDomainFree(dom);
}
