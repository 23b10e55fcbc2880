# Results: SQLite store, compare, exports, dashboard.
# libgsl-dev: Student's t distribution for Welch's t-test.  chromium: the
# dashboard test renders the site in a real (headless) browser.
PACKAGES += libsqlite3-dev sqlite3 gnuplot-nox libjson-c-dev libgsl-dev chromium \
	libxml2-utils
PKGS += gsl

RESULTS_CORE := results/rundir.c results/textfile.c results/store.c \
	results/stats.c results/verdict.c results/known.c results/select.c \
	results/compare.c results/format.c
SWAPLAB_SRCS += $(RESULTS_CORE) results/import.c results/table.c \
	results/compare_show.c results/cmd_args.c results/cmd_compare.c \
	results/markup.c results/export_junit.c results/export_kcidb.c \
	results/cmd_export.c results/run_tool.c results/dashboard.c \
	results/dash_style.c results/dash_graphs.c results/dash_run.c results/dash_samples.c \
	results/dash_index.c results/cmd_report.c

UNIT_TESTS += test_results_rundir test_results_stats test_results_known \
	test_results_select test_results_store test_results_markup \
	test_results_textfile
test_results_rundir_SRCS := tests/unit/test_results_rundir.c results/rundir.c \
	results/textfile.c
test_results_stats_SRCS := tests/unit/test_results_stats.c results/stats.c \
	results/verdict.c
test_results_known_SRCS := tests/unit/test_results_known.c results/known.c \
	results/textfile.c
test_results_textfile_SRCS := tests/unit/test_results_textfile.c results/textfile.c
test_results_select_SRCS := tests/unit/test_results_select.c results/select.c
test_results_store_SRCS := tests/unit/test_results_store.c $(RESULTS_CORE)
test_results_markup_SRCS := tests/unit/test_results_markup.c results/markup.c \
	results/dashboard.c

.PHONY: report
# Import whatever `make run` wrote, then write the dashboard even when a
# malformed run directory was skipped; the exit status still says so.
report: lab-build
	@st=0; lab/swaplab import || st=$$?; \
	lab/swaplab report && exit $$st
