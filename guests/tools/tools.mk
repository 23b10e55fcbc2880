# In-guest tools: swapverify (every swapped page comes back right; swap
# throughput and fault latency), swapguard (user space cannot write into an
# active swap file) and swapcorrupt (the corrupt-swap fault, on the server).  Linked statically, so they run in any guest image; the
# lab copies guests/tools/bin/* into the guests' /usr/local/bin.
PACKAGES += gcc libc6-dev pkgconf libjson-c-dev liburing-dev libcmocka-dev

TOOLS_DIR := guests/tools
TOOLS_BIN := $(TOOLS_DIR)/bin
TOOLS_OBJ := $(TOOLS_BIN)/obj
TOOLS_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Wshadow -Wno-unused-parameter \
	-D_GNU_SOURCE -Werror=implicit-function-declaration

SWAPVERIFY_SRCS := swapverify.c sv_options.c sv_report.c pattern.c order.c \
	latency.c vmstat.c pageout.c cgroup.c
SWAPGUARD_SRCS := swapguard.c sg_options.c sg_verdict.c sg_probes.c \
	sg_uring.c swaps.c
SWAPCORRUPT_SRCS := swapcorrupt.c sc_classify.c
GUEST_TOOLS := $(TOOLS_BIN)/swapverify $(TOOLS_BIN)/swapguard $(TOOLS_BIN)/swapcorrupt

guest-tools: $(GUEST_TOOLS)

$(TOOLS_OBJ)/%.o: $(TOOLS_DIR)/%.c
	@mkdir -p $(@D)
	$(CC) $(TOOLS_CFLAGS) -MMD -MP -c -o $@ $<

$(TOOLS_BIN)/swapverify: $(SWAPVERIFY_SRCS:%.c=$(TOOLS_OBJ)/%.o)
	$(CC) -static -o $@ $^ -ljson-c -lm

$(TOOLS_BIN)/swapguard: $(SWAPGUARD_SRCS:%.c=$(TOOLS_OBJ)/%.o)
	$(CC) -static -o $@ $^ -luring

$(TOOLS_BIN)/swapcorrupt: $(SWAPCORRUPT_SRCS:%.c=$(TOOLS_OBJ)/%.o)
	$(CC) -static -o $@ $^

-include $(wildcard $(TOOLS_OBJ)/*.d)
CLEAN_FILES += $(TOOLS_BIN)

# Unit tests of the pure parts (cmocka), built from the sources directly.
UNIT_TESTS += test_swapverify_pattern test_swapverify_latency \
	test_swapverify_options test_swapverify_report test_swapverify_vmstat \
	test_swapguard_options test_swapguard_verdict test_swapguard_swaps \
	test_swapverify_run test_swapguard_run test_swapcorrupt_classify
test_swapcorrupt_classify_SRCS := tests/unit/test_swapcorrupt_classify.c \
	$(TOOLS_DIR)/sc_classify.c $(TOOLS_DIR)/pattern.c
test_swapverify_pattern_SRCS := tests/unit/test_swapverify_pattern.c \
	$(TOOLS_DIR)/pattern.c $(TOOLS_DIR)/order.c
test_swapverify_latency_SRCS := tests/unit/test_swapverify_latency.c \
	$(TOOLS_DIR)/latency.c
test_swapverify_options_SRCS := tests/unit/test_swapverify_options.c \
	$(TOOLS_DIR)/sv_options.c
test_swapverify_report_SRCS := tests/unit/test_swapverify_report.c \
	$(TOOLS_DIR)/sv_report.c $(TOOLS_DIR)/pattern.c $(TOOLS_DIR)/latency.c
test_swapverify_vmstat_SRCS := tests/unit/test_swapverify_vmstat.c \
	$(TOOLS_DIR)/vmstat.c
test_swapguard_options_SRCS := tests/unit/test_swapguard_options.c \
	$(TOOLS_DIR)/sg_options.c
test_swapguard_verdict_SRCS := tests/unit/test_swapguard_verdict.c \
	$(TOOLS_DIR)/sg_verdict.c
test_swapguard_swaps_SRCS := tests/unit/test_swapguard_swaps.c \
	$(TOOLS_DIR)/swaps.c
# These two run the built tools on this host (dry run, self-test, bad input).
test_swapverify_run_SRCS := tests/unit/test_swapverify_run.c
test_swapguard_run_SRCS := tests/unit/test_swapguard_run.c
tests/unit/bin/test_swapverify_run: | $(TOOLS_BIN)/swapverify
tests/unit/bin/test_swapguard_run: | $(TOOLS_BIN)/swapguard
