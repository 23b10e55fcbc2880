# swaplab: a swap-over-NFS test lab.
#
#   make run    install what is missing, build, run the default scenarios,
#               write results and the dashboard
#   make test   the test suite (unit tests, then real VMs)
#
# Every capability is a target; see `make help`.  Kernel trees, builds, images
# and ccache live in $(SWAPLAB_CACHE), never in the repository.

SHELL := /bin/bash
.DEFAULT_GOAL := help
export SWAPLAB_CACHE ?= $(HOME)/.cache/swaplab

# Debian packages each part needs; `make deps` installs the missing ones.
PACKAGES :=

include kernel/kernel.mk
include guests/guests.mk
include cli/cli.mk
include lab/lab.mk
include results/results.mk
include scenarios/scenarios.mk
include tests/tests.mk

.PHONY: help deps run clean
help:
	@echo "swaplab targets:"
	@echo "  make run [SCENARIO=dir|file] [REPS=N] [VARIANTS=patched,stock,local,debug]"
	@echo "                               everything: deps, kernels, images, scenarios, report"
	@echo "           [SOAK=duration]      how long soak scenarios run (default 1h)"
	@echo "  make test                     the test suite (unit, kernel series, lab, scenarios, results)"
	@echo "  make test-layers              the seams between the parts, no VM (seconds)"
	@echo "  make deps                     install the Debian packages that are missing"
	@echo "  make kernel                   build the stock, patched and debug guest kernels"
	@echo "  make images                   build the guest base image"
	@echo "  make up [VARIANT=patched]     boot the lab (client + NFS server) and swap over NFS"
	@echo "  make down                     tear the lab down, leaving nothing behind"
	@echo "  make report                   import results and write results/dashboard/"
	@echo "  make clean                    remove build products (not the cache)"
	@echo "Cache: $(SWAPLAB_CACHE)"

deps:
	@lab/install-deps.sh $(sort $(PACKAGES))

# The one program is built from every part's sources (each .mk adds to
# SWAPLAB_SRCS; main() is in cli/).  It stays at lab/swaplab, where the
# tests, the README and lab_source_path() look for it.  pkg-config runs in a
# sub-make, after `deps`.
CC ?= gcc
CFLAGS ?= -O2 -g
PKGS += libvirt libvirt-qemu json-c sqlite3
XCFLAGS = -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wshadow \
	-Werror=implicit-function-declaration -D_GNU_SOURCE -Ilab \
	$(shell pkg-config --cflags $(PKGS) 2>/dev/null)
XLIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm

lab/swaplab: $(SWAPLAB_SRCS:.c=.o)
	$(CC) $(LDFLAGS) -o $@ $^ $(XLIBS)

%.o: %.c
	$(CC) $(XCFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

-include $(SWAPLAB_SRCS:.c=.d)

# Unit tests (cmocka): each .mk adds NAME to UNIT_TESTS and sets NAME_SRCS.
UNIT_BIN := tests/unit/bin
define unit_test_rule
$(UNIT_BIN)/$(1): $$($(1)_SRCS)
	@mkdir -p $(UNIT_BIN)
	$$(CC) $$(XCFLAGS) $$(CFLAGS) -o $$@ $$^ $$(XLIBS) -lcmocka
endef
$(foreach t,$(UNIT_TESTS),$(eval $(call unit_test_rule,$(t))))

.PHONY: lab-build unit-run
lab-build: deps
	@$(MAKE) --no-print-directory lab/swaplab guest-tools

# The unit tests need only a compiler and the libraries' headers: no apt run
# when those are there (whatever else `make deps` would install), no kernel.
UNIT_PACKAGES := gcc make pkgconf libcmocka-dev libjson-c-dev libyaml-dev \
	libssl-dev libvirt-dev libsqlite3-dev libgsl-dev libglib2.0-dev
test-unit:
	@lab/install-deps.sh $(UNIT_PACKAGES)
	@$(MAKE) --no-print-directory unit-run

unit-run: $(addprefix $(UNIT_BIN)/,$(UNIT_TESTS))
	@set -e; for t in $^; do echo "# $$t"; $$t; done

# Only the kernels the suite boots are built (`swaplab run --kernels`); the
# selftests come from the patched tree, when the suite boots that kernel.
# The report is written whatever the verdict; make run exits with the suite's.
RUN_ARGS = $(if $(REPS),--reps $(REPS)) $(if $(VARIANTS),--variants $(VARIANTS)) \
	$(if $(SOAK),--soak $(SOAK)) $(SCENARIO)
run: deps images lab-build
	@kernels=$$(lab/swaplab run --kernels $(RUN_ARGS)) || exit $$?; \
	kernel/build.sh $$kernels || exit $$?; \
	case " $$(echo $$kernels) " in *" patched "*) \
		$(MAKE) --no-print-directory kernel-selftests || exit $$?;; esac; \
	rc=0; lab/swaplab run $(RUN_ARGS) || rc=$$?; \
	$(MAKE) --no-print-directory report; exit $$rc

clean:
	rm -f lab/swaplab $(SWAPLAB_SRCS:.c=.o) $(SWAPLAB_SRCS:.c=.d)
	rm -rf $(UNIT_BIN) $(CLEAN_FILES)
