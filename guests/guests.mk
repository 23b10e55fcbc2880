# Guest base image (mmdebstrap), cloud-init seeds and in-guest tools.
PACKAGES += mmdebstrap cloud-image-utils e2fsprogs qemu-utils

.PHONY: images guest-tools
images: deps

guest-tools:
include guests/tools/tools.mk
