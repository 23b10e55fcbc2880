// SPDX-License-Identifier: GPL-2.0
/* Shape swapverify's findings as JSON (json-c). */
#include <stdarg.h>
#include <stdio.h>

#include "sv_report.h"

void sv_report_note(struct sv_report *r, const char *fmt, ...)
{
	va_list ap;

	if (r->n_notes >= SV_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(r->notes[r->n_notes++], SV_NOTE_LEN, fmt, ap);
	va_end(ap);
}

void sv_report_bad_page(struct sv_report *r, struct sv_cycle *c,
			uint64_t page, const struct pattern_fault *fault)
{
	c->bad_pages++;
	r->bad_pages++;
	if (r->n_bad >= SV_BAD_LISTED)
		return;
	r->bad[r->n_bad++] = (struct sv_bad_page){
		.pass = c->pass,
		.order = c->order,
		.page = page,
		.fault = *fault,
	};
}

double sv_mibps(uint64_t pages, size_t page_size, double seconds)
{
	if (seconds <= 0)
		return 0;
	return (double)pages * page_size / (1024.0 * 1024.0) / seconds;
}

/* A number printed with a fixed number of decimals, not %.17g. */
static json_object *fixed(double v, int decimals)
{
	char s[64];

	snprintf(s, sizeof(s), "%.*f", decimals, v);
	return json_object_new_double_s(v, s);
}

static json_object *hex(uint64_t v)
{
	char s[24];

	snprintf(s, sizeof(s), "0x%016llx", (unsigned long long)v);
	return json_object_new_string(s);
}

static void put(json_object *o, const char *key, json_object *v)
{
	json_object_object_add(o, key, v);
}

static json_object *latency_json(const struct latency_summary *l)
{
	json_object *o = json_object_new_object();

	put(o, "samples", json_object_new_uint64(l->samples));
	put(o, "p50", fixed(l->p50_ns / 1000.0, 1));
	put(o, "p99", fixed(l->p99_ns / 1000.0, 1));
	put(o, "max", fixed(l->max_ns / 1000.0, 1));
	return o;
}

static double swapin_seconds(const struct sv_cycle *c)
{
	return c->readback_s - c->verify_s;
}

static json_object *swapout_json(const struct sv_swapout *s, size_t page_size)
{
	json_object *o = json_object_new_object();

	put(o, "seconds", fixed(s->seconds, 3));
	put(o, "pswpout", json_object_new_uint64(s->pswpout));
	put(o, "mibps", fixed(sv_mibps(s->pswpout, page_size, s->seconds), 1));
	put(o, "resident_pages_after", json_object_new_uint64(s->resident_after));
	put(o, "rounds", json_object_new_int(s->rounds));
	return o;
}

static json_object *swapin_json(const struct sv_cycle *c, size_t page_size)
{
	json_object *o = json_object_new_object();

	put(o, "seconds", fixed(swapin_seconds(c), 3));
	put(o, "verify_seconds", fixed(c->verify_s, 3));
	put(o, "pswpin", json_object_new_uint64(c->pswpin));
	put(o, "major_faults", json_object_new_uint64(c->major_faults));
	put(o, "mibps", fixed(sv_mibps(c->pswpin, page_size,
				       swapin_seconds(c)), 1));
	return o;
}

static json_object *cycle_json(const struct sv_cycle *c, size_t page_size)
{
	json_object *o = json_object_new_object();

	put(o, "pass", json_object_new_int(c->pass));
	put(o, "order", json_object_new_string(c->order));
	put(o, "generation", json_object_new_uint64(c->generation));
	put(o, "swapout", c->out.done ? swapout_json(&c->out, page_size) : NULL);
	put(o, "swapin", swapin_json(c, page_size));
	put(o, "fault_us", latency_json(&c->faults));
	put(o, "bad_pages", json_object_new_uint64(c->bad_pages));
	return o;
}

static json_object *bad_page_json(const struct sv_bad_page *b)
{
	const struct pattern_fault *f = &b->fault;
	json_object *o = json_object_new_object();

	put(o, "pass", json_object_new_int(b->pass));
	put(o, "order", json_object_new_string(b->order));
	put(o, "page", json_object_new_uint64(b->page));
	put(o, "found", json_object_new_string(pattern_verdict_name(f->verdict)));
	put(o, "first_bad_word", json_object_new_uint64(f->first_bad_word));
	put(o, "bad_words", json_object_new_uint64(f->bad_words));
	put(o, "expected_word", hex(f->expected));
	put(o, "found_word", hex(f->found));
	if (f->verdict == PATTERN_WRONG_INDEX || f->verdict == PATTERN_STALE ||
	    f->verdict == PATTERN_OTHER_SEED) {
		put(o, "found_seed", json_object_new_uint64(f->found_key.seed));
		put(o, "found_generation",
		    json_object_new_uint64(f->found_key.generation));
		put(o, "found_page", json_object_new_uint64(f->found_key.index));
	}
	return o;
}

/* Totals over every cycle: bytes moved over time spent moving them. */
static void put_totals(json_object *o, const struct sv_report *r)
{
	uint64_t out_pages = 0, in_pages = 0;
	double out_s = 0, in_s = 0;
	size_t i;

	for (i = 0; i < r->n_cycles; i++) {
		out_pages += r->cycles[i].out.pswpout;
		out_s += r->cycles[i].out.seconds;
		in_pages += r->cycles[i].pswpin;
		in_s += swapin_seconds(&r->cycles[i]);
	}
	put(o, "swapout_mibps", fixed(sv_mibps(out_pages, r->page_size, out_s), 1));
	put(o, "swapin_mibps", fixed(sv_mibps(in_pages, r->page_size, in_s), 1));
	put(o, "pswpout", json_object_new_uint64(out_pages));
	put(o, "pswpin", json_object_new_uint64(in_pages));
}

static const char *verdict(const struct sv_report *r)
{
	if (r->error)
		return "error";
	return r->bad_pages ? "fail" : "pass";
}

json_object *sv_report_json(const struct sv_report *r)
{
	json_object *o = json_object_new_object();
	json_object *notes = json_object_new_array();
	json_object *cycles = json_object_new_array();
	json_object *bad = json_object_new_array();
	size_t i;

	put(o, "tool", json_object_new_string("swapverify"));
	put(o, "schema", json_object_new_int(1));
	put(o, "verdict", json_object_new_string(verdict(r)));
	if (r->error)
		put(o, "error", json_object_new_string(r->error));
	put(o, "seed", json_object_new_uint64(r->seed));
	put(o, "size_mib", json_object_new_int(r->size_mib));
	put(o, "page_size", json_object_new_uint64(r->page_size));
	put(o, "pages", json_object_new_uint64(r->pages));
	put(o, "passes", json_object_new_int(r->passes));
	put(o, "hold_s", json_object_new_int(r->hold_s));
	put(o, "pageout", json_object_new_string(r->pageout));
	put(o, "memory", json_object_new_string(r->memory ? r->memory : "anonymous"));
	put(o, "cgroup", r->cgroup ? json_object_new_string(r->cgroup) : NULL);
	for (i = 0; i < r->n_notes; i++)
		json_object_array_add(notes, json_object_new_string(r->notes[i]));
	put(o, "notes", notes);
	put_totals(o, r);
	put(o, "fault_us", latency_json(&r->faults));
	put(o, "bad_pages", json_object_new_uint64(r->bad_pages));
	for (i = 0; i < r->n_bad; i++)
		json_object_array_add(bad, bad_page_json(&r->bad[i]));
	put(o, "first_bad_pages", bad);
	for (i = 0; i < r->n_cycles; i++)
		json_object_array_add(cycles, cycle_json(&r->cycles[i], r->page_size));
	put(o, "cycles", cycles);
	return o;
}
