// SPDX-License-Identifier: GPL-2.0
/*
 * The run directory's JSON files, byte for byte as run_dir.c wrote them
 * when it read kernel/out/ and libvirt itself: the inputs are the same, the
 * host, versions and kernel builds now come from lab_info_of_config().
 */
#include <glib.h>
#include <json-c/json.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "../../scenarios/run_dir.h"

/* Written by run_dir.c before lab_info (6f49e11) from the same inputs. */
static const char meta_format[] =
	"{\n"
	"  \"schema\": 1,\n"
	"  \"id\": \"20261203-101500-t-patched-r2\",\n"
	"  \"suite\": \"20261203-101500\",\n"
	"  \"scenario\": \"t\",\n"
	"  \"scenario_file\": \"scenarios\\/default\\/t.scn\",\n"
	"  \"scenario_hash\": \"68fb394b95d08eeab97dafa468f39eef010abe82b958a72a7db64a92540a9dec\",\n"
	"  \"label\": \"patched\",\n"
	"  \"repetition\": 2,\n"
	"  \"kernel\": {\n"
	"    \"variant\": \"patched\",\n"
	"    \"release\": \"6.12.118-swaplab-patched\",\n"
	"    \"config_hash\": \"f4c50e10a4d9966914f408025e47bc610b1b86f999e5ca6867d390e64146c6c2\",\n"
	"    \"series_hash\": \"5eed\",\n"
	"    \"commit\": \"0123456789abcdef0123456789abcdef01234567\",\n"
	"    \"key\": \"k3y\"\n"
	"  },\n"
	"  \"server_kernel\": {\n"
	"    \"variant\": \"stock\",\n"
	"    \"release\": \"6.12.118-swaplab-stock\"\n"
	"  },\n"
	"  \"swap_target\": \"nfs4.2\",\n"
	"  \"params\": {\n"
	"    \"client_mem_mib\": 256,\n"
	"    \"client_cpus\": 1,\n"
	"    \"swap_size_mib\": 1024,\n"
	"    \"scenario\": {\n"
	"      \"labels\": \"patched stock\",\n"
	"      \"client_mem\": \"256M\",\n"
	"      \"swap\": \"nfs4.2\",\n"
	"      \"swap_size\": \"1G\",\n"
	"      \"checks\": \"workloads\",\n"
	"      \"metrics\": \"elapsed\",\n"
	"      \"description\": \"\",\n"
	"      \"client_cpus\": \"1\",\n"
	"      \"repetitions\": \"3\",\n"
	"      \"min_swapout\": \"64M\",\n"
	"      \"min_swapin\": \"64M\",\n"
	"      \"min_nfs_write\": \"64M\",\n"
	"      \"min_nfs_read\": \"64M\",\n"
	"      \"min_smb_write\": \"64M\",\n"
	"      \"min_smb_read\": \"64M\",\n"
	"      \"oom_allowed\": \"\",\n"
	"      \"cmdline\": \"\",\n"
	"      \"sample\": \"0\",\n"
	"      \"soak\": \"0\",\n"
	"      \"expect_fail\": \"\"\n"
	"    },\n"
	"    \"swapguard\": {\n"
	"      \"timeout\": \"5m\",\n"
	"      \"concurrent\": \"no\",\n"
	"      \"delay\": \"0\"\n"
	"    }\n"
	"  },\n"
	"  \"host\": {\n"
	"    \"libvirt\": \"%s\",\n"
	"    \"qemu\": \"7.2.22\",\n"
	"    \"accel\": \"tcg\",\n"
	"    \"cpus\": %ld\n"
	"  },\n"
	"  \"started\": \"2026-12-03T10:15:00Z\",\n"
	"  \"finished\": \"2026-12-03T10:19:12Z\",\n"
	"  \"verdict\": \"error\",\n"
	"  \"error\": \"lab up failed: no\"\n"
	"}";
static const char checks_json[] =
	"[\n"
	"  {\n"
	"    \"name\": \"workloads\",\n"
	"    \"verdict\": \"fail\",\n"
	"    \"reason\": \"swapguard exited 1\"\n"
	"  }\n"
	"]";
static const char metrics_json[] =
	"[\n"
	"  {\n"
	"    \"name\": \"elapsed_s\",\n"
	"    \"value\": 12.5,\n"
	"    \"unit\": \"s\",\n"
	"    \"direction\": \"lower\"\n"
	"  }\n"
	"]";
static const char workloads_json[] =
	"[\n"
	"  {\n"
	"    \"name\": \"swapguard\",\n"
	"    \"started\": true,\n"
	"    \"finished\": false,\n"
	"    \"status\": 1,\n"
	"    \"elapsed_s\": 3.25\n"
	"  }\n"
	"]";

static const char scenario_text[] =
	"[scenario]\nlabels = patched stock\nclient_mem = 256M\nswap = nfs4.2\n"
	"swap_size = 1G\nchecks = workloads\nmetrics = elapsed\n\n"
	"[swapguard]\ntimeout = 5m\n";

static char *root;

static void put(const char *dir, const char *name, const char *text)
{
	char *path = g_build_filename(dir, name, NULL);

	assert_true(g_file_set_contents(path, text, -1, NULL));
	g_free(path);
}

static char *slurp(const char *dir, const char *name)
{
	char *path = g_build_filename(dir, name, NULL), *text = NULL;

	assert_true(g_file_get_contents(path, &text, NULL, NULL));
	g_free(path);
	return text;
}

