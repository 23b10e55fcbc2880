// SPDX-License-Identifier: GPL-2.0
/*
 * swaplab up | down | status | exec | push | pull | sysrq | swap: the lab
 * library (lab/lab.h) from the command line, in the manner of virsh and ip.
 * Here the arguments are parsed and lab_* errors become exit codes
 * (common/exit_codes.h); the work is lab/'s.  Errors name the bad argument
 * and the fix.
 */
#include <errno.h>
#include <json-c/json.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "../common/exit_codes.h"
#include "../lab/lab.h"
#include "../lab/lab_swap.h"

#define EXEC_TIMEOUT_S 600

static int exit_code(int rc)
{
	switch (rc) {
	case 0: return 0;
	case LAB_EUSAGE: return EXIT_USAGE;
	case LAB_EENV: return EXIT_ENV;
	default: return EXIT_LAB;
	}
}

static int failed(const char *cmd, int rc)
{
	fprintf(stderr, "swaplab: %s: %s\n", cmd, lab_strerror());
	return exit_code(rc);
}

static int usage_error(const char *cmd, const char *fmt, const char *arg)
{
	fprintf(stderr, "swaplab: %s: ", cmd);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see 'swaplab %s --help')\n", cmd);
	return EXIT_USAGE;
}

static bool parse_uint(const char *s, unsigned int *out, int base)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, base);
	if (errno || end == s || *end || s[0] == '-' || v > UINT_MAX)
		return false;
	*out = v;
	return true;
}

static int parse_role(const char *cmd, const char *s, enum lab_role *role)
{
	if (s && !strcmp(s, "client"))
		*role = LAB_CLIENT;
	else if (s && !strcmp(s, "server"))
		*role = LAB_SERVER;
	else
		return usage_error(cmd, "unknown role '%s' (roles: client, server)", s ? s : "");
	return 0;
}

static void on_signal(int sig)
{
	lab_stop_requested = 1;
}

/* No SA_RESTART: a signal cuts the current sleep short. */
static void catch_stop_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* text, its lines filled up to width columns (words stay whole). */
static void print_filled(FILE *f, const char *text, size_t width)
{
	size_t col = 0, n;

	while (*text) {
		n = strcspn(text, " ");
		if (col && col + 1 + n > width) {
			fputc('\n', f);
			col = 0;
		} else if (col) {
			fputc(' ', f);
			col++;
		}
		fwrite(text, 1, n, f);
		col += n;
		text += n + (text[n] == ' ');
	}
	fputc('\n', f);
}

static void up_help(FILE *f)
{
	char *targets = lab_swap_target_names(" | ", " | ");
	struct lab_config defaults;

	lab_config_init(&defaults);
	fputs("usage: swaplab [--prefix NAME] [--json] up [OPTIONS]\n"
	      "Boot the NFS server and the client, mount the export and swap to it.\n\n"
	      "  --client-kernel V   stock | patched | debug | debug-v1 (default patched)\n"
	      "  --client-mem MIB    client memory (default 384)\n"
	      "  --client-cpus N     client vCPUs (default 1)\n"
	      "  --server-mem MIB    server memory (default 512)\n"
	      "  --server-cpus N     server vCPUs (default 1)\n", f);
	fprintf(f, "  --swap TARGET       %s (default %s)\n", targets, defaults.swap_target);
	free(targets);
	fputs("  --swap-size MIB     swap file or device size (default 1024)\n"
	      "  --tunnel-port P     UDP ports P and P+1 on 127.0.0.1 (default: free ones)\n"
	      "  --timeout SEC       limit of each bring-up step (default 300)\n"
	      "  --cmdline ARGS      appended to the client kernel command line\n"
	      "  --keep-failed       if a step fails, leave the lab up for a look\n\n"
	      "Environment: SWAPLAB_CACHE, SWAPLAB_URI, SWAPLAB_CLIENT_URI, SWAPLAB_SERVER_URI,\n"
	      "SWAPLAB_IMAGE (another cloud image), SWAPLAB_ROOT (its root= device),\n"
	      "SWAPLAB_ACCEL (auto | tcg | kvm), SWAPLAB_CMDLINE.\n", f);
}

static int up_number(int opt, const char *arg, struct lab_config *c)
{
	unsigned int *fields[] = {
		['m'] = &c->client_mem_mib, ['c'] = &c->client_cpus,
		['M'] = &c->server_mem_mib, ['C'] = &c->server_cpus,
		['S'] = &c->swap_size_mib, ['p'] = &c->tunnel_port,
		['t'] = &c->boot_timeout_s,
	};

	if (!parse_uint(arg, fields[opt], 10))
		return usage_error("up", "'%s' is not a number", arg);
	return 0;
}

