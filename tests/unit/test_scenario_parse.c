// SPDX-License-Identifier: GPL-2.0
/* The scenario parser: good files parse, every kind of mistake is named. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../scenarios/registry.h"

static char err[1024];

static struct scenario *parse(const char *text)
{
	err[0] = '\0';
	return scenario_parse_text("t.scn", text, err, sizeof(err));
}

static void expect_error(const char *text, const char *needle)
{
	struct scenario *s = parse(text);

	assert_null(s);
	if (!strstr(err, needle))
		fail_msg("error '%s' lacks '%s'", err, needle);
}

static const char good[] =
	"# a comment\n"
	"[scenario]\n"
	"description = anonymous memory through swap\n"
	"labels = patched, stock local\n"
	"client_mem = 256M\n"
	"swap = nfs3\n"
	"swap_size = 2x\n"
	"repetitions = 2\n"
	"checks = content client-log\n"
	"\n"
	"[swapverify]\n"
	"size = 1.5x\n"
	"hold = 2m\n"
	"\n"
	"[stress-ng]\n"
	"vm_methods = flip walk-1d\n"
	"duration = 20s\n"
	"concurrent = yes\n"
	"[corrupt-swap]\n"
	"from = 10\n";

static void test_good_file(void **state)
{
	struct scenario *s = parse(good);
	const struct scn_section *sv, *sng;

	assert_non_null(s);
	assert_string_equal(s->name, "t");
	assert_int_equal(strlen(s->hash), 64);
	assert_int_equal(scenario_client_mem_mib(s), 256);
	assert_string_equal(scn_text(&s->global, "swap"), "nfs3");
	assert_int_equal(scn_size_mib(&s->global, "swap_size", 256), 512);
	assert_int_equal(scn_get(&s->global, "labels")->nwords, 3);
	assert_true(scn_has_word(&s->global, "checks", "content"));
	assert_false(scn_has_word(&s->global, "checks", "stress-ng"));
	sv = scenario_section(s, "swapverify");
	assert_non_null(sv);
	assert_int_equal(scn_size_mib(&sv->params, "size", 256), 384);
	assert_int_equal(scn_num(&sv->params, "hold"), 120);
	assert_int_equal(scn_num(&sv->params, "passes"), 1);	/* default */
	sng = scenario_section(s, "stress-ng");
	assert_true(scn_flag(&sng->params, "concurrent"));
	assert_false(scn_flag(&sv->params, "concurrent"));
	assert_string_equal(scn_text(&scenario_section(s, "corrupt-swap")->params,
				     "after"), "swapverify");
	scenario_free(s);
}

/* memory_high puts stress-ng in a cgroup of its own, sized from client_mem. */
static void test_stress_ng_cgroup(void **state)
{
	struct scenario *s = parse("[scenario]\nclient_mem = 256M\n[stress-ng]\n"
				   "vm_bytes = 0.25x\nvm_methods = rand-set\nstressors =\n"
				   "memory_high = 0.125x\n");
	struct workload_ctx ctx = { .dir = "/tmp", .client_mem_mib = 256 };
	const struct scn_section *sng;
	char *cmd;

	assert_non_null(s);
	sng = scenario_section(s, "stress-ng");
	ctx.params = &sng->params;
	cmd = sng->workload->command(&ctx);
	assert_non_null(strstr(cmd, "echo 32M > $cg/memory.high && echo $$ > $cg/cgroup.procs"));
	assert_non_null(strstr(cmd, "--vm-bytes 64M --vm-keep --vm-method rand-set"));
	assert_non_null(strstr(cmd, "rmdir $cg\nexit $rc"));
	free(cmd);
	scenario_free(s);

	s = parse("[scenario]\n[stress-ng]\n");
	sng = scenario_section(s, "stress-ng");
	ctx.params = &sng->params;
	cmd = sng->workload->command(&ctx);
	assert_null(strstr(cmd, "cgroup"));
	free(cmd);
	scenario_free(s);
}

static void test_defaults(void **state)
{
	struct scenario *s = parse("[scenario]\n[swapverify]\n");

	assert_non_null(s);
	assert_int_equal(scn_num(&s->global, "repetitions"), 3);
	assert_int_equal(scenario_client_mem_mib(s), 320);
	assert_true(scn_has_word(&s->global, "checks", "nfs-traffic"));	/* all */
	assert_int_equal(scn_get(&s->global, "oom_allowed")->nwords, 0);
	scenario_free(s);
}

static void test_unknown_key(void **state)
{
	expect_error("[scenario]\n[swapverify]\nsise = 1G\n",
		     "t.scn:3: unknown key 'sise' in [swapverify] (known: size,");
}

static void test_unknown_section(void **state)
{
	expect_error("[scenario]\n\n[swapverfy]\n", "t.scn:3: unknown section [swapverfy]");
}

