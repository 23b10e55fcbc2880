// SPDX-License-Identifier: GPL-2.0
/*
 * A lab guest as libvirt domain XML: direct kernel boot, virtio disks, the
 * seed CD-ROM, one virtio NIC on the UDP tunnel, the guest-agent channel, a
 * pvpanic device and a serial console logged to a file by virtlogd.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "domain_xml.h"
#include "lab_private.h"

char *xml_escape(const char *s)
{
	size_t len;
	char *out;
	FILE *f = open_memstream(&out, &len);

	if (!f)
		abort();
	for (; s && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '\'': fputs("&apos;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
	fclose(f);
	return out;
}

/* Print "%s" arguments escaped: x(f, fmt, s) with a single string. */
static void put_escaped(FILE *f, const char *fmt, const char *s)
{
	char *e = xml_escape(s);

	fprintf(f, fmt, e);
	free(e);
}

static void put_disk(FILE *f, const struct guest_disk *d)
{
	fprintf(f, "    <disk type='file' device='%s'>\n", d->cdrom ? "cdrom" : "disk");
	fprintf(f, "      <driver name='qemu' type='%s' cache='%s'%s/>\n", d->format,
		d->host_cache ? "unsafe" : "none", d->host_cache ? "" : " io='native'");
	put_escaped(f, "      <source file='%s'/>\n", d->path);
	fprintf(f, "      <target dev='%s' bus='%s'/>\n", d->target,
		d->cdrom ? "ide" : "virtio");
	if (d->cdrom)
		fputs("      <readonly/>\n", f);
	fputs("    </disk>\n", f);
}

static void put_head(FILE *f, const struct guest_spec *g)
{
	fprintf(f, "<domain type='%s'>\n", g->type);
	put_escaped(f, "  <name>%s</name>\n", g->name);
	fprintf(f, "  <metadata>\n    <swaplab:lab xmlns:swaplab='%s'>\n", LAB_METADATA_NS);
	put_escaped(f, "      <swaplab:prefix>%s</swaplab:prefix>\n", g->prefix);
	put_escaped(f, "      <swaplab:role>%s</swaplab:role>\n", g->role);
	fputs("    </swaplab:lab>\n  </metadata>\n", f);
	fprintf(f, "  <memory unit='MiB'>%u</memory>\n  <vcpu>%u</vcpu>\n", g->mem_mib, g->cpus);
	fputs("  <os>\n    <type arch='x86_64' machine='pc'>hvm</type>\n", f);
	put_escaped(f, "    <kernel>%s</kernel>\n", g->kernel);
	put_escaped(f, "    <cmdline>%s</cmdline>\n", g->cmdline);
	fputs("  </os>\n  <features><acpi/></features>\n", f);
	/* A panic or a reboot ends the guest: the lab reports, never loops. */
	fputs("  <on_poweroff>destroy</on_poweroff>\n"
	      "  <on_reboot>destroy</on_reboot>\n"
	      "  <on_crash>destroy</on_crash>\n", f);
}

static void put_tunnel(FILE *f, const struct guest_spec *g)
{
	fputs("    <interface type='udp'>\n", f);
	put_escaped(f, "      <mac address='%s'/>\n", g->mac);
	fprintf(f, "      <source address='127.0.0.1' port='%u'>\n"
		   "        <local address='127.0.0.1' port='%u'/>\n"
		   "      </source>\n"
		   "      <model type='virtio'/>\n"
		   "    </interface>\n", g->remote_port, g->local_port);
}

static void put_devices(FILE *f, const struct guest_spec *g)
{
	unsigned int i;

	fputs("  <devices>\n", f);
	for (i = 0; i < g->ndisks; i++)
		put_disk(f, &g->disks[i]);
	put_tunnel(f, g);
	fputs("    <serial type='pty'>\n", f);
	/* on: a server-reset fault powers the domain off and on again */
	put_escaped(f, "      <log file='%s' append='on'/>\n", g->console_log);
	fputs("      <target port='0'/>\n    </serial>\n"
	      "    <console type='pty'><target type='serial' port='0'/></console>\n"
	      "    <channel type='unix'>\n"
	      "      <target type='virtio' name='org.qemu.guest_agent.0'/>\n"
	      "    </channel>\n"
	      "    <panic model='isa'/>\n"
	      "    <rng model='virtio'><backend model='random'>/dev/urandom</backend></rng>\n"
	      /* Memory pressure comes from the guest's size alone. */
	      "    <memballoon model='none'/>\n"
	      "  </devices>\n", f);
}

char *domain_xml(const struct guest_spec *g)
{
	size_t len;
	char *xml;
	FILE *f = open_memstream(&xml, &len);

	if (!f)
		abort();
	put_head(f, g);
	put_devices(f, g);
	fputs("</domain>\n", f);
	fclose(f);
	return xml;
}
