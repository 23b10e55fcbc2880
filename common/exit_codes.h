/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What `swaplab` tells its caller by exiting (docs/design.md): one enum for
 * every command of every part.  A leaf: it includes nothing, so cli/, lab/,
 * scenarios/ and results/ may all include it without depending on each
 * other.  The values are the interface (tests and CI scripts test them):
 * never renumber.
 *
 * The in-guest tools (guests/tools/) are programs of their own, with exit
 * codes of their own.
 */
#ifndef SWAPLAB_EXIT_CODES_H
#define SWAPLAB_EXIT_CODES_H

enum swaplab_exit {
	EXIT_CHECK = 1,		/* a check failed, or the command inside did */
	EXIT_USAGE = 2,		/* bad usage or input */
	EXIT_LAB = 3,		/* the lab failed: boot, timeout, panic */
	EXIT_ENV = 4,		/* environment: libvirt, missing kernel/image */
};

#endif
