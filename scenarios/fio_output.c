// SPDX-License-Identifier: GPL-2.0
/* fio's JSON output: "jobs"[i]."write"|"read"."bw" in KiB/s. */
#include <json-c/json.h>

#include "logparse.h"

static double job_bandwidth(json_object *job, const char *dir)
{
	json_object *side, *bw;

	if (!json_object_object_get_ex(job, dir, &side) ||
	    !json_object_object_get_ex(side, "bw", &bw))
		return 0;
	return json_object_get_double(bw);
}

bool fio_bandwidth_mibps(const char *json, const char *dir, double *mibps)
{
	json_object *root = json ? json_tokener_parse(json) : NULL, *jobs;
	bool found = false;
	size_t i;
	double kib;

	if (root && json_object_object_get_ex(root, "jobs", &jobs) &&
	    json_object_is_type(jobs, json_type_array)) {
		for (i = 0; i < json_object_array_length(jobs) && !found; i++) {
			kib = job_bandwidth(json_object_array_get_idx(jobs, i), dir);
			if (kib > 0) {
				*mibps = kib / 1024.0;
				found = true;
			}
		}
	}
	json_object_put(root);
	return found;
}
