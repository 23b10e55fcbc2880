// SPDX-License-Identifier: GPL-2.0
/*
 * swapverify's JSON report (guests/tools/swapverify), in a file of its own
 * because two workloads run swapverify and read it: swapverify and shmem.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "logparse.h"
#include "registry.h"

/* A number at a dotted path such as "fault_us.p99". */
static bool number_at(json_object *obj, const char *path, double *out)
{
	char key[64];
	const char *dot;

	while ((dot = strchr(path, '.'))) {
		snprintf(key, sizeof(key), "%.*s", (int)(dot - path), path);
		if (!json_object_object_get_ex(obj, key, &obj))
			return false;
		path = dot + 1;
	}
	if (!json_object_object_get_ex(obj, path, &obj) ||
	    !(json_object_is_type(obj, json_type_int) ||
	      json_object_is_type(obj, json_type_double)))
		return false;
	*out = json_object_get_double(obj);
	return true;
}

/* "page 812 (random): zero, page 813 ...": the first few bad pages. */
static void first_bad(json_object *root, char *buf, size_t len)
{
	json_object *list, *bad, *page, *found;
	size_t i, used = 0;

	buf[0] = '\0';
	if (!json_object_object_get_ex(root, "first_bad_pages", &list) ||
	    !json_object_is_type(list, json_type_array))
		return;
	for (i = 0; i < json_object_array_length(list) && i < 3 && used < len; i++) {
		bad = json_object_array_get_idx(list, i);
		if (!json_object_object_get_ex(bad, "page", &page) ||
		    !json_object_object_get_ex(bad, "found", &found))
			continue;
		used += snprintf(buf + used, len - used, "%spage %s: %s", i ? ", " : "",
				 json_object_get_string(page), json_object_get_string(found));
	}
}

/* A report with verdict "error" verified nothing, whatever it counts. */
static void verify_error(json_object *root, char *buf, size_t len)
{
	json_object *verdict, *error;

	buf[0] = '\0';
	if (!json_object_object_get_ex(root, "verdict", &verdict) ||
	    strcmp(json_object_get_string(verdict), "error"))
		return;
	snprintf(buf, len, "%s", json_object_object_get_ex(root, "error", &error) ?
		 json_object_get_string(error) : "verdict error");
}

int swapverify_read(const char *json, struct swapverify_report *r)
{
	json_object *root = json ? json_tokener_parse(json) : NULL;
	double bad = 0;
	int ret = -1;

	memset(r, 0, sizeof(*r));
	if (root && number_at(root, "bad_pages", &bad)) {
		number_at(root, "swapout_mibps", &r->swapout_mibps);
		number_at(root, "swapin_mibps", &r->swapin_mibps);
		number_at(root, "fault_us.p50", &r->fault_p50_us);
		number_at(root, "fault_us.p99", &r->fault_p99_us);
		number_at(root, "fault_us.max", &r->fault_max_us);
		r->bad_pages = (uint64_t)bad;
		first_bad(root, r->first_bad, sizeof(r->first_bad));
		verify_error(root, r->error, sizeof(r->error));
		ret = 0;
	}
	json_object_put(root);
	return ret;
}

bool swapverify_report_of(struct evidence *ev, const struct workload *wl,
			  struct swapverify_report *sv)
{
	return evidence_ran(ev, wl->name) &&
	       !swapverify_read(evidence_text(ev, wl->stdout_log), sv) && !sv->error[0];
}

int swapverify_judge(struct evidence *ev, const struct workload *wl,
		     uint64_t *wrong, char *summary, size_t len)
{
	struct swapverify_report sv;

	if (swapverify_read(evidence_text(ev, wl->stdout_log), &sv)) {
		snprintf(summary, len, "%s is missing or not a swapverify report", wl->stdout_log);
		return -1;
	}
	if (sv.error[0]) {
		snprintf(summary, len, "%s could not verify: %s", wl->name, sv.error);
		return -1;
	}
	*wrong = sv.bad_pages;
	if (sv.bad_pages)
		snprintf(summary, len, "%" PRIu64 " bad pages (%s, first: %s)", sv.bad_pages,
			 wl->name, sv.first_bad[0] ? sv.first_bad : "-");
	else
		snprintf(summary, len, "0 bad pages (%s)", wl->name);
	return 0;
}
