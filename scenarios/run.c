// SPDX-License-Identifier: GPL-2.0
/*
 * `swaplab run`: a suite.  Every scenario file is parsed and every kernel
 * checked before any lab boots, so bad input costs nothing.  Runs are
 * interleaved per repetition (patched, stock, local, patched, stock, local,
 * ...) so slow drifts of the host hit every label alike.
 */
#include <dirent.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "lab.h"
#include "../common/exit_codes.h"
#include "lab_info.h"
#include "run.h"
#include "../results/known.h"

#define DEFAULT_SCENARIOS "scenarios/default"
#define DEFAULT_OUT "results/runs"
#define MAX_SCENARIOS 64

volatile int run_interrupted;

struct suite {
	struct scenario *scn[MAX_SCENARIOS];
	size_t nscn;
	const struct label *labels[8];	/* --variants, else each scenario's */
	size_t nlabels;
	unsigned int reps;		/* --reps, else each scenario's */
	const char *out_dir;
	const char *prefix;
	bool list_kernels;		/* --kernels: name them, run nothing */
	uint64_t soak_s;		/* --soak: replaces soak scenarios' soak */
	char id[32];
};

static void option_lines(FILE *f, const struct scn_option *opt)
{
	for (; opt->key; opt++)
		fprintf(f, "    %-16s %s%s%s%s\n", opt->key, opt->help,
			opt->def && *opt->def ? " (default: " : "",
			opt->def && *opt->def ? opt->def : "",
			opt->def && *opt->def ? ")" : "");
}

static void usage(FILE *f)
{
	int i;

	fprintf(f, "usage: swaplab [--prefix NAME] [--json] run [--reps N] [--variants LIST]\n"
		   "                [--out DIR] [--soak DURATION] [SCENARIO_FILE|DIR ...]\n\n"
		   "Runs each scenario on each label, interleaved per repetition, one lab\n"
		   "per run, and writes results/runs/<id>/ (docs/design.md).  Default\n"
		   "scenarios: " DEFAULT_SCENARIOS "/.  Exit 0 when every check of every run\n"
		   "passed, 1 when a check failed (a client panic during the workloads\n"
		   "is one), 2 on bad input, 3 when a run broke (boot, hang, timeout,\n"
		   "a server panic), 4 on a missing kernel.\n\n"
		   "  --reps N          repetitions of each (default: the scenario's)\n"
		   "  --variants LIST   labels, comma separated (default: the scenario's)\n"
		   "  --out DIR         where run directories go (default " DEFAULT_OUT ")\n"
		   "  --kernels         print the kernel variants the runs boot (the\n"
		   "                    server's and the labels'), one a line, and exit\n"
		   "  --soak DURATION   how long soak scenarios run (default: their soak\n"
		   "                    key, 1h in scenarios/soak/)\n\n"
		   "labels:\n");
	for (i = 0; labels[i]; i++)
		fprintf(f, "  %-10s %s\n", labels[i]->name, labels[i]->help);
	fprintf(f, "\nscenario files: [scenario], then one section per workload or fault\n"
		   "[scenario]\n");
	option_lines(f, scenario_options);
	fprintf(f, "workload sections (each also takes: concurrent, timeout):\n");
	for (i = 0; workloads[i]; i++) {
		fprintf(f, "  [%s] %s\n", workloads[i]->name, workloads[i]->help);
		option_lines(f, workloads[i]->options);
	}
	fprintf(f, "  common:\n");
	option_lines(f, workload_common_options);
	fprintf(f, "fault sections:\n");
	for (i = 0; faults[i]; i++) {
		fprintf(f, "  [%s] %s\n", faults[i]->name, faults[i]->help);
		option_lines(f, fault_common_options);
		option_lines(f, faults[i]->options);
	}
	fprintf(f, "\n");
	fprintf(f, "checks (for checks =):\n");
	for (i = 0; check_table()[i]; i++)
		fprintf(f, "  %-12s %s\n", check_table()[i]->name, check_table()[i]->help);
	fprintf(f, "metrics (for metrics =):\n");
	for (i = 0; metric_table()[i]; i++)
		fprintf(f, "  %-13s %s\n", metric_table()[i]->name, metric_table()[i]->help);
}