static void test_bad_size(void **state)
{
	expect_error("[scenario]\nclient_mem = 12Q\n[swapverify]\n",
		     "t.scn:2: [scenario] bad value '12Q' for client_mem");
	expect_error("[scenario]\nclient_mem = 1M\n[swapverify]\n",
		     "t.scn:2: [scenario] client_mem = 1048576 is out of range");
	expect_error("[scenario]\nclient_mem = 2x\n[swapverify]\n",
		     "t.scn:2: [scenario] client_mem must be a size");
}

static void test_bad_words(void **state)
{
	expect_error("[scenario]\nlabels = patched stok\n[swapverify]\n",
		     "t.scn:2: [scenario] 'stok' is not a valid labels");
	expect_error("[scenario]\nswap = nfs5\n[swapverify]\n",
		     "'nfs5' is not a valid swap (one of: nfs4.2, nfs3, smb3, local, loop-nfs)");
	expect_error("[scenario]\nchecks = content kasan\n[swapverify]\n",
		     "'kasan' is not a valid checks");
	expect_error("[scenario]\n[stress-ng]\nvm_methods = flip flap\n",
		     "t.scn:3: [stress-ng] 'flap' is not a valid vm_methods");
}

static void test_structure(void **state)
{
	expect_error("", "t.scn:1: empty scenario");
	expect_error("size = 1\n", "t.scn:1: 'size' outside a section");
	expect_error("[swapverify]\n", "t.scn:1: the file must start with a [scenario]");
	expect_error("[scenario]\n", "no workload section");
	expect_error("[scenario]\nrepetitions = 2\nrepetitions = 3\n[swapverify]\n",
		     "t.scn:3: key 'repetitions' given twice");
	expect_error("[scenario]\n[swapverify]\n[swapverify]\n",
		     "t.scn:3: section [swapverify] given twice");
	expect_error("[scenario]\nrepetitions\n", "t.scn:2: expected 'key = value'");
	expect_error("[scenario]\nrepetitions =\n", "t.scn:2: key 'repetitions' in [scenario] has no value");
	expect_error("[scenario\n", "t.scn:1: bad section header");
	expect_error("[scenario]\nrepetitions = 0\n[swapverify]\n", "out of range");
	expect_error("[scenario]\n[swapverify]\nhold = 5 minutes\n",
		     "bad value '5 minutes' for hold: expected a duration");
	expect_error("[scenario]\n[swapverify]\ncgroup = maybe\n",
		     "bad value 'maybe' for cgroup: expected yes or no");
}

static void test_fault_needs_workload(void **state)
{
	expect_error("[scenario]\n[fio]\n[corrupt-swap]\nafter = fio\n",
		     "t.scn:4: [corrupt-swap] after = fio: that workload cannot say");
	expect_error("[scenario]\n[fio]\n[corrupt-swap]\n",
		     "t.scn:3: [corrupt-swap] after = swapverify: no such workload section");
}

/* Options that are each valid but do not fit together are named too. */
static void test_workload_validate(void **state)
{
	expect_error("[scenario]\n[fio]\nsize = 1M\nbs = 2M\n",
		     "t.scn:4: [fio] bs = 2097152 is larger than size = 1048576 bytes");
	expect_error("[scenario]\n[fio]\nsize = 2x\n",
		     "t.scn:3: [fio] size must be a size such as 32M");
}

/* The typed options a workload's command reads are those of the file. */
static void test_typed_options(void **state)
{
	struct scenario *s = parse(good);
	const struct scn_section *sng;
	const struct scn_words *methods;

	assert_non_null(s);
	sng = scenario_section(s, "stress-ng");
	assert_non_null(sng->params.opts);
	assert_true(sng->common.concurrent);
	assert_int_equal(sng->common.timeout_s, 0);
	methods = (const struct scn_words *)((const char *)sng->params.opts +
		scn_find_option(sng->workload->options, "vm_methods")->offset);
	assert_int_equal(methods->n, 2);
	assert_string_equal(methods->words[1], "walk-1d");
	assert_string_equal(scenario_section(s, "corrupt-swap")->common.after, "swapverify");
	assert_int_equal(scenario_section(s, "corrupt-swap")->common.rounds, 1);
	scenario_free(s);
}

static size_t field_size(enum scn_type type)
{
	switch (type) {
	case SCN_UINT:
	case SCN_DURATION:
		return sizeof(uint64_t);
	case SCN_SIZE:
		return sizeof(struct scn_size);
	case SCN_BOOL:
		return sizeof(bool);
	case SCN_LIST:
		return sizeof(struct scn_words);
	default:
		return sizeof(const char *);
	}
}

/* Each option has a field of its own inside its owner's struct. */
static void check_fields(const char *owner, const struct scn_option *table, size_t size)
{
	const struct scn_option *a, *b;

	for (a = table; a->key; a++) {
		if (a->offset + field_size(a->type) > size)
			fail_msg("%s: %s lies past its struct (%zu bytes)", owner, a->key, size);
		for (b = table; b < a; b++)
			if (a->offset < b->offset + field_size(b->type) &&
			    b->offset < a->offset + field_size(a->type))
				fail_msg("%s: %s and %s share a field (no SCN_FIELD?)", owner,
					 b->key, a->key);
	}
}

