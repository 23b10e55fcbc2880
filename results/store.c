// SPDX-License-Identifier: GPL-2.0
/* The SQLite results store: schema, opening, putting and getting runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/exit_codes.h"
#include "store.h"

#define STORE_SCHEMA_VERSION 1

static const char schema_sql[] =
	"CREATE TABLE kernels ("
	" id INTEGER PRIMARY KEY,"
	" variant TEXT NOT NULL, release TEXT NOT NULL,"
	" series_hash TEXT NOT NULL, config_hash TEXT NOT NULL,"
	" commit_id TEXT NOT NULL,"
	" UNIQUE (variant, release, series_hash, config_hash, commit_id));"
	"CREATE TABLE scenarios ("
	" id INTEGER PRIMARY KEY,"
	" name TEXT NOT NULL, file TEXT NOT NULL, hash TEXT NOT NULL,"
	" UNIQUE (name, file, hash));"
	"CREATE TABLE runs ("
	" id TEXT PRIMARY KEY,"
	" suite TEXT NOT NULL,"
	" scenario_id INTEGER NOT NULL REFERENCES scenarios,"
	" label TEXT NOT NULL,"
	" repetition INTEGER NOT NULL,"
	" kernel_id INTEGER NOT NULL REFERENCES kernels,"
	" server_kernel_id INTEGER NOT NULL REFERENCES kernels,"
	" swap_target TEXT NOT NULL, params TEXT NOT NULL, host TEXT NOT NULL,"
	" started TEXT NOT NULL, finished TEXT NOT NULL,"
	" verdict TEXT NOT NULL CHECK (verdict IN ('pass', 'fail', 'error')),"
	" dir TEXT NOT NULL,"
	" meta_json TEXT NOT NULL, checks_json TEXT NOT NULL,"
	" metrics_json TEXT NOT NULL);"
	"CREATE TABLE checks ("
	" run_id TEXT NOT NULL REFERENCES runs ON DELETE CASCADE,"
	" name TEXT NOT NULL,"
	" verdict TEXT NOT NULL CHECK (verdict IN ('pass', 'fail', 'skip')),"
	" reason TEXT NOT NULL,"
	" PRIMARY KEY (run_id, name));"
	"CREATE TABLE metrics ("
	" run_id TEXT NOT NULL REFERENCES runs ON DELETE CASCADE,"
	" name TEXT NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL,"
	" direction TEXT NOT NULL CHECK (direction IN ('higher', 'lower')),"
	" PRIMARY KEY (run_id, name));"
	/* What compare, report and export select from. */
	"CREATE VIEW run_info AS"
	" SELECT r.id, r.suite, s.name AS scenario, r.label, r.repetition,"
	"  r.started, r.finished, r.verdict, r.swap_target, r.dir,"
	"  k.variant, k.release, k.series_hash, k.config_hash, k.commit_id"
	" FROM runs r JOIN scenarios s ON s.id = r.scenario_id"
	" JOIN kernels k ON k.id = r.kernel_id;"
	"PRAGMA user_version = 1;";

static int schema_version(sqlite3 *db)
{
	sqlite3_stmt *st;
	int v = -1;

	if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL))
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

static int count_runs(sqlite3 *db)
{
	sqlite3_stmt *st;
	int n = 0;

	if (sqlite3_prepare_v2(db, "SELECT count(*) FROM runs", -1, &st, NULL))
		return 0;
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* A database that is not ours, or corrupt: say so and how to rebuild it. */
static int refuse(sqlite3 *db, const char *path, const char *what)
{
	fprintf(stderr, "swaplab: %s: %s\n"
		"swaplab: the store is only a cache of the run directories: move it "
		"away and run `swaplab import` to rebuild it\n", path, what);
	sqlite3_close(db);
	return EXIT_ENV;
}

static int check_schema(sqlite3 *db, const char *path, bool writable)
{
	int v = schema_version(db);

	if (v < 0)
		return refuse(db, path, sqlite3_errmsg(db));
	if (v == 0 && writable) {
		if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) ||
		    sqlite3_exec(db, schema_sql, NULL, NULL, NULL) ||
		    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL))
			return refuse(db, path, sqlite3_errmsg(db));
		v = STORE_SCHEMA_VERSION;
	}
	if (v != STORE_SCHEMA_VERSION)
		return refuse(db, path, "not a swaplab results store of schema 1");
	return 0;
}

