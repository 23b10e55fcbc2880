#!/bin/bash
# The same bring-up, swap and tear-down as 21-lab-up-patched.t, on the
# stock client kernel.
VARIANT=stock exec "$(dirname "$0")/21-lab-up-patched.t"