static void test_option_tables(void **state)
{
	int i;

	for (i = 0; workloads[i]; i++)
		check_fields(workloads[i]->name, workloads[i]->options, workloads[i]->opts_size);
	for (i = 0; faults[i]; i++)
		check_fields(faults[i]->name, faults[i]->options, faults[i]->opts_size);
	check_fields("workload sections", workload_common_options, sizeof(struct scn_common));
	check_fields("fault sections", fault_common_options, sizeof(struct scn_common));
}

/* Every scenario of the repository parses (run from the top, as make does). */
static void test_every_scenario_file(void **state)
{
	glob_t g;
	size_t i;

	assert_int_equal(glob("scenarios/*/*.scn", 0, NULL, &g), 0);
	assert_true(g.gl_pathc >= 10);
	for (i = 0; i < g.gl_pathc; i++) {
		struct scenario *s = scenario_load(g.gl_pathv[i], err, sizeof(err));

		if (!s)
			fail_msg("%s", err);
		scenario_free(s);
	}
	globfree(&g);
}

/* A fault is injected once by default; rounds and interval are bounded. */
static void test_fault_rounds(void **state)
{
	struct scenario *s = parse(good);
	const struct scn_section *f;

	assert_non_null(s);
	f = scenario_section(s, "corrupt-swap");
	assert_int_equal(scn_num(&f->params, "rounds"), 1);
	assert_int_equal(scn_num(&f->params, "interval"), 20);
	scenario_free(s);
	s = parse("[scenario]\n[swapverify]\n[corrupt-swap]\nrounds = 4\ninterval = 15s\n");
	assert_non_null(s);
	f = scenario_section(s, "corrupt-swap");
	assert_int_equal(scn_num(&f->params, "rounds"), 4);
	assert_int_equal(scn_num(&f->params, "interval"), 15);
	scenario_free(s);
	expect_error("[scenario]\n[swapverify]\n[corrupt-swap]\nrounds = 0\n", "out of range");
	expect_error("[scenario]\n[swapverify]\n[corrupt-swap]\nrounds = 11\n", "out of range");
	expect_error("[scenario]\n[swapverify]\n[corrupt-swap]\ninterval = 2h\n", "out of range");
}

static void test_load_missing_file(void **state)
{
	assert_null(scenario_load("/nonexistent/x.scn", err, sizeof(err)));
	assert_non_null(strstr(err, "/nonexistent/x.scn: No such file"));
}

/* A soak sets each workload's duration and keeps its timeout's margin. */
static void test_soak(void **state)
{
	struct scenario *s = parse("[scenario]\nsoak = 1h\n[stress-ng]\nduration = 480s\n"
				   "timeout = 15m\n[swapverify]\n");

	if (!s)
		fail_msg("%s", err);
	assert_int_equal(scn_num(&s->global, "soak"), 3600);
	assert_int_equal(scenario_apply_soak(s, 7200, err, sizeof(err)), 0);
	assert_int_equal(scn_num(&s->global, "soak"), 7200);
	/* stress-ng: 420 s of margin is raised to 15 min */
	assert_int_equal(scn_num(&s->sections[0].params, "duration"), 7200);
	assert_int_equal(scn_num(&s->sections[0].params, "timeout"), 7200 + 900);
	assert_string_equal(scn_get(&s->sections[0].params, "duration")->raw, "7200s");
	/* swapverify has no duration: untouched */
	assert_int_equal(scn_num(&s->sections[1].params, "timeout"), 0);
	scenario_free(s);

	/* no timeout written: the margin over stress-ng's default (3600 s) */
	s = parse("[scenario]\n[stress-ng]\nduration = 30s\n");
	if (!s)
		fail_msg("%s", err);
	assert_int_equal(scenario_apply_soak(s, 600, err, sizeof(err)), 0);
	assert_int_equal(scn_num(&s->sections[0].params, "timeout"), 600 + 3600 - 30);
	scenario_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_file),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_unknown_key),
		cmocka_unit_test(test_unknown_section),
		cmocka_unit_test(test_stress_ng_cgroup),
		cmocka_unit_test(test_bad_size),
		cmocka_unit_test(test_bad_words),
		cmocka_unit_test(test_structure),
		cmocka_unit_test(test_fault_needs_workload),
		cmocka_unit_test(test_fault_rounds),
		cmocka_unit_test(test_workload_validate),
		cmocka_unit_test(test_typed_options),
		cmocka_unit_test(test_every_scenario_file),
		cmocka_unit_test(test_option_tables),
		cmocka_unit_test(test_load_missing_file),
		cmocka_unit_test(test_soak),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