static int up_options(int argc, char **argv, struct lab_config *c)
{
	static const struct option opts[] = {
		{ "client-kernel", required_argument, NULL, 'k' },
		{ "client-mem", required_argument, NULL, 'm' },
		{ "client-cpus", required_argument, NULL, 'c' },
		{ "server-mem", required_argument, NULL, 'M' },
		{ "server-cpus", required_argument, NULL, 'C' },
		{ "swap", required_argument, NULL, 's' },
		{ "swap-size", required_argument, NULL, 'S' },
		{ "tunnel-port", required_argument, NULL, 'p' },
		{ "timeout", required_argument, NULL, 't' },
		{ "cmdline", required_argument, NULL, 'x' },
		{ "keep-failed", no_argument, NULL, 'K' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int opt, rc = 0;

	optind = 0;
	while (!rc && (opt = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (opt) {
		case 'k': c->client_kernel = optarg; break;
		case 's': c->swap_target = optarg; break;
		case 'x': c->cmdline_extra = optarg; break;
		case 'K': c->keep_failed = true; break;
		case 'h': up_help(stdout); return -1;
		case '?': return EXIT_USAGE;
		default: rc = up_number(opt, optarg, c);
		}
	}
	if (!rc && optind < argc)
		rc = usage_error("up", "unexpected argument '%s'", argv[optind]);
	return rc;
}

/* The client's /proc/swaps without its header, or NULL. */
static char *client_swaps(struct lab *lab)
{
	char *argv[] = { "cat", "/proc/swaps", NULL };
	struct lab_exec_result res;
	char *body = NULL, *nl;

	if (lab_exec(lab, LAB_CLIENT, argv, 30, &res) == 0 && res.status == 0) {
		nl = strchr(res.out, '\n');
		body = strdup(nl ? nl + 1 : "");
	}
	lab_exec_result_free(&res);
	return body;
}

static json_object *role_json(struct lab *lab, enum lab_role role)
{
	const struct lab_config *c = lab_get_config(lab);
	bool client = role == LAB_CLIENT;
	json_object *o = json_object_new_object();
	char why[512], name[128];
	bool crashed = lab_crashed(lab, role, why, sizeof(why));

	snprintf(name, sizeof(name), "%s-%s", c->prefix, client ? "client" : "nfs");
	json_object_object_add(o, "domain", json_object_new_string(name));
	json_object_object_add(o, "state", json_object_new_string(crashed ? "crashed" : "running"));
	if (crashed)
		json_object_object_add(o, "reason", json_object_new_string(why));
	json_object_object_add(o, "kernel", json_object_new_string(client ? c->client_kernel :
								   c->server_kernel));
	json_object_object_add(o, "mem_mib", json_object_new_int(client ? c->client_mem_mib :
								 c->server_mem_mib));
	json_object_object_add(o, "cpus", json_object_new_int(client ? c->client_cpus :
							      c->server_cpus));
	json_object_object_add(o, "console", json_object_new_string(lab_console_path(lab, role)));
	return o;
}

static json_object *status_json(struct lab *lab)
{
	const struct lab_config *c = lab_get_config(lab);
	json_object *o = json_object_new_object();
	json_object *swap = json_object_new_object();
	json_object *client = role_json(lab, LAB_CLIENT);
	json_object *state;
	char *swaps = NULL;

	json_object_object_get_ex(client, "state", &state);
	if (!strcmp(json_object_get_string(state), "running"))
		swaps = client_swaps(lab);
	json_object_object_add(o, "prefix", json_object_new_string(c->prefix));
	json_object_object_add(o, "up", json_object_new_boolean(true));
	json_object_object_add(o, "accel", json_object_new_string(c->accel));
	json_object_object_add(o, "client", client);
	json_object_object_add(o, "server", role_json(lab, LAB_SERVER));
	json_object_object_add(swap, "target", json_object_new_string(c->swap_target));
	json_object_object_add(swap, "size_mib", json_object_new_int(c->swap_size_mib));
	json_object_object_add(swap, "proc_swaps", swaps ? json_object_new_string(swaps) : NULL);
	json_object_object_add(o, "swap", swap);
	free(swaps);
	return o;
}

static const char *member(json_object *o, const char *role, const char *key)
{
	json_object *r, *v;

	if (!json_object_object_get_ex(o, role, &r) || !json_object_object_get_ex(r, key, &v))
		return "";
	return json_object_get_string(v);
}

static void print_status(json_object *st)
{
	static const char *const roles[] = { "client", "server" };
	json_object *swap, *v;
	unsigned int i;

	printf("lab %s: up (%s)\n", json_object_get_string(json_object_object_get(st, "prefix")),
	       json_object_get_string(json_object_object_get(st, "accel")));
	for (i = 0; i < 2; i++)
		printf("  %-7s %-24s %-8s %-8s %s MiB, %s vCPU  %s%s%s\n", roles[i],
		       member(st, roles[i], "domain"), member(st, roles[i], "state"),
		       member(st, roles[i], "kernel"), member(st, roles[i], "mem_mib"),
		       member(st, roles[i], "cpus"), member(st, roles[i], "console"),
		       *member(st, roles[i], "reason") ? "\n          " : "",
		       member(st, roles[i], "reason"));
	swap = json_object_object_get(st, "swap");
	printf("  swap    %s, %s MiB\n", json_object_get_string(json_object_object_get(swap, "target")),
	       json_object_get_string(json_object_object_get(swap, "size_mib")));
	if (json_object_object_get_ex(swap, "proc_swaps", &v) && v)
		printf("          %s", json_object_get_string(v));
}

static void show_status(struct lab *lab, const struct global_opts *g)
{
	json_object *st = status_json(lab);

	if (g->json)
		printf("%s\n", json_object_to_json_string_ext(st, JSON_C_TO_STRING_PRETTY));
	else
		print_status(st);
	json_object_put(st);
}

int cmd_up(int argc, char **argv, const struct global_opts *g)
{
	struct lab_config cfg;
	struct lab *lab;
	int rc;

	lab_config_init(&cfg);
	cfg.prefix = g->prefix;
	rc = up_options(argc, argv, &cfg);
	if (rc)
		return rc < 0 ? 0 : rc;
	catch_stop_signals();
	rc = lab_up(&cfg, &lab);
	if (rc)
		return failed("up", rc);
	show_status(lab, g);
	lab_free(lab);
	return 0;
}

int cmd_down(int argc, char **argv, const struct global_opts *g)
{
	int rc;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		puts("usage: swaplab [--prefix NAME] down\n"
		     "Destroy the lab's domains, volumes, seeds and state; only domains\n"
		     "that carry this lab's metadata are touched.");
		return 0;
	}
	if (argc > 1)
		return usage_error("down", "unexpected argument '%s'", argv[1]);
	rc = lab_down_prefix(g->prefix);
	if (rc)
		return failed("down", rc);
	printf("lab %s is down\n", g->prefix);
	return 0;
}

int cmd_status(int argc, char **argv, const struct global_opts *g)
{
	struct lab *lab;
	int rc;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		puts("usage: swaplab [--prefix NAME] [--json] status\n"
		     "Show the lab's domains, kernels and swap; exit 1 if no lab is up.");
		return 0;
	}
	if (argc > 1)
		return usage_error("status", "unexpected argument '%s'", argv[1]);
	rc = lab_attach(g->prefix, &lab);
	if (rc == LAB_EUSAGE) {
		if (g->json)
			printf("{ \"prefix\": \"%s\", \"up\": false }\n", g->prefix);
		else
			printf("lab %s: not up\n", g->prefix);
		return EXIT_CHECK;
	}
	if (rc)
		return failed("status", rc);
	show_status(lab, g);
	lab_free(lab);
	return 0;
}

static int attach_or_fail(const char *cmd, const char *prefix, struct lab **lab)
{
	int rc = lab_attach(prefix, lab);

	return rc ? failed(cmd, rc) : 0;
}

static void write_all(FILE *f, const char *buf, size_t len)
{
	if (len)
		fwrite(buf, 1, len, f);
	fflush(f);
}

int cmd_exec(int argc, char **argv, const struct global_opts *g)
{
	unsigned int timeout_s = EXEC_TIMEOUT_S;
	struct lab_exec_result res;
	enum lab_role role;
	struct lab *lab;
	int a = 2, rc;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		printf("usage: swaplab [--prefix NAME] exec ROLE [--timeout SEC] -- CMD [ARG...]\n"
		       "Run CMD in the client or the server through the guest agent; its output\n"
		       "and exit status come back out (default timeout %u s).\n", EXEC_TIMEOUT_S);
		return argc < 2 ? EXIT_USAGE : 0;
	}
	if ((rc = parse_role("exec", argv[1], &role)))
		return rc;
	if (a + 1 < argc && !strcmp(argv[a], "--timeout")) {
		if (!parse_uint(argv[a + 1], &timeout_s, 10) || !timeout_s)
			return usage_error("exec", "bad --timeout '%s': seconds, at least 1", argv[a + 1]);
		a += 2;
	}
	if (a < argc && !strcmp(argv[a], "--"))
		a++;
	if (a >= argc)
		return usage_error("exec", "no command given%s", "");
	if ((rc = attach_or_fail("exec", g->prefix, &lab)))
		return rc;
	catch_stop_signals();
	rc = lab_exec(lab, role, argv + a, timeout_s, &res);
	if (!rc) {
		write_all(stdout, res.out, res.out_len);
		write_all(stderr, res.err, res.err_len);
		rc = res.status;
	} else {
		rc = failed("exec", rc);
	}
	lab_exec_result_free(&res);
	lab_free(lab);
	return rc;
}

