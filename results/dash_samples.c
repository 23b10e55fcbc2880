// SPDX-License-Identifier: GPL-2.0
/*
 * A run's time series (logs/samples.tsv, the scenario's `sample` key: soaks)
 * drawn for its dashboard page: swap-out and swap-in MiB/s, free and
 * available memory, RPC retransmissions and TCP drops for want of memory
 * reserves (PFMemallocDrop) per interval, and RPCs outstanding on the swap
 * mount's transport (sends - receives).  Rates are computed here, between
 * consecutive samples; the data goes inline into runs/ID.samples.gp, which
 * redraws runs/ID.samples.svg by hand: cd runs && gnuplot ID.samples.gp
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dashboard.h"
#include "run_tool.h"

#define NCOLS 12	/* samples.h's SAMPLES_COLUMNS */
#define PAGE_MIB (4096.0 / 1048576.0)

enum { T, PSWPIN, PSWPOUT, MEMFREE, MEMAVAIL, SWAPFREE, RPC_CALLS, RPC_RETRANS,
       XPRT_SENDS, XPRT_RECVS, XPRT_BACKLOG, PFMEMALLOC_DROP };

static int read_row(const char *line, double v[NCOLS])
{
	char *end;
	int i;

	for (i = 0; i < NCOLS; i++) {
		v[i] = strtod(line, &end);
		if (end == line)
			return -1;
		line = end;
	}
	return 0;
}

/* The datablock: one row per interval; returns how many. */
static int datablock(FILE *out, FILE *in)
{
	double prev[NCOLS], v[NCOLS], dt;
	char line[1024];
	int have = 0, rows = 0;

	fputs("$samples << EOD\n# t_min swapout_mibs swapin_mibs memfree_mib memavail_mib "
	      "rpc_retrans pfmemalloc_drop outstanding\n", out);
	while (fgets(line, sizeof(line), in)) {
		if (line[0] == '#' || read_row(line, v))
			continue;
		if (have && (dt = v[T] - prev[T]) > 0) {
			fprintf(out, "%.2f %.3f %.3f %.1f %.1f %.0f %.0f %.0f\n", v[T] / 60,
				(v[PSWPOUT] - prev[PSWPOUT]) * PAGE_MIB / dt,
				(v[PSWPIN] - prev[PSWPIN]) * PAGE_MIB / dt,
				v[MEMFREE] / 1024, v[MEMAVAIL] / 1024,
				v[RPC_RETRANS] - prev[RPC_RETRANS],
				v[PFMEMALLOC_DROP] - prev[PFMEMALLOC_DROP],
				v[XPRT_SENDS] - v[XPRT_RECVS]);
			rows++;
		}
		memcpy(prev, v, sizeof(prev));
		have = 1;
	}
	fputs("EOD\n", out);
	return rows;
}

static const char panels[] =
	"set terminal svg size 900,720 dynamic noenhanced font 'sans,11' "
	"background rgb 'white'\n"
	"set output '%s.samples.svg'\n"
	"set multiplot layout 4,1 title '%s'\n"
	"set grid ytics\nset key right top\nset lmargin 10\nset xlabel ''\n"
	"set ylabel 'swap MiB/s'\n"
	"plot $samples using 1:2 with lines lw 2 title 'swap-out', "
	"'' using 1:3 with lines lw 2 title 'swap-in'\n"
	"set ylabel 'memory MiB'\n"
	"plot $samples using 1:4 with lines lw 2 title 'MemFree', "
	"'' using 1:5 with lines lw 2 title 'MemAvailable'\n"
	"set ylabel 'per interval'\n"
	"plot $samples using 1:6 with lines lw 2 title 'RPC retransmissions', "
	"'' using 1:7 with lines lw 2 title 'TCP PFMemallocDrop'\n"
	"set ylabel 'RPCs'\nset xlabel 'minutes'\n"
	"plot $samples using 1:8 with lines lw 2 title 'outstanding (sends - receives)'\n"
	"unset multiplot\n";

int dash_samples_graph(const struct dashboard *d, const char *run_dir, const char *id,
		       char *why, size_t len)
{
	char *tsv = NULL, *dir = NULL, *gp = NULL, *log = NULL;
	char *argv[] = { "gnuplot", NULL, NULL };
	FILE *in = NULL, *out = NULL;
	int ret = 0, rows;

	if (asprintf(&tsv, "%s/logs/samples.tsv", run_dir) < 0 ||
	    asprintf(&dir, "%s/runs", d->build_dir) < 0 ||
	    asprintf(&gp, "%s/%s.samples.gp", dir, id) < 0 ||
	    asprintf(&log, "%s/%s.samples.log", dir, id) < 0) {
		ret = -1;
		goto out;
	}
	if (!(in = fopen(tsv, "r")))
		goto out;		/* not sampled */
	if (!(out = fopen(gp, "w"))) {
		snprintf(why, len, "cannot write %s", gp);
		ret = -1;
		goto out;
	}
	fputs("# Written by `swaplab report`; redraw with: gnuplot THIS_FILE\n", out);
	rows = datablock(out, in);
	fprintf(out, panels, id, id);
	if (fclose(out)) {
		out = NULL;
		snprintf(why, len, "cannot write %s", gp);
		ret = -1;
		goto out;
	}
	out = NULL;
	if (rows < 2) {
		unlink(gp);
		goto out;	/* too short to draw */
	}
	argv[1] = strrchr(gp, '/') + 1;
	ret = run_tool(argv, dir, log, 120, why, len) ? -1 : 1;
out:
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	free(tsv);
	free(dir);
	free(gp);
	free(log);
	return ret;
}
