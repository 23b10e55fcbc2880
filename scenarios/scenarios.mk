# Scenarios: declarative files, workloads, checks and metrics, the runner.
PACKAGES += libjson-c-dev libyaml-dev libssl-dev libvirt-dev libcmocka-dev jq
PKGS += yaml-0.1 libcrypto

# The parts that work on text only: parser, registries, checks, metrics.
SCENARIO_CORE_SRCS := $(addprefix scenarios/, options.c schema.c parse.c \
	labels.c evidence.c nfs_delta.c vmstat.c mountstats.c kernel_log.c \
	ktap.c stress_ng_output.c swapverify_output.c fio_output.c \
	workloads.c workload_swapverify.c workload_stress_ng.c workload_fio.c \
	workload_swapguard.c workload_selftests.c \
	checks.c check_workloads.c check_content.c check_stress_ng.c \
	check_swap_traffic.c check_nfs_traffic.c check_kernel_log.c \
	check_selftests.c check_swapguard.c \
	metrics.c metric_swap_speed.c metric_fault_latency.c metric_bogo_ops.c \
	metric_nfs_io_size.c metric_rpc_retrans.c metric_elapsed.c \
	metric_ceiling.c faults.c fault_corrupt_swap.c fault_nfsd_restart.c \
	fault_server_pause.c fault_server_reset.c fault_net_impair.c \
	fault_swapoff_under_load.c fault_kill_mid_swapin.c check_faults.c recovery.c \
	evaluate.c summary.c)


# The runner: everything that drives the lab.
SCENARIO_LAB_SRCS := $(addprefix scenarios/, guest_jobs.c run_dir.c run_one.c \
	run.c samples.c)

SWAPLAB_SRCS += $(SCENARIO_CORE_SRCS) $(SCENARIO_LAB_SRCS)

UNIT_TESTS += test_scenario_parse test_scenario_logs test_scenario_checks \
	test_scenario_summary test_scenario_run_dir
test_scenario_parse_SRCS := tests/unit/test_scenario_parse.c $(SCENARIO_CORE_SRCS) \
	results/known.c results/textfile.c
test_scenario_logs_SRCS := tests/unit/test_scenario_logs.c $(SCENARIO_CORE_SRCS) \
	results/known.c results/textfile.c
test_scenario_checks_SRCS := tests/unit/test_scenario_checks.c $(SCENARIO_CORE_SRCS) \
	results/known.c results/textfile.c
test_scenario_summary_SRCS := tests/unit/test_scenario_summary.c $(SCENARIO_CORE_SRCS) \
	results/known.c results/textfile.c
test_scenario_run_dir_SRCS := tests/unit/test_scenario_run_dir.c scenarios/run_dir.c \
	$(SCENARIO_CORE_SRCS) results/known.c results/textfile.c lab/info.c \
	lab/lab_config.c lab/swap_targets.c lab/lab_paths.c lab/lab_error.c
