# The test suite: unit tests first (seconds), then integration tests on real
# VMs, each a TAP script run by prove.
PACKAGES += perl libcmocka-dev

TESTS ?= $(sort $(wildcard tests/[0-9]*.t))

.PHONY: test test-unit test-integration
test: deps test-unit test-integration

test-integration: kernel-stock kernel-patched images lab-build
	prove -v $(TESTS)
