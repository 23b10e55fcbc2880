// SPDX-License-Identifier: GPL-2.0
/* The client's time series during a run: see samples.h. */
#include <stdlib.h>
#include <string.h>

#include "guest.h"
#include "samples.h"

/* One awk over the files, one line out; a counter a kernel lacks prints 0. */
static const char sample_script[] =
	"awk 'FILENAME == \"/proc/vmstat\" && $1 == \"pswpin\" { pi = $2 }\n"
	"FILENAME == \"/proc/vmstat\" && $1 == \"pswpout\" { po = $2 }\n"
	"FILENAME == \"/proc/meminfo\" && $1 == \"MemFree:\" { mf = $2 }\n"
	"FILENAME == \"/proc/meminfo\" && $1 == \"MemAvailable:\" { ma = $2 }\n"
	"FILENAME == \"/proc/meminfo\" && $1 == \"SwapFree:\" { sf = $2 }\n"
	"FILENAME == \"/proc/net/rpc/nfs\" && $1 == \"rpc\" { rc = $2; rr = $3 }\n"
	"FILENAME == \"/proc/self/mountstats\" && $1 == \"xprt:\" && !xs "
	"{ xs = $8; xr = $9; xb = $12 }\n"
	"FILENAME == \"/proc/net/netstat\" && $1 == \"TcpExt:\" { if (!hdr++) { "
	"for (i = 2; i <= NF; i++) if ($i == \"PFMemallocDrop\") c = i } else if (c) pd = $c }\n"
	"END { printf \"%d %d %d %d %d %d %d %d %d %d %d\\n\", pi, po, mf, ma, sf, rc, rr, "
	"xs, xr, xb, pd }' /proc/vmstat /proc/meminfo /proc/net/rpc/nfs "
	"/proc/self/mountstats /proc/net/netstat 2>/dev/null";

/* A sample may not hold up the runner's polls for long. */
#define SAMPLE_TIMEOUT_S 20
/* After a miss, wait this long: a wedged agent would block every tick. */
#define MISS_BACKOFF_S 60

int samples_start(struct samples *s, unsigned interval_s, const char *path)
{
	memset(s, 0, sizeof(*s));
	s->interval_s = interval_s;
	if (!interval_s)
		return 0;
	s->out = fopen(path, "w");
	if (!s->out)
		return -1;
	fputs("# " SAMPLES_COLUMNS "\n", s->out);
	fflush(s->out);
	s->t0 = time(NULL);
	s->next = s->t0;
	return 0;
}

void samples_tick(struct samples *s, struct lab *lab)
{
	char *text = NULL, why[256];
	time_t now = time(NULL);

	if (!s->out || now < s->next)
		return;
	if (guest_sh(lab, LAB_CLIENT, sample_script, SAMPLE_TIMEOUT_S, &text, why,
		     sizeof(why))) {
		fprintf(s->out, "# %lld s: no sample: %s\n", (long long)(now - s->t0), why);
		s->missed++;
		s->next = time(NULL) + MISS_BACKOFF_S;
	} else {
		text[strcspn(text, "\n")] = '\0';
		fprintf(s->out, "%lld %s\n", (long long)(now - s->t0), text);
		s->taken++;
		s->next = now + s->interval_s;
	}
	fflush(s->out);
	free(text);
}

void samples_stop(struct samples *s)
{
	if (s->out)
		fclose(s->out);
	s->out = NULL;
}
