// SPDX-License-Identifier: GPL-2.0
/*
 * stress-ng's results.  Its exit status alone misses content failures (0.15
 * can exit 0 after a verification error), so the run reads the "fail:" lines
 * of its log, and the rates from its --yaml output through libyaml.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "logparse.h"

struct rate_reader {
	struct stress_ng_rate *rates;
	int max, n;
	char key[64];		/* the last mapping key seen */
	bool expect_value;
};

static void scalar(struct rate_reader *r, const char *text)
{
	if (!r->expect_value) {
		snprintf(r->key, sizeof(r->key), "%s", text);
		r->expect_value = true;
		return;
	}
	r->expect_value = false;
	if (!strcmp(r->key, "stressor") && r->n < r->max) {
		snprintf(r->rates[r->n].stressor, sizeof(r->rates[r->n].stressor),
			 "%s", text);
		r->rates[r->n++].bogo_ops_per_s = 0;
	} else if (!strcmp(r->key, "bogo-ops-per-second-real-time") && r->n) {
		r->rates[r->n - 1].bogo_ops_per_s = strtod(text, NULL);
	}
}

/* Any event but a scalar ends a key/value pair. */
static bool read_event(yaml_parser_t *p, struct rate_reader *r, bool *done)
{
	yaml_event_t ev;

	if (!yaml_parser_parse(p, &ev))
		return false;
	if (ev.type == YAML_SCALAR_EVENT)
		scalar(r, (const char *)ev.data.scalar.value);
	else if (ev.type == YAML_MAPPING_START_EVENT ||
		 ev.type == YAML_MAPPING_END_EVENT)
		r->expect_value = false;
	else if (ev.type == YAML_SEQUENCE_START_EVENT)
		r->expect_value = false;
	*done = ev.type == YAML_STREAM_END_EVENT;
	yaml_event_delete(&ev);
	return true;
}

int stress_ng_rates(const char *yaml, struct stress_ng_rate *rates, int max)
{
	struct rate_reader r = { .rates = rates, .max = max };
	yaml_parser_t p;
	bool done = false, ok = true;

	if (!yaml || !yaml_parser_initialize(&p))
		return -1;
	yaml_parser_set_input_string(&p, (const unsigned char *)yaml, strlen(yaml));
	while (ok && !done)
		ok = read_event(&p, &r, &done);
	yaml_parser_delete(&p);
	return ok ? r.n : -1;
}

unsigned int stress_ng_failures(const char *log, uint64_t *bit_errors,
				char *first, size_t len)
{
	const char *p = log, *eol, *fail, *bits;
	unsigned int n = 0;
	uint64_t errs;
	int end;

	*bit_errors = 0;
	if (len)
		first[0] = '\0';
	for (; p && *p; p = eol ? eol + 1 : NULL) {
		eol = strchr(p, '\n');
		fail = strstr(p, " fail: ");
		if (!fail || (eol && fail > eol))
			continue;
		if (!n++ && len)
			snprintf(first, len, "%.*s", (int)(eol ? eol - p : (long)strlen(p)), p);
		bits = strstr(fail, "detected ");
		/* "bit errors" only: a method's own "N memory errors" line
		 * repeats the count the vm stressor then reports */
		end = 0;
		if (bits && (!eol || bits < eol) &&
		    sscanf(bits, "detected %" SCNu64 " bit error%n", &errs, &end) == 1 && end)
			*bit_errors += errs;
	}
	return n;
}
