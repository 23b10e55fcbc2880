// SPDX-License-Identifier: GPL-2.0
/* The dashboard's page for one run: metadata, checks, metrics, logs. */
#include <dirent.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "dashboard.h"
#include "format.h"
#include "markup.h"
#include "store.h"

static void row(FILE *f, const char *key, const char *value)
{
	fprintf_escaped(f, "<tr><th>%s</th><td>%s</td></tr>\n", key, value);
}

static void kernel_rows(FILE *f, const char *prefix, const struct run_kernel *k)
{
	char key[64];

	snprintf(key, sizeof(key), "%s release", prefix);
	row(f, key, k->release);
	snprintf(key, sizeof(key), "%s variant", prefix);
	row(f, key, k->variant);
	if (*k->series_hash) {
		snprintf(key, sizeof(key), "%s series hash", prefix);
		row(f, key, k->series_hash);
	}
	if (*k->config_hash) {
		snprintf(key, sizeof(key), "%s config hash", prefix);
		row(f, key, k->config_hash);
	}
	if (*k->commit) {
		snprintf(key, sizeof(key), "%s commit", prefix);
		row(f, key, k->commit);
	}
}

/* Free-form objects (params, host) one member per line, nested ones flattened. */
static void member_rows(FILE *f, const char *prefix, struct json_object *o)
{
	char key[256];

	json_object_object_foreach(o, k, v) {
		snprintf(key, sizeof(key), "%s.%s", prefix, k);
		if (json_object_is_type(v, json_type_object))
			member_rows(f, key, v);
		else
			row(f, key, json_object_get_string(v));
	}
}

static void object_rows(FILE *f, const char *prefix, const char *json)
{
	struct json_object *o = json_tokener_parse(json);

	if (o && json_object_is_type(o, json_type_object))
		member_rows(f, prefix, o);
	json_object_put(o);
}

static void metadata(FILE *f, const struct run_record *rec)
{
	char rep[16], secs[32];
	double d = run_duration(rec);

	snprintf(rep, sizeof(rep), "%d", rec->repetition);
	if (d < 0)
		snprintf(secs, sizeof(secs), "-");
	else
		snprintf(secs, sizeof(secs), "%.0f s", d);
	fputs("<h2>Run</h2>\n<table class=\"meta\">\n", f);
	row(f, "id", rec->id);
	fprintf_escaped(f, "<tr><th>verdict</th><td class=\"%s\">%s</td></tr>\n",
			rec->verdict, rec->verdict);
	if (*rec->error)
		fprintf_escaped(f, "<tr><th>error</th><td class=\"error\"><pre>%s</pre>"
				"</td></tr>\n", rec->error);
	row(f, "suite", rec->suite);
	row(f, "scenario", rec->scenario);
	row(f, "scenario file", rec->scenario_file);
	row(f, "scenario hash", rec->scenario_hash);
	row(f, "label", rec->label);
	row(f, "repetition", rep);
	row(f, "swap target", rec->swap_target);
	kernel_rows(f, "client kernel", &rec->kernel);
	kernel_rows(f, "server kernel", &rec->server_kernel);
	object_rows(f, "params", rec->params_json);
	object_rows(f, "host", rec->host_json);
	row(f, "started", rec->started);
	row(f, "finished", rec->finished);
	row(f, "duration", secs);
	fputs("</table>\n", f);
}

