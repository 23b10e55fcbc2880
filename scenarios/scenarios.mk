# Scenarios: declarative files, workloads, checks and metrics, the runner.
PACKAGES += libjson-c-dev libyaml-dev libssl-dev libvirt-dev libcmocka-dev jq
PKGS += yaml-0.1 libcrypto

# The parts that work on text only: parser, registries, checks, metrics.
SCENARIO_CORE_SRCS := $(addprefix scenarios/, options.c schema.c parse.c \
	registry.c labels.c evidence.c nfs_delta.c vmstat.c mountstats.c \
	kernel_log.c ktap.c swapverify_output.c \
	workload_swapverify.c workload_stress_ng.c workload_fio.c \
	workload_swapguard.c workload_selftests.c \
	checks.c check_workloads.c check_content.c check_swap_traffic.c \
	check_nfs_traffic.c check_kernel_log.c check_faults.c \
	metrics.c metric_nfs_io_size.c metric_rpc_retrans.c metric_elapsed.c \
	faults.c fault_corrupt_swap.c fault_nfsd_restart.c \
	fault_server_pause.c fault_server_reset.c fault_net_impair.c \
	fault_swapoff_under_load.c fault_kill_mid_swapin.c recovery.c \
	evaluate.c summary.c)


# The runner: everything that drives the lab.
SCENARIO_LAB_SRCS := $(addprefix scenarios/, cache.c guest_jobs.c host_info.c \
	run_dir.c run_one.c run.c samples.c)

SWAPLAB_SRCS += $(SCENARIO_CORE_SRCS) $(SCENARIO_LAB_SRCS)

UNIT_TESTS += test_scenario_parse test_scenario_logs test_scenario_checks \
	test_scenario_summary
test_scenario_parse_SRCS := tests/unit/test_scenario_parse.c $(SCENARIO_CORE_SRCS) \
	results/known.c results/textfile.c
test_scenario_logs_SRCS := tests/unit/test_scenario_logs.c $(SCENARIO_CORE_SRCS) \
	results/known.c results/textfile.c
test_scenario_checks_SRCS := tests/unit/test_scenario_checks.c $(SCENARIO_CORE_SRCS) \
	results/known.c results/textfile.c
test_scenario_summary_SRCS := tests/unit/test_scenario_summary.c $(SCENARIO_CORE_SRCS) \
	results/known.c results/textfile.c
