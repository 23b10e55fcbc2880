#!/bin/sh
# Build-and-boot smoke: the stock and patched kernels boot under QEMU TCG with
# a tiny init that reports uname -r and which swap-path symbols the kernel
# has.  The stock kernel must still show ->swap_rw's implementations, so the
# check is shown to tell the two apart.
cd "$(dirname "$0")/.." && exec kernel/smoke.sh stock patched