static int add_scenario(struct suite *su, const char *path)
{
	char err[1024];

	if (su->nscn == MAX_SCENARIOS) {
		fprintf(stderr, "swaplab run: more than %d scenarios\n", MAX_SCENARIOS);
		return -1;
	}
	su->scn[su->nscn] = scenario_load(path, err, sizeof(err));
	if (!su->scn[su->nscn]) {
		fprintf(stderr, "swaplab run: %s\n", err);
		return -1;
	}
	su->nscn++;
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int scn_filter(const struct dirent *d)
{
	size_t len = strlen(d->d_name);

	return len > 4 && !strcmp(d->d_name + len - 4, ".scn");
}

/* A directory stands for its *.scn files, in name order. */
static int add_path(struct suite *su, const char *path)
{
	struct dirent **list;
	char file[4096];
	struct stat st;
	int n, i, ret = 0;

	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return add_scenario(su, path);
	n = scandir(path, &list, scn_filter, by_name);
	if (n <= 0) {
		fprintf(stderr, "swaplab run: %s has no .scn files\n", path);
		return -1;
	}
	for (i = 0; i < n; i++) {
		snprintf(file, sizeof(file), "%s/%s", path, list[i]->d_name);
		if (!ret)
			ret = add_scenario(su, file);
		free(list[i]);
	}
	free(list);
	return ret;
}

static int parse_variants(struct suite *su, const char *text)
{
	char *copy = strdup(text), *save = NULL, *w;
	int ret = 0;

	for (w = strtok_r(copy, ", ", &save); w && !ret; w = strtok_r(NULL, ", ", &save)) {
		if (su->nlabels == sizeof(su->labels) / sizeof(su->labels[0])) {
			fprintf(stderr, "swaplab run: --variants: too many\n");
			ret = -1;
		} else if (!(su->labels[su->nlabels++] = label_find(w))) {
			fprintf(stderr, "swaplab run: unknown variant '%s' (see swaplab run --help)\n", w);
			ret = -1;
		}
	}
	free(copy);
	return ret;
}

/* Labels of a scenario in this suite. */
static size_t scenario_labels(const struct suite *su, const struct scenario *s,
			      const struct label **out)
{
	const struct scn_value *v = scn_get(&s->global, "labels");
	size_t i;

	if (su->nlabels) {
		memcpy(out, su->labels, su->nlabels * sizeof(*out));
		return su->nlabels;
	}
	for (i = 0; i < v->nwords && i < 8; i++)
		out[i] = label_find(v->words[i]);
	return i;
}

static unsigned int scenario_reps(const struct suite *su, const struct scenario *s)
{
	return su->reps ? su->reps : scn_num(&s->global, "repetitions");
}

/* Add @kernel to @out unless it is there. */
static void add_kernel(const char *kernel, const char *out[], size_t *nout, size_t max)
{
	size_t k;

	for (k = 0; k < *nout && strcmp(out[k], kernel); k++)
		;
	if (k == *nout && *nout < max)
		out[(*nout)++] = kernel;
}

/*
 * The kernel variants the suite boots, each once: the labels' client
 * kernels, then the server's (stock).  make run builds just these.
 */
static size_t suite_kernels(const struct suite *su, const char *out[], size_t max)
{
	const struct label *lbl[8];
	size_t i, l, n, nout = 0;

	for (i = 0; i < su->nscn; i++) {
		n = scenario_labels(su, su->scn[i], lbl);
		for (l = 0; l < n; l++)
			add_kernel(lbl[l]->client_kernel, out, &nout, max);
	}
	add_kernel("stock", out, &nout, max);
	return nout;
}

/* Every kernel the suite boots is built, before anything starts. */
static int check_kernels(const struct suite *su)
{
	const char *kernels[16];
	size_t i, n = suite_kernels(su, kernels, 16);

	for (i = 0; i < n; i++) {
		if (lab_kernel_check(kernels[i])) {
			fprintf(stderr, "swaplab run: %s\n", lab_strerror());
			return -1;
		}
	}
	return 0;
}

/* Never take over or tear down a lab someone else brought up. */
static int check_prefix_free(const char *prefix)
{
	struct lab *lab;

	if (lab_attach(prefix, &lab))
		return 0;
	lab_free(lab);
	fprintf(stderr, "swaplab run: a lab '%s' is up already: tear it down with "
		"'swaplab --prefix %s down' or run with another --prefix\n", prefix, prefix);
	return -1;
}

static int parse_soak(struct suite *su, const char *text)
{
	struct scn_value v;
	char err[256] = "it is 0";
	int bad;

	bad = scn_parse_value(scn_find_option(scenario_options, "soak"), text, &v, err,
			      sizeof(err)) || !v.num;
	if (bad)
		fprintf(stderr, "swaplab run: --soak '%s': give a duration such as 1h or "
			"90m, up to 7 days (%s)\n", text, err);
	su->soak_s = v.num;
	scn_value_clear(&v);
	return bad ? -1 : 0;
}

/* A soak scenario (soak > 0) runs for its soak, or for --soak if given. */
static int apply_soaks(struct suite *su)
{
	char err[512];
	size_t i, soaks = 0;

	for (i = 0; i < su->nscn; i++) {
		uint64_t soak = scn_num(&su->scn[i]->global, "soak");

		if (!soak)
			continue;
		soaks++;
		if (scenario_apply_soak(su->scn[i], su->soak_s ?: soak, err, sizeof(err))) {
			fprintf(stderr, "swaplab run: %s\n", err);
			return -1;
		}
	}
	if (su->soak_s && !soaks) {
		fprintf(stderr, "swaplab run: --soak: none of these scenarios is a soak "
			"(scenarios/soak/, or soak = DURATION in [scenario])\n");
		return -1;
	}
	return 0;
}

static int parse_args(struct suite *su, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "reps", required_argument, NULL, 'r' },
		{ "variants", required_argument, NULL, 'v' },
		{ "out", required_argument, NULL, 'o' },
		{ "kernels", no_argument, NULL, 'k' },
		{ "soak", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	char *end;
	int c, i;

	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			su->reps = strtoul(optarg, &end, 10);
			if (*end || !su->reps || su->reps > 100) {
				fprintf(stderr, "swaplab run: --reps '%s': give a number from 1 to 100\n",
					optarg);
				return -1;
			}
			break;
		case 'v':
			if (parse_variants(su, optarg))
				return -1;
			break;
		case 'o':
			su->out_dir = optarg;
			break;
		case 'k':
			su->list_kernels = true;
			break;
		case 's':
			if (parse_soak(su, optarg))
				return -1;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			fprintf(stderr, "swaplab run: see swaplab run --help\n");
			return -1;
		}
	}
	if (optind == argc) {
		if (add_path(su, DEFAULT_SCENARIOS))
			return -1;
	} else {
		for (i = optind; i < argc; i++)
			if (add_path(su, argv[i]))
				return -1;
	}
	return apply_soaks(su);
}

