// SPDX-License-Identifier: GPL-2.0
/* The lab's domain XML: every device the lab relies on, and escaping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "domain_xml.h"

static struct guest_spec client_spec(void)
{
	return (struct guest_spec) {
		.name = "swl-client", .type = "qemu", .prefix = "swl", .role = "client",
		.mem_mib = 384, .cpus = 1,
		.kernel = "/cache/kernel/out/patched/bzImage",
		.cmdline = "root=/dev/vda rw console=ttyS0,115200 panic=-1",
		.console_log = "/cache/labs/swl/console-client.log",
		.mac = "52:54:00:77:00:02", .local_port = 40001, .remote_port = 40002,
		.disks = {
			{ "/c/root.qcow2", "qcow2", "vda", false, true },
			{ "/c/scratch.raw", "raw", "vdb", false, true },
			{ "/c/local-swap.raw", "raw", "vdc", false, false },
			{ "/c/seed.iso", "raw", "hdc", true, true },
		},
		.ndisks = 4,
	};
}

static void assert_has(const char *xml, const char *part)
{
	if (!strstr(xml, part))
		fail_msg("domain XML lacks: %s\n%s", part, xml);
}

static void test_devices(void **state)
{
	struct guest_spec g = client_spec();
	char *xml = domain_xml(&g);

	assert_has(xml, "<domain type='qemu'>");
	assert_has(xml, "<name>swl-client</name>");
	assert_has(xml, "<swaplab:prefix>swl</swaplab:prefix>");
	assert_has(xml, "<memory unit='MiB'>384</memory>");
	assert_has(xml, "<kernel>/cache/kernel/out/patched/bzImage</kernel>");
	assert_has(xml, "<cmdline>root=/dev/vda rw console=ttyS0,115200 panic=-1</cmdline>");
	assert_has(xml, "<target dev='vdc' bus='virtio'/>");
	assert_has(xml, "cache='none' io='native'");	/* the swap disk bypasses host cache */
	assert_has(xml, "<disk type='file' device='cdrom'>");
	assert_has(xml, "<interface type='udp'>");
	assert_has(xml, "<source address='127.0.0.1' port='40002'>");
	assert_has(xml, "<local address='127.0.0.1' port='40001'/>");
	assert_has(xml, "name='org.qemu.guest_agent.0'");
	assert_has(xml, "<panic model='isa'/>");
	assert_has(xml, "<log file='/cache/labs/swl/console-client.log' append='on'/>");
	assert_has(xml, "<on_crash>destroy</on_crash>");
	/* No network of libvirt's, no bridge: the tunnel is the only link. */
	assert_null(strstr(xml, "type='network'"));
	assert_null(strstr(xml, "type='bridge'"));
	free(xml);
}

static void test_escaping(void **state)
{
	struct guest_spec g = client_spec();
	char *xml;

	g.cmdline = "root=/dev/vda a=<b>&'c'";
	g.disks[0].path = "/tmp/it's here/root.qcow2";
	xml = domain_xml(&g);
	assert_has(xml, "<cmdline>root=/dev/vda a=&lt;b&gt;&amp;&apos;c&apos;</cmdline>");
	assert_has(xml, "<source file='/tmp/it&apos;s here/root.qcow2'/>");
	free(xml);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_devices),
		cmocka_unit_test(test_escaping),
	};

	return cmocka_run_group_tests_name("lab_domain_xml", tests, NULL, NULL);
}
