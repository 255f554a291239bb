#!/usr/bin/env bash
# The release build everything installed or measured is made of: the Swift
# runtime linked in (--static-swift-stdlib: no Swift toolchain needed at run
# time), in .build-static, and no $ORIGIN RUNPATH (--disable-local-rpath:
# with it, the loader looked for each of the system libraries in the build
# folder first, one failed openat each at every start).
#   scripts/build-static.sh PRODUCT…    (default: gesture-bridge gesture-bridge-daemon)
# Output goes to stderr. Used by install.sh, deb.sh, the benchmarks and the E2E VM.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- gesture-bridge gesture-bridge-daemon
for product in "$@"; do
  swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build-static --product "$product" >&2
done