static int setup(void **state)
{
	char *cache, *out;

	root = g_dir_make_tmp("swaplab-rundir-XXXXXX", NULL);
	cache = g_build_filename(root, "cache", NULL);
	out = g_build_filename(cache, "kernel", "out", "patched", NULL);
	g_mkdir_with_parents(out, 0755);
	put(out, "config", "CONFIG_SWAP=y\n");
	put(out, "series_hash", "5eed\nsecond line\n");
	put(out, "commit", "0123456789abcdef0123456789abcdef01234567\n");
	put(out, "key", "k3y");
	setenv("SWAPLAB_CACHE", cache, 1);
	g_free(out);
	g_free(cache);
	return 0;
}

static int teardown(void **state)
{
	char *cmd = g_strdup_printf("rm -rf '%s'", root);

	assert_int_equal(system(cmd), 0);
	g_free(cmd);
	g_free(root);
	return 0;
}

/* One run of the fixture scenario on @label: its run directory's path. */
static char *write_run(const char *label, struct lab_info *info)
{
	char err[256];
	struct scenario *scn = scenario_parse_text("scenarios/default/t.scn", scenario_text,
						   err, sizeof(err));
	struct lab_config cfg;
	struct run_plan plan = { .scn = scn, .label = label_find(label), .rep = 2,
				 .suite = "20261203-101500", .prefix = "swl" };
	struct run_meta meta = {
		.suite = "20261203-101500", .swap_target = "nfs4.2",
		.started = "2026-12-03T10:15:00Z", .finished = "2026-12-03T10:19:12Z",
		.client_release = "6.12.118-swaplab-patched",
		.server_release = "6.12.118-swaplab-stock", .lab = info,
	};
	struct run_result res = { .id = "20261203-101500-t-patched-r2",
				  .verdict = VERDICT_ERROR, .error = "lab up failed: no" };
	char *out = g_build_filename(root, label, NULL);
	char *tmp = g_build_filename(out, "x.tmp", NULL);
	char *logs = g_build_filename(tmp, "logs", NULL);
	struct workload_status *w;
	struct evidence ev;
	char *dir;

	assert_non_null(scn);
	g_mkdir_with_parents(logs, 0755);
	lab_config_init(&cfg);
	cfg.prefix = plan.prefix;
	cfg.client_kernel = plan.label->client_kernel;
	lab_info_of_config(&cfg, info);
	/* what lab_info() adds for a lab that is up */
	info->accel = "tcg";
	snprintf(info->qemu, sizeof(info->qemu), "7.2.22");
	plan.out_dir = out;
	res.checks = calloc(1, sizeof(*res.checks));
	res.nchecks = 1;
	strcpy(res.checks[0].name, "workloads");
	res.checks[0].verdict = VERDICT_FAIL;
	strcpy(res.checks[0].reason, "swapguard exited 1");
	metric_add(&res.metrics, "elapsed_s", 12.5, "s", false);
	metric_add(&res.metrics, "swapout_mibps", NAN, "MiB/s", true);
	evidence_init(&ev, scn, "nfs4.2", logs);
	w = evidence_add_workload(&ev, "swapguard");
	w->started = true;
	w->status = 1;
	w->elapsed_s = 3.25;
	assert_int_equal(run_dir_write(tmp, &plan, &meta, &res, &ev), 0);
	dir = g_build_filename(out, res.id, NULL);
	evidence_free(&ev);
	run_result_free(&res);
	scenario_free(scn);
	g_free(logs);
	g_free(tmp);
	g_free(out);
	return dir;
}

static void test_files_as_before(void **state)
{
	struct lab_info info;
	char *dir = write_run("patched", &info);
	char *meta = slurp(dir, "meta.json"), *text;
	char *want = g_strdup_printf(meta_format, info.libvirt,
				     sysconf(_SC_NPROCESSORS_ONLN));

	assert_string_equal(meta, want);
	text = slurp(dir, "checks.json");
	assert_string_equal(text, checks_json);
	g_free(text);
	text = slurp(dir, "metrics.json");
	assert_string_equal(text, metrics_json);
	g_free(text);
	text = slurp(dir, "logs/workloads.json");
	assert_string_equal(text, workloads_json);
	g_free(text);
	g_free(want);
	g_free(meta);
	g_free(dir);
	lab_info_free(&info);
}

/* A variant with no build files: its kernel's facts are "", as before. */
static void test_unbuilt_kernel_is_empty(void **state)
{
	static const char *const keys[] = { "config_hash", "series_hash", "commit", "key" };
	struct lab_info info;
	char *dir = write_run("stock", &info);
	char *meta = slurp(dir, "meta.json");
	json_object *m = json_tokener_parse(meta), *k = json_object_object_get(m, "kernel");
	size_t i;

	assert_string_equal(json_object_get_string(json_object_object_get(k, "variant")), "stock");
	for (i = 0; i < 4; i++)
		assert_string_equal(json_object_get_string(json_object_object_get(k, keys[i])), "");
	assert_int_equal(json_object_object_length(k), 6);
	json_object_put(m);
	g_free(meta);
	g_free(dir);
	lab_info_free(&info);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_files_as_before),
		cmocka_unit_test(test_unbuilt_kernel_is_empty),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