int store_open(const char *path, bool writable, sqlite3 **dbp)
{
	int flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE :
			       SQLITE_OPEN_READONLY;
	sqlite3 *db;
	int ret;

	if (!writable && access(path, F_OK)) {
		fprintf(stderr, "swaplab: no results store at %s: run `swaplab import` "
			"(or `make report`) after `make run`\n", path);
		return EXIT_USAGE;
	}
	if (sqlite3_open_v2(path, &db, flags, NULL)) {
		fprintf(stderr, "swaplab: cannot open %s: %s\n", path, sqlite3_errmsg(db));
		sqlite3_close(db);
		return EXIT_ENV;
	}
	sqlite3_busy_timeout(db, 10000);
	sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	ret = check_schema(db, path, writable);
	if (ret)
		return ret;
	if (!writable && !count_runs(db)) {
		fprintf(stderr, "swaplab: the results store %s is empty: `make run` "
			"writes runs, `swaplab import` stores them\n", path);
		sqlite3_close(db);
		return EXIT_USAGE;
	}
	*dbp = db;
	return 0;
}

void store_close(sqlite3 *db)
{
	sqlite3_close(db);
}

/* Bind every '?' of @sql to the strings given, run it, return the last rowid. */
static int exec_bound(sqlite3 *db, const char *sql, int n, const char *const *args,
		      sqlite3_int64 *rowid)
{
	sqlite3_stmt *st;
	int i, rc;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL))
		return -1;
	for (i = 0; i < n; i++)
		sqlite3_bind_text(st, i + 1, args[i], -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && rowid)
		*rowid = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

static int kernel_id(sqlite3 *db, const struct run_kernel *k, sqlite3_int64 *id)
{
	const char *args[] = { k->variant, k->release, k->series_hash,
			       k->config_hash, k->commit };

	if (exec_bound(db, "INSERT OR IGNORE INTO kernels (variant, release, "
		       "series_hash, config_hash, commit_id) VALUES (?, ?, ?, ?, ?)",
		       5, args, NULL))
		return -1;
	return exec_bound(db, "SELECT id FROM kernels WHERE variant = ? AND "
			  "release = ? AND series_hash = ? AND config_hash = ? "
			  "AND commit_id = ?", 5, args, id);
}

static int scenario_id(sqlite3 *db, const struct run_record *rec, sqlite3_int64 *id)
{
	const char *args[] = { rec->scenario, rec->scenario_file, rec->scenario_hash };

	if (exec_bound(db, "INSERT OR IGNORE INTO scenarios (name, file, hash) "
		       "VALUES (?, ?, ?)", 3, args, NULL))
		return -1;
	return exec_bound(db, "SELECT id FROM scenarios WHERE name = ? AND "
			  "file = ? AND hash = ?", 3, args, id);
}

static int insert_run_row(sqlite3 *db, const struct run_record *rec)
{
	sqlite3_int64 kid, skid, sid;
	char kbuf[24], skbuf[24], sbuf[24], rep[16];
	const char *args[17];

	if (kernel_id(db, &rec->kernel, &kid) ||
	    kernel_id(db, &rec->server_kernel, &skid) || scenario_id(db, rec, &sid))
		return -1;
	snprintf(kbuf, sizeof(kbuf), "%lld", (long long)kid);
	snprintf(skbuf, sizeof(skbuf), "%lld", (long long)skid);
	snprintf(sbuf, sizeof(sbuf), "%lld", (long long)sid);
	snprintf(rep, sizeof(rep), "%d", rec->repetition);
	args[0] = rec->id;
	args[1] = rec->suite;
	args[2] = sbuf;
	args[3] = rec->label;
	args[4] = rep;
	args[5] = kbuf;
	args[6] = skbuf;
	args[7] = rec->swap_target;
	args[8] = rec->params_json;
	args[9] = rec->host_json;
	args[10] = rec->started;
	args[11] = rec->finished;
	args[12] = rec->verdict;
	args[13] = rec->dir;
	args[14] = rec->meta_text;
	args[15] = rec->checks_text;
	args[16] = rec->metrics_text;
	return exec_bound(db, "INSERT INTO runs (id, suite, scenario_id, label, "
			  "repetition, kernel_id, server_kernel_id, swap_target, "
			  "params, host, started, finished, verdict, dir, meta_json, "
			  "checks_json, metrics_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
			  "?, ?, ?, ?, ?, ?, ?, ?, ?)", 17, args, NULL);
}

