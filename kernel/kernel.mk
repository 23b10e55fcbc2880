# Guest kernels: the patch series in kernel/patches, config fragments in
# kernel/config, builds in $(SWAPLAB_CACHE)/kernel.
PACKAGES += linux-source-6.12 build-essential bc bison flex libssl-dev libelf-dev \
	ccache sparse cpio kmod rsync xz-utils git perl python3 busybox-static \
	qemu-system-x86

KERNEL_VARIANTS := stock patched debug
# The v1 fixture kernel: built only for the debug scenario that needs it.
KERNEL_FIXTURES := debug-v1

.PHONY: kernel kernel-check kernel-smoke $(addprefix kernel-,$(KERNEL_VARIANTS) $(KERNEL_FIXTURES))
kernel: deps
	kernel/build.sh $(KERNEL_VARIANTS)

$(addprefix kernel-,$(KERNEL_VARIANTS) $(KERNEL_FIXTURES)): kernel-%: deps
	kernel/build.sh $*

# Patch by patch: applies, builds, checkpatch --strict, W=1 and sparse.
kernel-check: deps
	kernel/check-series.sh

# mm/cow and cgroup/test_memcontrol from the patched tree, for the client
# guest's /usr/local/lib/swaplab/ (built in $(SWAPLAB_CACHE)/kernel/selftests).
.PHONY: kernel-selftests
kernel-selftests: kernel-patched
	kernel/selftests.sh

# Boot each kernel with a tiny init: uname -r and the swap path's symbols.
kernel-smoke: kernel
	kernel/smoke.sh $(KERNEL_VARIANTS)
