# Results: SQLite store, compare, exports, dashboard.
# libgsl-dev: Student's t distribution for Welch's t-test.
PACKAGES += libsqlite3-dev sqlite3 gnuplot-nox libjson-c-dev libgsl-dev libxml2-utils
PKGS += gsl

RESULTS_CORE := results/rundir.c results/textfile.c results/store.c \
	results/stats.c results/verdict.c results/known.c results/select.c \
	results/compare.c results/format.c
SWAPLAB_SRCS += $(RESULTS_CORE) results/import.c results/table.c \
	results/compare_show.c results/cli.c results/cmd_compare.c \
	results/markup.c results/export_junit.c results/export_kcidb.c \
	results/cmd_export.c

UNIT_TESTS += test_results_rundir test_results_stats test_results_known \
	test_results_select test_results_store
test_results_rundir_SRCS := tests/unit/test_results_rundir.c results/rundir.c \
	results/textfile.c
test_results_stats_SRCS := tests/unit/test_results_stats.c results/stats.c \
	results/verdict.c
test_results_known_SRCS := tests/unit/test_results_known.c results/known.c \
	results/textfile.c
test_results_select_SRCS := tests/unit/test_results_select.c results/select.c
test_results_store_SRCS := tests/unit/test_results_store.c $(RESULTS_CORE)

.PHONY: report
report: lab-build