/* Through the keyboard, not the agent: it works when the guest's user space is stuck. */
int cmd_sysrq(int argc, char **argv, const struct global_opts *g)
{
	enum lab_role role;
	struct lab *lab;
	const char *k;
	int rc;

	if (argc != 3 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		puts("usage: swaplab [--prefix NAME] sysrq ROLE KEYS\n"
		     "Send Alt+SysRq+KEY for each letter of KEYS to the guest's keyboard (e.g.\n"
		     "'wm': blocked tasks, then memory); the output goes to its console log.");
		return argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ?
		       0 : EXIT_USAGE;
	}
	if ((rc = parse_role("sysrq", argv[1], &role)))
		return rc;
	if (!*argv[2] || strspn(argv[2], "abcdefghijklmnopqrstuvwxyz") != strlen(argv[2]))
		return usage_error("sysrq", "bad KEYS '%s': SysRq letters such as w, m, t, l",
				   argv[2]);
	if ((rc = attach_or_fail("sysrq", g->prefix, &lab)))
		return rc;
	for (k = argv[2]; *k && !rc; k++)
		rc = lab_sysrq(lab, role, *k);
	lab_free(lab);
	return rc ? failed("sysrq", rc) : 0;
}

int cmd_push(int argc, char **argv, const struct global_opts *g)
{
	unsigned int mode = 0644;
	enum lab_role role;
	struct lab *lab;
	int rc;

	if (argc != 4 && !(argc == 6 && !strcmp(argv[4], "--mode"))) {
		puts("usage: swaplab [--prefix NAME] push ROLE LOCAL_FILE GUEST_PATH [--mode OCTAL]");
		return argc > 1 && !strcmp(argv[1], "--help") ? 0 : EXIT_USAGE;
	}
	if ((rc = parse_role("push", argv[1], &role)))
		return rc;
	if (argc == 6 && (!parse_uint(argv[5], &mode, 8) || mode > 07777))
		return usage_error("push", "bad --mode '%s': an octal mode like 755", argv[5]);
	if (access(argv[2], R_OK) != 0)
		return usage_error("push", "cannot read '%s'", argv[2]);
	if ((rc = attach_or_fail("push", g->prefix, &lab)))
		return rc;
	rc = lab_push(lab, role, argv[2], argv[3], mode);
	lab_free(lab);
	return rc ? failed("push", rc) : 0;
}