static void checks(FILE *f, const struct dashboard *d, const struct run_record *rec)
{
	size_t i;

	fputs("<h2>Checks</h2>\n<table class=\"checks\">\n"
	      "<tr><th>check</th><th>verdict</th><th>reason</th></tr>\n", f);
	for (i = 0; i < rec->n_checks; i++) {
		const struct run_check *c = &rec->checks[i];
		const struct known_failure *k = NULL;

		if (!strcmp(c->verdict, "fail"))
			k = known_failure_match(d->kf, rec->scenario, rec->label, c->name);
		fprintf_escaped(f, "<tr class=\"%s\"><td>%s</td><td>%s</td><td>%s",
				k ? "known" : c->verdict, c->name, c->verdict, c->reason);
		if (k)
			fprintf_escaped(f, "<br><em>known failure: %s</em>", k->reason);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void metrics(FILE *f, const struct run_record *rec)
{
	char num[FMT_LEN];
	size_t i;

	fputs("<h2>Metrics</h2>\n<table class=\"metrics\">\n<tr><th>metric</th>"
	      "<th>value</th><th>unit</th><th>better</th></tr>\n", f);
	for (i = 0; i < rec->n_metrics; i++) {
		const struct run_metric *m = &rec->metrics[i];

		fprintf_escaped(f, "<tr><td>%s</td><td class=\"num\">%s</td><td>%s</td>"
				"<td>%s</td></tr>\n", m->name, fmt_value(m->value, num),
				m->unit, m->direction);
	}
	fputs("</table>\n", f);
}

/* Links into the run directory, relative, so the site works from disk. */
static void logs(FILE *f, const struct dashboard *d, const struct run_record *rec)
{
	struct dirent **names;
	char *dir, *from;
	int i, n;

	fputs("<h2>Logs</h2>\n", f);
	if (asprintf(&dir, "%s/logs", rec->dir) < 0 ||
	    asprintf(&from, "%s/runs", d->site_dir) < 0)
		return;
	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		fprintf_escaped(f, "<p>No logs: %s is not there.</p>\n", dir);
	} else {
		fputs("<ul class=\"logs\">\n", f);
		for (i = 0; i < n; i++) {
			char *path, *url;

			if (names[i]->d_name[0] != '.' &&
			    asprintf(&path, "%s/%s", dir, names[i]->d_name) >= 0) {
				url = relative_url(from, path);
				fprintf_escaped(f, "<li><a href=\"%s\">%s</a></li>\n",
						url, names[i]->d_name);
				free(url);
				free(path);
			}
			free(names[i]);
		}
		free(names);
		fputs("</ul>\n", f);
	}
	free(dir);
	free(from);
}

/* The time series of a sampled run (soaks), if it has one. */
static void samples(FILE *f, const struct dashboard *d, const struct run_record *rec)
{
	char why[512] = "";
	int drawn = dash_samples_graph(d, rec->dir, rec->id, why, sizeof(why));

	if (!drawn)
		return;
	fputs("<h2>Time series</h2>\n", f);
	if (drawn < 0)
		fprintf_escaped(f, "<p>Could not draw logs/samples.tsv: %s</p>\n", why);
	else
		fprintf_escaped(f, "<p><img src=\"%s.samples.svg\" alt=\"swap rates, "
				"memory, RPC retransmissions and outstanding RPCs over the "
				"run\"></p>\n", rec->id);
}

static int run_page(struct dashboard *d, const struct run_record *rec)
{
	char *path;
	FILE *f;
	int ret = -1;

	if (asprintf(&path, "runs/%s.html", rec->id) < 0)
		return -1;
	f = page_open(d, path, rec->id, "../");
	if (f) {
		metadata(f, rec);
		checks(f, d, rec);
		metrics(f, rec);
		samples(f, d, rec);
		logs(f, d, rec);
		ret = page_close(f, path);
	}
	free(path);
	return ret;
}

int dashboard_run_pages(struct dashboard *d, char *why, size_t len)
{
	struct string_list ids;
	struct run_record rec;
	size_t i;
	int ret = 0;

	if (string_list_query(d->db, "SELECT id FROM runs ORDER BY id", NULL, &ids)) {
		snprintf(why, len, "store: %s", sqlite3_errmsg(d->db));
		return -1;
	}
	for (i = 0; i < ids.n && !ret; i++) {
		ret = store_get_run(d->db, ids.v[i], &rec, why, len);
		if (!ret) {
			ret = run_page(d, &rec);
			if (ret)
				snprintf(why, len, "cannot write the page of %s", rec.id);
			run_record_free(&rec);
		}
	}
	string_list_free(&ids);
	return ret;
}
