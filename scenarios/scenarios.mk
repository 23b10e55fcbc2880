# Scenarios: declarative files, workloads, checks and metrics, the runner.
PACKAGES += libjson-c-dev libyaml-dev libssl-dev libvirt-dev libcmocka-dev jq
PKGS += yaml-0.1 libcrypto

# The parts that work on text only: parser, registries, checks, metrics.
# Every descriptor file (workload_*.c, check_*.c, metric_*.c, fault_*.c) is
# built: adding one is the new file and its line in the list it belongs to.
SCENARIO_CORE_SRCS := $(addprefix scenarios/, options.c schema.c parse.c \
	registry.c labels.c evidence.c nfs_delta.c vmstat.c mountstats.c \
	cifs_stats.c smb_delta.c \
	kernel_log.c ktap.c swapverify_output.c checks.c metrics.c faults.c \
	recovery.c evaluate.c summary.c) \
	$(sort $(wildcard scenarios/workload_*.c scenarios/check_*.c \
		scenarios/metric_*.c scenarios/fault_*.c))


# The runner: everything that drives the lab.
SCENARIO_LAB_SRCS := $(addprefix scenarios/, guest_jobs.c run_dir.c run_one.c \
	run.c samples.c)

SWAPLAB_SRCS += $(SCENARIO_CORE_SRCS) $(SCENARIO_LAB_SRCS)

UNIT_TESTS += test_scenario_parse test_scenario_logs test_scenario_checks \
	test_scenario_summary test_scenario_run_dir
# What the text-only parts use of the others: known failures, whole-file
# reads and statistics of results/, the swap targets' table of lab/.
SCENARIO_UNIT_SRCS := $(SCENARIO_CORE_SRCS) results/known.c results/textfile.c \
	results/stats.c lab/swap_targets.c
test_scenario_parse_SRCS := tests/unit/test_scenario_parse.c $(SCENARIO_UNIT_SRCS)
test_scenario_logs_SRCS := tests/unit/test_scenario_logs.c $(SCENARIO_UNIT_SRCS)
test_scenario_checks_SRCS := tests/unit/test_scenario_checks.c $(SCENARIO_UNIT_SRCS)
test_scenario_summary_SRCS := tests/unit/test_scenario_summary.c $(SCENARIO_UNIT_SRCS)
test_scenario_run_dir_SRCS := tests/unit/test_scenario_run_dir.c scenarios/run_dir.c \
	$(SCENARIO_UNIT_SRCS) lab/info.c lab/lab_config.c lab/lab_paths.c lab/lab_error.c
