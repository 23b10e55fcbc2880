# The test suite: unit tests first (seconds), then the TAP scripts run by
# prove, in order: 05 checks the seams between the parts in the objects
# (seconds, no VM), the others are integration tests on real VMs.
PACKAGES += perl libcmocka-dev binutils

TESTS ?= $(sort $(wildcard tests/[0-9]*.t))

.PHONY: test test-unit test-integration test-layers
test: deps test-unit test-integration

# The seams alone: include rules and lab/'s call graph (tests/05-layers.t).
test-layers: deps
	prove -v tests/05-layers.t

test-integration: kernel-stock kernel-patched images lab-build
	prove -v $(TESTS)
