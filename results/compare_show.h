/* SPDX-License-Identifier: GPL-2.0 */
/* A comparison as a plain table for people, or as JSON for scripts. */
#ifndef SWAPLAB_RESULTS_COMPARE_SHOW_H
#define SWAPLAB_RESULTS_COMPARE_SHOW_H

#include <stdio.h>

#include <json-c/json.h>

#include "compare.h"

void comparison_print(FILE *f, const struct comparison *cmp);
struct json_object *comparison_to_json(const struct comparison *cmp);

#endif
