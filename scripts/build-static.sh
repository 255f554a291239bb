#!/usr/bin/env bash
# The release build everything installed or measured is made of: the Swift
# runtime linked in (--static-swift-stdlib: no Swift toolchain needed at run
# time), in .build-static, and no $ORIGIN RUNPATH (--disable-local-rpath:
# with it, the loader looked for each of the system libraries in the build
# folder first, one failed openat each at every start).
#   scripts/build-static.sh PRODUCT…    (default: gesture-bridge gesture-bridge-daemon)
# Each function in a section of its own (Swift's -function-sections, C's
# -ffunction-sections; the Swift runtime's archives have them already): the
# linker drops what nothing calls (--gc-sections, 150 kB of the daemon) and
# can place the daemon's running functions side by side (Package.swift,
# scripts/daemon.order).
# Output goes to stderr. Used by install.sh, deb.sh, the benchmarks and the E2E VM.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- gesture-bridge gesture-bridge-daemon
# Public symbols internalized at the link (-internalize-at-link: an executable
# is the whole link unit): without it Swift marks every public function and
# global retained (SHF_GNU_RETAIN), and --gc-sections kept what only the
# command calls (the daemon carried GestureTraces' teaching corpus, 170 kB of
# trace text, and its code: 0.6 MB of the stripped daemon).
#
# Exclusivity is checked when compiling only (-enforce-exclusivity=unchecked):
# Swift's run-time check of each access to a class's stored property or a
# global (swift_beginAccess: a thread-local set searched and grown, about 150
# instructions) was 10 % of what a touchscreen swipe costs the daemon, 380
# checks per swipe (docs/performance.md, "Per touch event"). The debug build
# `swift test` runs, the daemon's own tests included, keeps the check.
sections=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -internalize-at-link
          -Xcc -ffunction-sections -Xcc -fdata-sections -Xswiftc -enforce-exclusivity=unchecked)
# SwiftPM does not compile a module again when only these flags change: a
# build folder made without them (or with others) is cleaned once.
if [ "$(cat .build-static/flags 2>/dev/null)" != "${sections[*]}" ]; then
  [ -d .build-static ] && swift package --scratch-path .build-static clean >&2
  mkdir -p .build-static && echo "${sections[*]}" > .build-static/flags
fi
# libstdc++'s archive alone in a folder, which the daemon's link searches
# before the compiler's (Package.swift): the daemon links it in. Without it
# (no C++ compiler to ask), libstdc++ stays shared.
archive=$( (c++ -print-file-name=libstdc++.a || clang++ -print-file-name=libstdc++.a) 2>/dev/null || true)
if [ -f "$archive" ]; then
  mkdir -p .build-static/static-libstdc++ && ln -sfn "$archive" .build-static/static-libstdc++/libstdc++.a
fi
for product in "$@"; do
  swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build-static "${sections[@]}" \
    --product "$product" >&2
done
