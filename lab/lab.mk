# The lab library: libvirt domains, guest agent, bring-up and tear-down,
# behind lab/lab.h.  Its commands (swaplab up, exec, ...) are in cli/.
PACKAGES += libvirt-daemon-system libvirt-daemon-driver-qemu libvirt-clients \
	libvirt-dev qemu-system-x86 qemu-utils pkgconf gcc make libjson-c-dev \
	libglib2.0-dev cloud-image-utils jq
PKGS += glib-2.0

LAB_SRCS := lab/lab.c lab/lab_config.c lab/lab_error.c lab/lab_paths.c \
	lab/host.c lab/accel.c lab/ports.c lab/storage.c lab/seed.c \
	lab/seed_text.c lab/domain.c lab/domain_xml.c lab/console.c lab/agent.c \
	lab/job.c lab/job_agent.c lab/guest_io.c lab/bringup.c lab/swap_plan.c \
	lab/swap_targets.c lab/swap_target.c lab/state.c lab/tools.c lab/power.c \
	lab/info.c
SWAPLAB_SRCS += $(LAB_SRCS)

# Unit tests of the pure parts: names and limits, domain XML, seed text,
# swap targets, their plans and the /proc files that confirm them, the
# guest-job protocol, what lab_info() reads of the kernel builds.
UNIT_TESTS += test_lab_config test_lab_domain_xml test_lab_seed test_lab_swap_plan \
	test_lab_job test_lab_info
test_lab_config_SRCS := tests/unit/test_lab_config.c lab/lab_config.c lab/lab_error.c \
	lab/swap_targets.c
test_lab_domain_xml_SRCS := tests/unit/test_lab_domain_xml.c lab/domain_xml.c \
	lab/lab_paths.c
test_lab_seed_SRCS := tests/unit/test_lab_seed.c lab/seed_text.c
test_lab_swap_plan_SRCS := tests/unit/test_lab_swap_plan.c lab/swap_plan.c \
	lab/swap_targets.c lab/lab_paths.c
test_lab_job_SRCS := tests/unit/test_lab_job.c lab/job.c lab/lab_error.c lab/lab_paths.c
test_lab_info_SRCS := tests/unit/test_lab_info.c lab/info.c lab/lab_config.c \
	lab/lab_error.c lab/lab_paths.c lab/swap_targets.c

# make up [VARIANT=stock|patched|debug] [UP_ARGS="--client-mem 256 ..."]
.PHONY: up down
VARIANT ?= patched
up: lab-build kernel-stock kernel-$(VARIANT) images
	lab/swaplab up --client-kernel $(VARIANT) $(UP_ARGS)

down:
	@test -x lab/swaplab || $(MAKE) --no-print-directory lab-build
	lab/swaplab down
