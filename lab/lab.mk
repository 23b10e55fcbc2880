# The lab controller: libvirt domains, guest agent, bring-up and tear-down.
PACKAGES += libvirt-daemon-system libvirt-daemon-driver-qemu libvirt-clients \
	libvirt-dev qemu-system-x86 qemu-utils pkgconf gcc make libjson-c-dev

SWAPLAB_SRCS += lab/main.c

.PHONY: up down
VARIANT ?= patched
up: lab-build kernel-stock kernel-$(VARIANT) images
	lab/swaplab up --client-kernel $(VARIANT)

down:
	@test -x lab/swaplab || $(MAKE) --no-print-directory lab-build
	lab/swaplab down
