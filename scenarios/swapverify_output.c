// SPDX-License-Identifier: GPL-2.0
/* swapverify's JSON report (guests/tools/swapverify). */
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "logparse.h"

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