int cmd_pull(int argc, char **argv, const struct global_opts *g)
{
	enum lab_role role;
	struct lab *lab;
	int rc;

	if (argc != 4) {
		puts("usage: swaplab [--prefix NAME] pull ROLE GUEST_PATH LOCAL_FILE");
		return argc > 1 && !strcmp(argv[1], "--help") ? 0 : EXIT_USAGE;
	}
	if ((rc = parse_role("pull", argv[1], &role)))
		return rc;
	if ((rc = attach_or_fail("pull", g->prefix, &lab)))
		return rc;
	rc = lab_pull(lab, role, argv[2], argv[3]);
	lab_free(lab);
	return rc ? failed("pull", rc) : 0;
}

static void swap_help(void)
{
	char *targets = lab_swap_target_names(", ", " or ");
	char *text = NULL;

	puts("usage: swaplab [--prefix NAME] swap TARGET [--size MIB]");
	if (asprintf(&text, "Switch the client's swap, without a reboot, to %s; the new target is confirmed as at 'up'.",
		     targets) > 0)
		print_filled(stdout, text, 72);
	free(text);
	free(targets);
}

int cmd_swap(int argc, char **argv, const struct global_opts *g)
{
	unsigned int size_mib = 0;
	struct lab *lab;
	int rc;

	bool help = argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));

	if (help || (argc != 2 && !(argc == 4 && !strcmp(argv[2], "--size")))) {
		swap_help();
		return help ? 0 : EXIT_USAGE;
	}
	if (argc == 4 && (!parse_uint(argv[3], &size_mib, 10) || !size_mib))
		return usage_error("swap", "bad --size '%s': MiB, at least 1", argv[3]);
	if ((rc = attach_or_fail("swap", g->prefix, &lab)))
		return rc;
	catch_stop_signals();
	rc = lab_swap_set(lab, argv[1], size_mib);
	if (!rc)
		show_status(lab, g);
	lab_free(lab);
	return rc ? failed("swap", rc) : 0;
}
