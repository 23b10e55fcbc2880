# Guest base image (mmdebstrap), cloud-init seeds and in-guest tools.
PACKAGES += mmdebstrap cloud-image-utils e2fsprogs qemu-utils

.PHONY: images guest-tools
# The base image, keyed by its inputs: a cache hit returns at once.
images: deps
	@guests/build-image.sh >/dev/null

guest-tools:
include guests/tools/tools.mk