/* The lab gives up its waits too, so the run ends (and tears down) soon. */
static void on_signal(int sig)
{
	run_interrupted = 1;
	lab_stop_requested = 1;
}

static void catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static size_t count_runs(const struct suite *su)
{
	const struct label *lbl[8];
	size_t i, n = 0;

	for (i = 0; i < su->nscn; i++)
		n += scenario_reps(su, su->scn[i]) * scenario_labels(su, su->scn[i], lbl);
	return n;
}

static unsigned int max_reps(const struct suite *su)
{
	unsigned int m = 0;
	size_t i;

	for (i = 0; i < su->nscn; i++)
		if (scenario_reps(su, su->scn[i]) > m)
			m = scenario_reps(su, su->scn[i]);
	return m;
}

static size_t run_suite(struct suite *su, struct run_result *runs, size_t total)
{
	struct run_plan plan = { .suite = su->id, .out_dir = su->out_dir,
				 .prefix = su->prefix };
	const struct label *lbl[8];
	unsigned int rep;
	size_t n = 0, i, l, nl;

	for (rep = 1; rep <= max_reps(su); rep++) {
		for (i = 0; i < su->nscn; i++) {
			if (rep > scenario_reps(su, su->scn[i]))
				continue;
			nl = scenario_labels(su, su->scn[i], lbl);
			for (l = 0; l < nl && !run_interrupted; l++) {
				plan.scn = su->scn[i];
				plan.label = lbl[l];
				plan.rep = rep;
				fprintf(stderr, "swaplab run: [%zu/%zu] %s on %s, repetition %u\n",
					n + 1, total, su->scn[i]->name, lbl[l]->name, rep);
				run_one(&plan, &runs[n++]);
			}
		}
	}
	return n;
}

