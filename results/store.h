/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The results store: results/swaplab.db, a SQLite cache of results/runs/.
 * It can always be rebuilt from the run directories, which stay the source
 * of truth; the raw JSON of every run is kept so a rebuild is exact.
 */
#ifndef SWAPLAB_RESULTS_STORE_H
#define SWAPLAB_RESULTS_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include <sqlite3.h>

#include "rundir.h"

#define STORE_DEFAULT_PATH "results/swaplab.db"

enum store_outcome { STORE_ADDED, STORE_UPDATED, STORE_UNCHANGED };

/*
 * Open the store.  Read-only opens refuse a missing or empty store with a
 * message naming the fix.  Returns 0 or an EXIT_* code (common/exit_codes.h) after
 * printing the reason to stderr.
 */
int store_open(const char *path, bool writable, sqlite3 **dbp);
void store_close(sqlite3 *db);

/* Store one run in a single transaction: all of it, or nothing. */
int store_put_run(sqlite3 *db, const struct run_record *rec,
		  enum store_outcome *outcome, char *why, size_t len);

/* Read a stored run back as a record; -1 if @id is not in the store. */
int store_get_run(sqlite3 *db, const char *id, struct run_record *rec,
		  char *why, size_t len);

#endif