static int insert_details(sqlite3 *db, const struct run_record *rec)
{
	sqlite3_stmt *st;
	size_t i;
	int rc = SQLITE_DONE;

	for (i = 0; i < rec->n_checks; i++) {
		const struct run_check *c = &rec->checks[i];
		const char *args[] = { rec->id, c->name, c->verdict, c->reason };

		if (exec_bound(db, "INSERT INTO checks (run_id, name, verdict, reason) "
			       "VALUES (?, ?, ?, ?)", 4, args, NULL))
			return -1;
	}
	if (sqlite3_prepare_v2(db, "INSERT INTO metrics (run_id, name, value, unit, "
			       "direction) VALUES (?, ?, ?, ?, ?)", -1, &st, NULL))
		return -1;
	for (i = 0; i < rec->n_metrics && rc == SQLITE_DONE; i++) {
		const struct run_metric *m = &rec->metrics[i];

		sqlite3_reset(st);
		sqlite3_bind_text(st, 1, rec->id, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, m->name, -1, SQLITE_STATIC);
		sqlite3_bind_double(st, 3, m->value);
		sqlite3_bind_text(st, 4, m->unit, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, m->direction, -1, SQLITE_STATIC);
		rc = sqlite3_step(st);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* Is the stored copy of @rec the same?  1 same, 0 different, -1 absent. */
static int compare_stored(sqlite3 *db, const struct run_record *rec)
{
	sqlite3_stmt *st;
	int ret = -1;

	if (sqlite3_prepare_v2(db, "SELECT meta_json, checks_json, metrics_json, dir "
			       "FROM runs WHERE id = ?", -1, &st, NULL))
		return -1;
	sqlite3_bind_text(st, 1, rec->id, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		ret = !strcmp((const char *)sqlite3_column_text(st, 0), rec->meta_text) &&
		      !strcmp((const char *)sqlite3_column_text(st, 1), rec->checks_text) &&
		      !strcmp((const char *)sqlite3_column_text(st, 2), rec->metrics_text) &&
		      !strcmp((const char *)sqlite3_column_text(st, 3), rec->dir);
	sqlite3_finalize(st);
	return ret;
}

int store_put_run(sqlite3 *db, const struct run_record *rec,
		  enum store_outcome *outcome, char *why, size_t len)
{
	const char *id[] = { rec->id };
	int stored = compare_stored(db, rec);

	if (stored == 1) {
		*outcome = STORE_UNCHANGED;
		return 0;
	}
	*outcome = stored == 0 ? STORE_UPDATED : STORE_ADDED;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL))
		goto fail;
	if (exec_bound(db, "DELETE FROM runs WHERE id = ?", 1, id, NULL) ||
	    insert_run_row(db, rec) || insert_details(db, rec) ||
	    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL))
		goto rollback;
	return 0;
rollback:
	snprintf(why, len, "store: %s", sqlite3_errmsg(db));
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
fail:
	snprintf(why, len, "store: %s", sqlite3_errmsg(db));
	return -1;
}

int store_get_run(sqlite3 *db, const char *id, struct run_record *rec,
		  char *why, size_t len)
{
	sqlite3_stmt *st;
	int ret = -1;

	if (sqlite3_prepare_v2(db, "SELECT meta_json, checks_json, metrics_json, dir "
			       "FROM runs WHERE id = ?", -1, &st, NULL)) {
		snprintf(why, len, "store: %s", sqlite3_errmsg(db));
		return -1;
	}
	sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW) {
		snprintf(why, len, "no run '%s' in the store", id);
	} else if (!rundir_parse((const char *)sqlite3_column_text(st, 0),
				 (const char *)sqlite3_column_text(st, 1),
				 (const char *)sqlite3_column_text(st, 2), rec, why, len)) {
		rec->dir = strdup((const char *)sqlite3_column_text(st, 3));
		ret = 0;
	}
	sqlite3_finalize(st);
	return ret;
}
