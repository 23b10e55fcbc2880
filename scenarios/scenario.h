/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scenario files: plain declarative text in the manner of fio job files.
 *
 *   # comment
 *   [scenario]             global settings (client memory, swap target, ...)
 *   client_mem = 320M
 *   [swapverify]           one section per workload, named after it
 *   size = 2x              sizes: 512K, 320M, 1G, or a multiple of client_mem
 *   [corrupt-swap]         a fault to inject while the workloads run
 *
 * Every key is declared in an option table (struct scn_option) so unknown
 * keys and bad values are reported with file, line and key.  Like fio's
 * option tables, each entry also says where its value goes in the typed
 * struct of the section's owner (offset), so the code that uses a value
 * reads a field the compiler checks, never a key looked up by name.
 */
#ifndef SWAPLAB_SCENARIO_H
#define SWAPLAB_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum scn_type {
	SCN_UINT,	/* 3 */
	SCN_SIZE,	/* 512K, 320M, 1G, or 2x (times client_mem) */
	SCN_DURATION,	/* 90, 90s, 5m, 1h: stored in seconds */
	SCN_BOOL,	/* yes/no, true/false, 1/0 */
	SCN_ENUM,	/* one of choices */
	SCN_LIST,	/* words separated by spaces or commas */
	SCN_STRING,	/* the rest of the line */
};

struct scn_option {
	const char *key;
	enum scn_type type;
	const char *def;		/* default in file syntax; NULL: unset */
	const char *help;
	const char *const *choices;	/* ENUM, LIST: allowed words */
	/* LIST: a word is valid if this says so (e.g. a registered check). */
	bool (*valid_word)(const char *word);
	uint64_t min, max;		/* UINT, SIZE (bytes), DURATION; max 0: none */
	/*
	 * Where scn_fill() puts the value in its owner's struct (SCN_FIELD()),
	 * as a uint64_t (UINT, DURATION in s), struct scn_size (SIZE), bool
	 * (BOOL), const char * (ENUM, STRING) or struct scn_words (LIST).
	 */
	size_t offset;
};

#define SCN_FIELD(type, member) .offset = offsetof(type, member)

/* A SIZE: bytes, or a multiple of client_mem (ram_factor > 0, bytes 0). */
struct scn_size {
	uint64_t bytes;
	double ram_factor;
};

/* A LIST's words (they belong to the scn_value they were parsed into). */
struct scn_words {
	char *const *words;
	size_t n;
};

struct scn_value {
	const struct scn_option *opt;
	unsigned int line;		/* 0: the default */
	char *raw;			/* as written (or the default) */
	uint64_t num;			/* UINT, SIZE in bytes, DURATION in s */
	double ram_factor;		/* SIZE written as "2x"; num is then 0 */
	bool flag;			/* BOOL */
	char *text;			/* ENUM, STRING */
	char **words;			/* LIST */
	size_t nwords;
};

struct scn_params {
	struct scn_value *values;	/* every key, as written or defaulted */
	size_t n;
	void *opts;			/* the same, typed: the owner's struct */
};

/*
 * The keys every workload section (concurrent, delay, timeout) or every
 * fault section (after, delay, rounds, interval) takes, typed.
 */
struct scn_common {
	bool concurrent;
	uint64_t delay_s;
	uint64_t timeout_s;		/* 0: the workload's default */
	const char *after;
	uint64_t rounds;
	uint64_t interval_s;
};

/* A workload or fault section of a scenario. */
struct scn_section {
	const char *name;
	unsigned int line;
	const struct workload *workload;	/* exactly one of these two */
	const struct fault *fault;
	struct scn_params params;	/* params.opts: its own options, typed */
	struct scn_common common;
};

struct scenario {
	char *name;			/* file name without .scn */
	char *path;
	char hash[65];			/* sha256 of the file's bytes */
	struct scn_params global;
	struct scn_section *sections;
	size_t nsections;
};

/* Options of the [scenario] section, and of every workload section. */
extern const struct scn_option scenario_options[];
extern const struct scn_option workload_common_options[];

/*
 * Parse a scenario from text; @path names it in messages.  On error returns
 * NULL and writes "path:line: message" to @err.
 */
struct scenario *scenario_parse_text(const char *path, const char *text,
				     char *err, size_t errlen);
struct scenario *scenario_load(const char *path, char *err, size_t errlen);
void scenario_free(struct scenario *s);
/*
 * Make @s a soak of @soak_s seconds: its soak key, each workload's duration,
 * and each timeout (its margin over the duration kept, 15 min at least).
 */
int scenario_apply_soak(struct scenario *s, uint64_t soak_s, char *err, size_t errlen);

/*
 * Copy the values of @table's options from @p into @dst at each option's
 * offset.  The text and words point into @p: fill again after changing it.
 */
void scn_fill(const struct scn_params *p, const struct scn_option *table, void *dst);
/* A SIZE in MiB, resolving "Nx" against the client's memory. */
uint64_t scn_size_to_mib(struct scn_size size, uint64_t client_mem_mib);
/* @word is in @w, or @w holds "all". */
bool scn_words_have(const struct scn_words *w, const char *word);

/*
 * Access by key, for the [scenario] section and tests; the key must exist
 * in the option table.
 */
const struct scn_value *scn_get(const struct scn_params *p, const char *key);
uint64_t scn_num(const struct scn_params *p, const char *key);
bool scn_flag(const struct scn_params *p, const char *key);
const char *scn_text(const struct scn_params *p, const char *key);
/* A SIZE in MiB, resolving "Nx" against the client's memory. */
uint64_t scn_size_mib(const struct scn_params *p, const char *key,
		      uint64_t client_mem_mib);
bool scn_has_word(const struct scn_params *p, const char *key,
		  const char *word);

/* Shorthands for the [scenario] section. */
uint64_t scenario_client_mem_mib(const struct scenario *s);
const struct scn_section *scenario_section(const struct scenario *s,
					   const char *name);

/* Parse one value of an option; 0 or -1 with a reason in @err. */
int scn_parse_value(const struct scn_option *opt, const char *text,
		    struct scn_value *out, char *err, size_t errlen);
void scn_value_clear(struct scn_value *v);
void scn_params_clear(struct scn_params *p);
const struct scn_option *scn_find_option(const struct scn_option *table,
					 const char *key);
/* "a, b, c" of an option table's keys, for messages. */
void scn_option_keys(const struct scn_option *table, char *buf, size_t len);

#endif
