/* SPDX-License-Identifier: GPL-2.0 */
/* Exports of one stored run for other systems: JUnit XML and KCIDB JSON. */
#ifndef SWAPLAB_RESULTS_EXPORT_H
#define SWAPLAB_RESULTS_EXPORT_H

#include <stdio.h>

#include "known.h"
#include "rundir.h"

/* JUnit XML for CI servers: one testsuite, one testcase per check. */
void export_junit(FILE *f, const struct run_record *rec, const struct known_failures *kf);

/* KCIDB (schema 4.4): the checkout, the build, a test per check and per metric. */
void export_kcidb(FILE *f, const struct run_record *rec, const struct known_failures *kf);

#endif