static void print_json(const struct suite *su, const struct run_result *runs, size_t n)
{
	json_object *root = json_object_new_object(), *arr = json_object_new_array(), *r;
	size_t i;

	json_object_object_add(root, "suite", json_object_new_string(su->id));
	json_object_object_add(root, "out", json_object_new_string(su->out_dir));
	for (i = 0; i < n; i++) {
		r = json_object_new_object();
		json_object_object_add(r, "id", json_object_new_string(runs[i].id));
		json_object_object_add(r, "verdict",
				       json_object_new_string(verdict_name(runs[i].verdict)));
		json_object_array_add(arr, r);
	}
	json_object_object_add(root, "runs", arr);
	printf("%s\n", json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY));
	json_object_put(root);
}

int cmd_run(int argc, char **argv, const struct global_opts *g)
{
	struct suite su = { .out_dir = DEFAULT_OUT, .prefix = g->prefix };
	struct run_result *runs;
	size_t total, n, i;
	time_t now = time(NULL);
	int ret;

	if (parse_args(&su, argc, argv)) {
		ret = EXIT_USAGE;
		goto out;
	}
	if (su.list_kernels) {
		const char *kernels[16];

		n = suite_kernels(&su, kernels, 16);
		for (i = 0; i < n; i++)
			printf("%s\n", kernels[i]);
		ret = 0;
		goto out;
	}
	if (check_kernels(&su)) {
		ret = EXIT_ENV;
		goto out;
	}
	if (check_prefix_free(su.prefix)) {
		ret = EXIT_USAGE;
		goto out;
	}
	strftime(su.id, sizeof(su.id), "%Y%m%d-%H%M%S", gmtime(&now));
	total = count_runs(&su);
	runs = calloc(total, sizeof(*runs));
	catch_signals();
	n = run_suite(&su, runs, total);
	if (g->json)
		print_json(&su, runs, n);
	else
		summary_print(stdout, runs, n);
	{
		struct known_failures kf = { 0 };
		char why[512];

		if (known_failures_load(known_default_path(), &kf, why, sizeof(why))) {
			fprintf(stderr, "swaplab run: %s: %s\n", known_default_path(), why);
			ret = summary_exit_code(runs, n);
		} else {
			ret = summary_exit_code_known(g->json ? stderr : stdout, runs, n, &kf);
		}
		known_failures_free(&kf);
	}
	if (run_interrupted)
		ret = EXIT_LAB;
	fprintf(g->json ? stderr : stdout, "\nsuite %s: %zu of %zu runs, results in %s/, exit %d\n",
		su.id, n, total, su.out_dir, ret);
	for (i = 0; i < n; i++)
		run_result_free(&runs[i]);
	free(runs);
out:
	for (i = 0; i < su.nscn; i++)
		scenario_free(su.scn[i]);
	return ret;
}
