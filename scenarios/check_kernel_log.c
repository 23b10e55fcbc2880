// SPDX-License-Identifier: GPL-2.0
/*
 * The client's and the server's kernel logs are free of BUG, WARNING, Oops,
 * lockdep reports, hung tasks, swap I/O errors and OOM kills the scenario did
 * not allow.
 */
#include <stdio.h>

#include "logparse.h"
#include "registry.h"

/*
 * A guest that crashed gives no dmesg; its serial console, kept by the
 * host, still holds the kernel's last words, and the verdict names them.
 */
static void scan(struct evidence *ev, const char *log, const char *console,
		 struct check_result *res)
{
	const struct scn_value *allowed = scn_get(&ev->scn->global, "oom_allowed");
	const char *text = evidence_text(ev, log), *from = log;
	char first[400], lost[160] = "";
	unsigned int bad = 0;

	if (!text) {
		snprintf(lost, sizeof(lost), "%s was not kept; ", log);
		from = console;
		text = evidence_text(ev, console);
	}
	if (text)
		bad = kernel_log_scan(text, allowed->words, allowed->nwords, first,
				      sizeof(first));
	if (bad)
		check_set(res, VERDICT_FAIL, "%s%u bad line(s) in %s; first: %s", lost, bad,
			  from, first);
	else if (*lost)
		check_set(res, VERDICT_FAIL, "%s was not kept", log);
	else
		check_set(res, VERDICT_PASS, "%s clean", log);
}

static void evaluate_client(struct evidence *ev, struct check_result *res)
{
	scan(ev, "dmesg-client.txt", "console-client.log", res);
}

static void evaluate_server(struct evidence *ev, struct check_result *res)
{
	scan(ev, "dmesg-server.txt", "console-server.log", res);
}

const struct check check_client_log = {
	.name = "client-log",
	.help = "client kernel log free of BUG/WARNING/Oops/lockdep/hung tasks/unexpected OOM",
	.evaluate = evaluate_client,
};

const struct check check_server_log = {
	.name = "server-log",
	.help = "server kernel log free of BUG/WARNING/Oops/lockdep/hung tasks/unexpected OOM",
	.evaluate = evaluate_server,
};
