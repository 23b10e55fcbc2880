#!/bin/sh
# The series applies with git am to a fresh pristine tree, and every patch is
# checkpatch --strict clean (0 errors, 0 warnings).  The per-patch build, W=1
# and sparse run in `make kernel-check` (they take an hour of CPU).
cd "$(dirname "$0")/.." && exec kernel/check-series.sh --quick
