// SPDX-License-Identifier: GPL-2.0
/*
 * The two UDP ports of the tunnel between the guests, on 127.0.0.1: either
 * the pair the user asked for (checked free), or two the kernel hands out.
 * Both sockets stay bound until both ports are known so they differ.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lab_private.h"

/* Bind 127.0.0.1:port (0: any free one); returns the socket, port filled. */
static int udp_bind(unsigned int *port)
{
	struct sockaddr_in sa = {
		.sin_family = AF_INET,
		.sin_port = htons(*port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	socklen_t len = sizeof(sa);
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    getsockname(fd, (struct sockaddr *)&sa, &len) < 0) {
		int err = errno;

		close(fd);
		return -err;
	}
	*port = ntohs(sa.sin_port);
	return fd;
}

int lab_ports_choose(unsigned int wanted, unsigned int *a, unsigned int *b)
{
	int fa, fb;

	*a = wanted;
	*b = wanted ? wanted + 1 : 0;
	fa = udp_bind(a);
	if (fa < 0)
		goto busy;
	fb = udp_bind(b);
	if (fb < 0) {
		close(fa);
		goto busy;
	}
	close(fa);
	close(fb);
	return 0;
busy:
	if (!wanted)
		return lab_fail(LAB_EENV, "no free UDP port on 127.0.0.1 for the tunnel");
	return lab_fail(LAB_EUSAGE, "UDP port %u or %u on 127.0.0.1 is in use: pick another with --tunnel-port, or leave it out to use free ones",
			wanted, wanted + 1);
}
